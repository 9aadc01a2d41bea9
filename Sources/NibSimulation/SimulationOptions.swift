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
    /// A class table (from `--sources`, or a file) under the scenario's own `classes:`: the
    /// scenario's entries win, the table fills in every other class (same value as `classes:`).
    public var classTable: [String: ClassInfo]?
    /// Custom classes the runtime will not find (R-CHK-9, from `--sources`): document file →
    /// object id → the runtime's log line; the objects are built as their element's class.
    public var classesNotFound: [String: [ObjectID: String]] = [:]
    /// How the app meets a storyboard document run bare (`Simulator.run(document:)`,
    /// `Simulator.launch`): launched as the main storyboard, or loaded from code (R-LAUNCH-1).
    public var storyboardRole: StoryboardRole = .assumedMain

    /// Creates options; nil leaves the scenario's value.
    public init(
        platform: Platform? = nil, osVersion: OSVersion? = nil, idiom: Idiom? = nil, traceLevel: TraceLevel? = nil,
        classTable: [String: ClassInfo]? = nil
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.idiom = idiom
        self.traceLevel = traceLevel
        self.classTable = classTable
    }

    /// The scenario with these overrides applied.
    public func applied(to scenario: Scenario) -> Scenario {
        var result = scenario
        if let platform, platform != scenario.platform {
            result.platform = platform
            // Inline nibs follow the scenario's platform; real documents keep their own type.
            result.nibs = scenario.nibs.map { nib in
                guard nib.graph.format == .scenario else { return nib }
                var nib = nib
                nib.graph = Self.retarget(nib.graph, to: platform)
                return nib
            }
        }
        if let osVersion {
            if result.sdkVersion == result.osVersion { result.sdkVersion = osVersion }
            result.osVersion = osVersion
        } else if let platform, platform != scenario.platform {
            result.osVersion = Scenario.defaultOSVersion(for: platform)
            result.sdkVersion = result.osVersion
        }
        if let idiom { result.idiom = idiom }
        if !classesNotFound.isEmpty {
            result.nibs = result.nibs.map { nib in
                var nib = nib
                nib.classesNotFound.merge(classesNotFound[nib.graph.file] ?? [:]) { own, _ in own }
                return nib
            }
        }
        if let classTable { result.classes = classTable.merging(scenario.classes ?? [:]) { _, own in own } }
        if let traceLevel { result.traceLevel = traceLevel }
        return result
    }

    /// An inline graph moved to the other framework: document type, runtime and class prefixes.
    static func retarget(_ graph: NibGraph, to platform: Platform) -> NibGraph {
        var graph = graph
        let touch = !platform.usesAppKit
        graph.platform = platform
        graph.documentType = graph.documentType.replacingOccurrences(
            of: touch ? ".Cocoa." : ".CocoaTouch.", with: touch ? ".CocoaTouch." : ".Cocoa.")
        graph.targetRuntime = touch ? "iOS.CocoaTouch" : "MacOSX.Cocoa"
        let (from, to) = touch ? ("NS", "UI") : ("UI", "NS")
        graph.objects = graph.objects.map { object in
            var object = object
            if object.className.hasPrefix(from), object.className != "NSObject" {
                object.className = to + object.className.dropFirst(2)
            }
            return object
        }
        return graph
    }
}
