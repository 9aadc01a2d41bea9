import NibModel

extension ClassLookup {
    /// What a lookup over a class chain found.
    public enum Answer: String, Sendable {
        /// A class of the chain declares it.
        case found
        /// Every class of the chain is described and none declares it.
        case missing
        /// The chain reaches a class nobody describes (not in the table, not a framework class
        /// nibviz knows): the answer is unknown, never an error (R-SRC-3).
        case unknown
    }

    /// Whether `setValue:forKey:` finds `key` on instances of `name` (R-OUT-1's search).
    public func keyValueAnswer(_ name: String, key: String) -> Answer {
        let capital = key.prefix(1).uppercased() + key.dropFirst()
        let ivars: Set<String> = ["_\(key)", "_is\(capital)", key, "is\(capital)"]
        let found = answer(name, { $0.keys.contains(key) || !ivars.isDisjoint(with: $0.ivars) }, { $0.keys.contains(key) })
        // A documented read-only property of a framework class has no setter, and whether KVC
        // then finds a `_key` instance variable depends on the framework's private storage.
        guard found == .missing, chain(name).contains(where: { FrameworkClasses.readOnlyKeys[$0]?.contains(key) == true }) else {
            return found
        }
        return .unknown
    }

    /// Whether `setValue:forKeyPath:` of a runtime attribute finds `key` (R-NIB-8): as
    /// `keyValueAnswer`, except that a UIKit or AppKit class of the chain that does not list the
    /// key answers `.unknown` — the curated tables list the keys outlets and bindings use, not
    /// every property a runtime attribute may set (`NSSplitView.dividerColor`, `layer.cornerRadius`).
    public func runtimeAttributeAnswer(_ name: String, key: String) -> Answer {
        let answer = keyValueAnswer(name, key: key)
        guard answer == .missing, chain(name).contains(where: Self.isFrameworkClass) else { return answer }
        return .unknown
    }

    /// Whether instances of `name` implement the action `selector` (R-ACT-4's check).
    public func actionAnswer(_ name: String, selector: String) -> Answer {
        answer(name, { $0.actions.contains(selector) }, { $0.actions.contains(selector) })
    }

    /// The superclass chain of `name` as far as the table and the framework classes know it,
    /// `name` first.
    public func chain(_ name: String) -> [String] {
        var result: [String] = []
        var current: String? = name
        while let className = current, !result.contains(className) {
            result.append(className)
            current = entry(className)?.superclass ?? FrameworkClasses.entry(className)?.superclass
        }
        return result
    }

    /// Whether nibviz knows `name` as a UIKit or AppKit class (the curated table, R-SRC-3).
    public static func isFrameworkClass(_ name: String) -> Bool { FrameworkClasses.entry(name) != nil }

    /// The framework superclass of a framework class, if the table knows it.
    public static func frameworkSuperclass(_ name: String) -> String? { FrameworkClasses.entry(name)?.superclass }

    /// The KVC keys a framework class itself brings (not its superclasses').
    public static func frameworkKeys(_ name: String) -> [String] { FrameworkClasses.entry(name)?.keys ?? [] }
}

extension ClassLookup {
    /// The actions a framework class itself implements (not its superclasses').
    public static func frameworkActions(_ name: String) -> [String] { FrameworkClasses.entry(name)?.actions ?? [] }
}

extension ClassLookup {
    /// Every action selector of the curated framework table (R-CHK-3's "a framework class implements it").
    public static let allFrameworkActions: Set<String> = FrameworkClasses.allActions
}

extension FrameworkClasses {
    static let allActions: Set<String> = Set((Array(uiKit.values) + Array(appKit.values)).flatMap(\.actions))
}
