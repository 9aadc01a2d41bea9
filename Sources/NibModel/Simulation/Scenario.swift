/// Everything one simulation run needs: platform, versions, bundle, classes, nibs and steps (SPEC §0.1).
public struct Scenario: Hashable, Sendable {
    /// The scenario file as the user named it (or the document, for a bare .xib run).
    public var file: String
    /// A one-line description.
    public var title: String?
    /// `ios` or `macos`.
    public var platform: Platform
    /// The OS the app runs on (⏱ rules).
    public var osVersion: OSVersion
    /// The SDK the app was linked against; defaults to `osVersion`.
    public var sdkVersion: OSVersion
    /// iOS device family.
    public var idiom: Idiom
    /// The app bundle: its path and compiled resources.
    public var bundle: AppBundle
    /// The class table; nil when the scenario has none (then every outlet key is assumed to exist).
    public var classes: [String: ClassInfo]?
    /// Objects that exist before the first step (created by test code, not traced).
    public var objects: [ScenarioObject]
    /// KVO registrations (R-OUT-5).
    public var observers: [KVOObserver]
    /// The documents steps may load, by name (`CardView`, `Main`).
    public var nibs: [ScenarioNib]
    /// What happens, in order.
    public var steps: [ScenarioStep]
    /// Trace level.
    public var traceLevel: TraceLevel
    /// Appendix C flags.
    public var flags: SimulationFlags

    /// Creates a scenario.
    public init(
        file: String, title: String? = nil, platform: Platform, osVersion: OSVersion? = nil,
        sdkVersion: OSVersion? = nil, idiom: Idiom = .phone, bundle: AppBundle = AppBundle(),
        classes: [String: ClassInfo]? = nil, objects: [ScenarioObject] = [], observers: [KVOObserver] = [],
        nibs: [ScenarioNib] = [], steps: [ScenarioStep] = [], traceLevel: TraceLevel = .l2,
        flags: SimulationFlags = SimulationFlags()
    ) {
        let os = osVersion ?? Scenario.defaultOSVersion(for: platform)
        self.file = file
        self.title = title
        self.platform = platform
        self.osVersion = os
        self.sdkVersion = sdkVersion ?? os
        self.idiom = idiom
        self.bundle = bundle
        self.classes = classes
        self.objects = objects
        self.observers = observers
        self.nibs = nibs
        self.steps = steps
        self.traceLevel = traceLevel
        self.flags = flags
    }

    /// The OS version a scenario gets when it names none: iOS 17.0, macOS 14.0.
    public static func defaultOSVersion(for platform: Platform) -> OSVersion {
        platform.usesAppKit ? OSVersion(14, 0) : OSVersion(17, 0)
    }

    /// The nib named `name`, if the scenario declares it.
    public func nib(named name: String) -> ScenarioNib? { nibs.first { $0.name == name } }
}

/// The app bundle a scenario runs in (R-NN resolution, R-NIB-6 messages).
public struct AppBundle: Hashable, Sendable, Codable {
    /// The bundle path printed in messages (`/App.app`).
    public var path: String
    /// Compiled resources beyond the scenario's nibs (`MyView.nib`, `Main.storyboardc`).
    public var resources: [String]

    /// Creates a bundle.
    public init(path: String = "/App.app", resources: [String] = []) {
        self.path = path
        self.resources = resources
    }
}

/// A document a scenario can load, inline or from a file beside the scenario.
public struct ScenarioNib: Hashable, Sendable {
    /// The name steps use (`CardView`); the compiled resource is `<name>.nib` or `<name>.storyboardc`.
    public var name: String
    /// The path as written in the scenario, when the nib comes from a file.
    public var path: String?
    /// The object graph.
    public var graph: NibGraph
    /// False when the scenario names the nib but the bundle lacks it (missing-nib runs, R-NIB-6).
    public var inBundle: Bool
    /// Objects whose custom class the runtime will not find (R-CHK-9, decided from `--sources`):
    /// object id → the runtime's "Unknown class … in Interface Builder file." line.
    public var classesNotFound: [ObjectID: String] = [:]

    /// Creates a named nib.
    public init(name: String, path: String? = nil, graph: NibGraph, inBundle: Bool = true) {
        self.name = name
        self.path = path
        self.graph = graph
        self.inBundle = inBundle
    }
}

/// An object created by test code before the first step (an owner, an observer, a controller).
public struct ScenarioObject: Hashable, Sendable {
    /// The name steps use to refer to it.
    public var name: String
    /// Its class.
    public var className: String
    /// A label that replaces the class name in lines (R-CONV-1 alias).
    public var label: String?
    /// For view controllers: the nib name given to `initWithNibName:bundle:` (nil stays nil).
    public var nibName: String?
    /// 1-based line in the scenario.
    public var line: Int

    /// Creates an object.
    public init(name: String, className: String, label: String? = nil, nibName: String? = nil, line: Int = 0) {
        self.name = name
        self.className = className
        self.label = label
        self.nibName = nibName
        self.line = line
    }
}

/// `observer` watches `key` of `object` with KVO (R-OUT-5).
public struct KVOObserver: Hashable, Sendable {
    /// The observing object (a scenario object name).
    public var observer: String
    /// The observed object (a scenario object name).
    public var object: String
    /// The observed key.
    public var key: String

    /// Creates a registration.
    public init(observer: String, object: String, key: String) {
        self.observer = observer
        self.object = object
        self.key = key
    }
}
