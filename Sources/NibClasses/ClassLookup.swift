import NibModel

/// Questions about classes, answered from the scenario's class table, then the framework table,
/// then the no-table conventions of R-CONV-3 and Appendix D.
public struct ClassLookup: Sendable {
    /// The class table (a scenario's `classes:` or one derived from sources); nil when none.
    /// Read through `entry`, which sees `replaced` over it.
    private let table: [String: ClassInfo]?
    /// One entry that stands over `table`'s (nil info: no entry): a check asks about one object's
    /// class as its module resolves it, and copying a 1,500-class table for each object was
    /// most of `check`'s time on a large app.
    private let replaced: (name: String, info: ClassInfo?)?

    /// A lookup over `table`.
    public init(table: [String: ClassInfo]?) {
        self.table = table
        replaced = nil
    }

    /// A lookup over `table` with `name`'s entry replaced by `info` (removed when nil).
    public init(table: [String: ClassInfo], replacing name: String, with info: ClassInfo?) {
        self.table = table
        replaced = (name, info)
    }

    /// Whether there is a class table at all.
    public var hasTable: Bool { table != nil }

    /// The table's entry for `name`.
    public func entry(_ name: String) -> ClassInfo? {
        if let replaced, replaced.name == name { return replaced.info }
        return table?[name]
    }

    /// Selectors a class "described only by name" does not override (Appendix E.1).
    static let notOverriddenByDefault: Set<String> = [
        "awakeAfterUsingCoder:", "setView:", "loadViewIfNeeded", "willMoveToParentViewController:",
        "didMoveToParentViewController:", "prepareForInterfaceBuilder",
    ]

    /// A user class is traced at L1 (R-CONV-3 clarified).
    public func isUser(_ name: String) -> Bool {
        if let info = entry(name) { return info.isUser }
        if FrameworkClasses.entry(name) != nil { return false }
        return !(name.hasPrefix("UI") || name.hasPrefix("NS"))
    }

    /// Whether `name` (or a user superclass) overrides `selector` (R-CONV-7, E.1).
    public func overrides(_ name: String, _ selector: String) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let className = current, !seen.contains(className) {
            seen.insert(className)
            guard let info = entry(className) else {
                return current == name && isUser(name) && !Self.notOverriddenByDefault.contains(selector)
            }
            guard info.isUser else { return false }
            if let list = info.overrides {
                if list.contains(selector) { return true }
            } else if !Self.notOverriddenByDefault.contains(selector) {
                return true
            }
            current = info.superclass
        }
        return false
    }

    /// Whether a lifecycle line for `selector` on `name` is traced (user class that overrides it).
    public func traces(_ name: String, _ selector: String) -> Bool { isUser(name) && overrides(name, selector) }

    /// The behaviour flags of `name` (the nearest table entry up the chain).
    public func behaviour(_ name: String) -> ClassBehaviour { entry(name)?.behaviour ?? ClassBehaviour() }

    /// Walks the class chain; `test` answers per table entry, `frameworkTest` per framework entry.
    /// A class nobody describes counts as compliant (no table, a class the table does not
    /// mention, or a chain that reaches a superclass nobody describes, R-SRC-3): the run assumes
    /// every key exists rather than invent failures.
    private func search(_ name: String, _ test: (ClassInfo) -> Bool, _ frameworkTest: (FrameworkClasses.Entry) -> Bool) -> Bool {
        answer(name, test, frameworkTest) != .missing
    }

    /// The three-valued walk behind every lookup: `.found` when a class of the chain has it,
    /// `.unknown` when the chain reaches a class nobody describes (R-SRC-3), else `.missing`.
    func answer(_ name: String, _ test: (ClassInfo) -> Bool, _ frameworkTest: (FrameworkClasses.Entry) -> Bool) -> Answer {
        guard hasTable else { return .unknown }
        var current: String? = name
        var seen: Set<String> = []
        while let className = current, !seen.contains(className) {
            seen.insert(className)
            if let info = entry(className) {
                if test(info) { return .found }
                current = info.superclass
            } else if let entry = FrameworkClasses.entry(className) {
                if frameworkTest(entry) { return .found }
                current = entry.superclass
            } else {
                return .unknown
            }
        }
        return .missing
    }

    /// iOS KVC `setValue:forKey:` search: `set<Key>:`, `_set<Key>:`, then ivars (R-OUT-1).
    public func isKeyValueCompliant(_ name: String, key: String) -> Bool { keyValueAnswer(name, key: key) != .missing }

    /// AppKit: whether the class has `set<Key>:` (R-OUT-2).
    public func hasSetter(_ name: String, key: String) -> Bool {
        search(name, { $0.keys.contains(key) }, { $0.keys.contains(key) })
    }

    /// AppKit: the instance variable an outlet is assigned to, if any (R-OUT-2).
    public func ivar(_ name: String, key: String) -> String? {
        guard hasTable else { return nil }
        var current: String? = name
        var seen: Set<String> = []
        while let className = current, !seen.contains(className), let info = entry(className) {
            seen.insert(className)
            if info.ivars.contains(key) { return key }
            if info.ivars.contains("_\(key)") { return "_\(key)" }
            current = info.superclass
        }
        return nil
    }

    /// AppKit: whether instances respond to an action selector (R-ACT-4).
    public func respondsTo(_ name: String, action: String) -> Bool { actionAnswer(name, selector: action) != .missing }

    /// The class name as logs print it: module-qualified for Swift classes (R-OUT-3); the
    /// entry's own name for a class a document names otherwise (a renamed class by its Swift
    /// name: `GameTableView` is `OEGameTableView` to the runtime, R-SRC-1).
    public func qualifiedName(_ name: String) -> String {
        guard let entry = entry(name) else { return name }
        guard let module = entry.swiftModule else { return entry.name.isEmpty ? name : entry.name }
        return "\(module).\(name)"
    }

    /// The first class up `name`'s chain (itself included) that neither the table nor the
    /// framework table knows: code nibviz was not given (a pod, a framework); nil when the
    /// chain ends at a known root.
    public func firstUnknownAncestor(of name: String) -> String? {
        var current: String? = name
        var seen: Set<String> = []
        while let className = current, seen.insert(className).inserted {
            guard let step = superclass(of: className) else { return className }
            current = step
        }
        return nil
    }

    /// A known class's superclass (`.some(nil)` for a root): the table's, else the framework
    /// table's (a table entry for a framework class may leave it out); nil when neither knows
    /// the class.
    private func superclass(of name: String) -> String?? {
        let info = entry(name)
        if let superclass = info?.superclass { return .some(superclass) }
        if let framework = FrameworkClasses.entry(name) { return .some(framework.superclass) }
        return info == nil ? nil : .some(nil)
    }

    /// Whether the class (or an ancestor) is `ancestor`.
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let className = current, !seen.contains(className) {
            if className == ancestor { return true }
            seen.insert(className)
            current = superclass(of: className) ?? nil
        }
        return false
    }
}
