import NibModel

/// Command-line style overrides applied on top of a scenario.
public struct SimulationOptions: Hashable, Sendable {
    /// Replaces the scenario's platform.
    public var platform: Platform?
    /// Replaces the scenario's OS version (and the SDK version when the scenario left it implicit).
    public var osVersion: OSVersion?
    /// Replaces the scenario's idiom.
    public var idiom: Idiom?
    /// Replaces the scenario's trace level.
    public var traceLevel: TraceLevel?

    /// Creates options; nil leaves the scenario's value.
    public init(platform: Platform? = nil, osVersion: OSVersion? = nil, idiom: Idiom? = nil, traceLevel: TraceLevel? = nil) {
        self.platform = platform
        self.osVersion = osVersion
        self.idiom = idiom
        self.traceLevel = traceLevel
    }

    /// The scenario with these overrides applied.
    public func applied(to scenario: Scenario) -> Scenario {
        var result = scenario
        if let platform { result.platform = platform }
        if let osVersion {
            if result.sdkVersion == result.osVersion { result.sdkVersion = osVersion }
            result.osVersion = osVersion
        } else if let platform, platform != scenario.platform {
            result.osVersion = Scenario.defaultOSVersion(for: platform)
            result.sdkVersion = result.osVersion
        }
        if let idiom { result.idiom = idiom }
        if let traceLevel { result.traceLevel = traceLevel }
        return result
    }
}
