import NibModel

/// An edit that breaks code using the old name: a removed or renamed outlet, action, segue
/// identifier, storyboard identifier, reuse identifier or custom class.
public struct Risk: Hashable, Sendable {
    /// What was removed or renamed.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case outlet, action, segueIdentifier, storyboardIdentifier, reuseIdentifier, customClass
    }

    /// What was removed or renamed.
    public var kind: Kind
    /// The old name (property, selector, identifier, class).
    public var old: String
    /// The new name; nil when removed.
    public var new: String?
    /// The object it belongs to, readable.
    public var object: String
    /// The consequence, in one sentence.
    public var message: String
    /// Code that uses the old name (`--sources`), `file:line`.
    public var usages: [SourceUsage]

    /// Creates a risk note.
    public init(kind: Kind, old: String, new: String?, object: String, message: String, usages: [SourceUsage] = []) {
        self.kind = kind
        self.old = old
        self.new = new
        self.object = object
        self.message = message
        self.usages = usages
    }
}

/// Finds the risks of a diff and, with sources, the code that uses each old name.
enum RiskNotes {
    static func risks(_ diff: NibDiff, usages: SourceUsages?) -> [Risk] {
        let oldNames = ObjectNames(diff.old)
        let newNames = ObjectNames(diff.new)
        var result: [Risk] = []
        func add(_ kind: Risk.Kind, _ old: String?, _ new: String?, _ object: String, handedIn: Bool = false) {
            guard let old, !old.isEmpty, old != new else { return }
            let found = usages?.uses(of: old, kind: kind) ?? []
            let text = handedIn && kind == .customClass ? placeholderClassMessage(old, new) : message(kind, old, new)
            result.append(Risk(kind: kind, old: old, new: new, object: object, message: text, usages: found))
        }
        for change in diff.connections {
            guard let old = change.old, change.kind != .added else { continue }
            let object = oldNames.name(old.source)
            let renamed = change.kind == .changed
            switch old.kind {
            case .outlet(let property, _):
                if !renamed || change.fields.contains(where: { $0.field == "property" }) {
                    add(.outlet, property, renamed ? change.fields.first { $0.field == "property" }?.new : nil, object)
                }
            case .outletCollection(let property, _, _):
                // One member more or less leaves the property working; a new name does not.
                if renamed && change.fields.contains(where: { $0.field == "property" }) {
                    add(.outlet, property, renamed ? change.fields.first { $0.field == "property" }?.new : nil, object)
                }
            case .action(let selector, _, _):
                if !renamed || change.fields.contains(where: { $0.field == "selector" }) {
                    add(.action, selector, renamed ? change.fields.first { $0.field == "selector" }?.new : nil, object)
                }
            case .segue(_, let segue):
                if !renamed || change.fields.contains(where: { $0.field == "identifier" }) {
                    add(.segueIdentifier, segue.identifier, renamed ? change.fields.first { $0.field == "identifier" }?.new : nil, object)
                }
            case .binding: break
            }
        }
        for change in diff.objects {
            guard let old = change.old else { continue }
            let object = change.new.map { newNames.name($0.id) } ?? oldNames.name(old.id)
            let gone = change.kind == .removed
            add(.storyboardIdentifier, old.storyboardIdentifier, gone ? nil : change.new?.storyboardIdentifier, object)
            add(.reuseIdentifier, old.attributes["reuseIdentifier"], gone ? nil : change.new?.attributes["reuseIdentifier"], object)
            if !gone { add(.customClass, old.customClass, change.new?.customClass, object, handedIn: old.placeholder != nil) }
        }
        return result
    }

    /// File's Owner and the other placeholders are not created by the nib: the code that loads
    /// it hands the object in (R-NIB-3), so their class in IB only says what that object must be.
    private static func placeholderClassMessage(_ old: String, _ new: String?) -> String {
        let change = changeText(old, new)
        let expected = new.map { "a `\($0)`" } ?? "an object of any class"
        return
            "Custom class \(change) on a placeholder: the nib does not create it; the code that loads the nib hands it in (R-NIB-3) and must now pass \(expected): outlets only that class has raise NSUnknownKeyException on an object without them (R-OUT-1), and its actions go unanswered."
    }

    /// `renamed `old` → `new`` or `` `old` removed``.
    private static func changeText(_ old: String, _ new: String?) -> String {
        new.map { "renamed `\(old)` → `\($0)`" } ?? "`\(old)` removed"
    }

    private static func message(_ kind: Risk.Kind, _ old: String, _ new: String?) -> String {
        let change = changeText(old, new)
        switch kind {
        case .outlet:
            return
                "Outlet \(change): code reading `\(old)` now finds nil (an implicitly unwrapped `@IBOutlet` crashes)\(new.map { "; the nib sets `\($0)`, and a class without that key raises NSUnknownKeyException (R-OUT-1)" } ?? "")."
        case .action:
            return
                "Action \(change): the control no longer sends `\(old)`\(new.map { "; it sends `\($0)`, and a target without that method crashes with unrecognized selector" } ?? "")."
        case .segueIdentifier:
            return
                "Segue identifier \(change): `performSegue(withIdentifier: \"\(old)\")` raises NSInvalidArgumentException (no segue with identifier), and `prepare(for:)` branches on the old name stop matching."
        case .storyboardIdentifier:
            return
                "Storyboard identifier \(change): `instantiateViewController(withIdentifier: \"\(old)\")` raises NSInvalidArgumentException."
        case .reuseIdentifier:
            return
                "Reuse identifier \(change): `dequeueReusableCell(withIdentifier: \"\(old)\")` returns nil or raises (unable to dequeue a cell with identifier)."
        case .customClass:
            return
                "Custom class \(change): the object is created as \(new.map { "`\($0)`" } ?? "its framework class"); casts to `\(old)` fail and outlets or actions only `\(old)` has break."
        }
    }
}
