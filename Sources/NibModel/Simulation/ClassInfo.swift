/// What a scenario's class table says about one class (SPEC §0.1).
public struct ClassInfo: Hashable, Sendable, Codable {
    /// The class name as the runtime sees it (no module prefix).
    public var name: String
    /// The superclass (a class of the table or a framework class), if known.
    public var superclass: String?
    /// True for the app's own classes; false for framework classes (R-CONV-3).
    public var isUser: Bool
    /// Swift module, for module-qualified names in logs and nib lookups (R-OUT-3, R-NN-9).
    public var swiftModule: String?
    /// KVC-compliant properties with accessor methods (`set<Key>:`).
    public var keys: [String]
    /// Instance variables (AppKit assigns outlets to them directly, R-OUT-2; KVC finds them, R-OUT-1).
    public var ivars: [String]
    /// Action selectors the class implements (`save:`), checked by AppKit (R-ACT-4).
    public var actions: [String]
    /// Selectors the class overrides; at L1 only these are traced (R-CONV-7). Nil means
    /// "every lifecycle selector" (the convention for classes described only by name).
    public var overrides: [String]?
    /// Behaviour flags of the overrides.
    public var behaviour: ClassBehaviour
    /// 1-based line of the entry in the scenario, for messages.
    public var line: Int
    /// Where the class is declared in the app's sources (`--sources`), for messages; nil for
    /// scenario entries.
    public var source: FileLocation? = nil
    /// Stored properties KVC cannot see (a Swift class's `private` or non-`@objc` ones), kept
    /// so a finding can say the key exists but is hidden; never consulted by the rules.
    public var hiddenKeys: [String] = []

    /// Creates a class entry.
    public init(
        name: String, superclass: String? = nil, isUser: Bool = true, swiftModule: String? = nil,
        keys: [String] = [], ivars: [String] = [], actions: [String] = [], overrides: [String]? = nil,
        behaviour: ClassBehaviour = ClassBehaviour(), line: Int = 0
    ) {
        self.name = name
        self.superclass = superclass
        self.isUser = isUser
        self.swiftModule = swiftModule
        self.keys = keys
        self.ivars = ivars
        self.actions = actions
        self.overrides = overrides
        self.behaviour = behaviour
        self.line = line
    }
}

/// How a class's overrides behave (SPEC §0.1 behaviour flags). Every flag has a default so
/// scenarios name only what differs.
public struct ClassBehaviour: Hashable, Sendable, Codable {
    /// Overrides call `super` unless listed in `withoutSuper` (R-CONV-7, R-AWAKE-5).
    public var callsSuper = true
    /// Selectors whose override does not call `super`.
    public var withoutSuper: [String] = []
    /// A `loadView` override assigns a view (R-LOAD-5/6).
    public var loadViewAssignsView = false
    /// `loadView` reads `self.view` (R-LOAD-6).
    public var loadViewAccessesView = false
    /// `viewDidLoad` reads `self.view` (R-LOAD-6).
    public var viewDidLoadAccessesView = false
    /// An override of the `view` getter calls `super` (R-LOAD-8).
    public var viewGetterCallsSuper = true
    /// `didReceiveMemoryWarning` runs Apple's iOS 6 guard: `none`, `naive` or `checked` (R-MEM-7).
    public var memoryWarningGuard: String? = nil
    /// `awakeAfterUsingCoder:` returns an instance of this class instead of `self` (R-INIT-9).
    public var awakeAfterUsingCoderReturns: String? = nil

    /// The defaults.
    public init() {}

    /// Whether the override of `selector` calls `super`.
    public func callsSuper(_ selector: String) -> Bool { callsSuper && !withoutSuper.contains(selector) }

    /// The flag names a scenario may set, sorted.
    public static let names = [
        "awakeAfterUsingCoderReturns", "callsSuper", "loadViewAccessesView", "loadViewAssignsView",
        "memoryWarningGuard", "viewDidLoadAccessesView", "viewGetterCallsSuper", "withoutSuper",
    ]
}
