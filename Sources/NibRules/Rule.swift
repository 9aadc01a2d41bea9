/// A SPEC rule as a named value: every event records the id of the rule that produced it, so
/// the site and the tests can explain and check each step.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// The SPEC id (`R-OUT-1`).
    public let id: String
    /// What the rule says, in a few words.
    public let summary: String
    /// The documentation the rule follows, for rules beyond SPEC (R-LAUNCH, R-SB): Apple's pages
    /// by URL. SPEC rules cite their sources in SPEC.md.
    public let sources: [String]

    /// Creates a rule.
    public init(_ id: String, _ summary: String, sources: [String] = []) {
        self.id = id
        self.summary = summary
        self.sources = sources
    }

    /// The id.
    public var description: String { id }

    /// Every rule the engine implements, grouped by SPEC section, in SPEC order.
    public static var all: [Rule] {
        conventions + nibLoad + instantiation + outlets + actions + bindings + awake + windows + xml + viewLoading + lifecycleRules
            + storyboards + sourceChecks
    }

    /// The rule with `id`, if the engine implements it.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}

extension Rule {
    /// SPEC §0.2.
    public static let conventions: [Rule] = [conv1, conv3, conv5, conv7]
    /// R-CONV-1: `-[Label selector]`, `#id` when two live objects share a label.
    public static let conv1 = Rule("R-CONV-1", "canonical line -[Label selector]; #id suffix for shared labels")
    /// R-CONV-3: trace levels L1/L2/L3.
    public static let conv3 = Rule("R-CONV-3", "trace levels: L1 user lifecycle, L2 connections, L3 internals")
    /// R-CONV-5: SIM-ORDER, document order depth-first.
    public static let conv5 = Rule("R-CONV-5", "unspecified orders follow XML document order")
    /// R-CONV-7: at L1 only overridden selectors are traced; overrides without super skip the default.
    public static let conv7 = Rule("R-CONV-7", "only overridden selectors are traced at L1")
}
