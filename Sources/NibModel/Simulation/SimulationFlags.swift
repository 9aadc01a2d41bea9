/// The switches of SPEC Appendix C, with its defaults.
public struct SimulationFlags: Hashable, Sendable, Codable {
    /// R-NIB-2: outlets, then actions, then bindings (off: one mixed list in source order).
    public var phasedConnections = true
    /// R-INIT-8: macOS custom windows get `initWithContentRect:styleMask:backing:defer:`.
    public var macWindowTemplateInit = false
    /// R-MAC-13: a storyboard window's content VC loads its view before `windowDidLoad`.
    public var macContentVCBeforeWindowDidLoad = true
    /// R-NN-7: iOS < 6 falls back to the class-name nib when an explicit nib is missing.
    public var legacyExplicitNibFallback = false
    /// R-NN-9: Swift classes look up module-qualified nib names; nil means "on for macOS 10.10–10.x".
    public var macQualifiedNibName: Bool? = nil
    /// R-LOAD-7: trace UIKit's internal `loadViewIfNeeded` calls.
    public var traceInternalLoadViewIfNeeded = false
    /// R-LOAD-6: nesting depth of `loadView` re-entry before the simulated stack overflow.
    public var maxLoadViewDepth = 64
    /// R-AWAKE-8: Interface Builder design-time mode (sends `prepareForInterfaceBuilder`).
    public var designTime = false

    /// The defaults of Appendix C.
    public init() {}

    /// The flag names a scenario may set, sorted.
    public static let names = [
        "designTime", "legacyExplicitNibFallback", "macContentVCBeforeWindowDidLoad", "macQualifiedNibName",
        "macWindowTemplateInit", "maxLoadViewDepth", "phasedConnections", "traceInternalLoadViewIfNeeded",
    ]
}
