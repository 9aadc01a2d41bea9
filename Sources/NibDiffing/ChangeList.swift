import NibModel

/// One reported change, flattened: what the text, JSON and Markdown reports list, each fact
/// once, with its category and before → after values.
public struct ChangeEntry: Hashable, Sendable {
    /// What the change is about.
    public enum Subject: String, Hashable, Sendable, Codable {
        case document, object, connection, property
    }

    /// Added, removed or changed.
    public var kind: ChangeKind
    /// Which kind of edit.
    public var category: ChangeCategory
    /// What it is about.
    public var subject: Subject
    /// The readable object (hierarchy path), connection line or `document`.
    public var target: String
    /// The field that changed, for changes of an existing object, connection or property.
    public var field: String?
    /// The value before (nil when added or unset).
    public var before: String?
    /// The value after (nil when removed or unset).
    public var after: String?
    /// For text: the `.strings` key it is translated under.
    public var localizationKey: String?
}

/// Flattens a diff into entries, in a fixed order: document, objects, connections, properties.
public enum ChangeList {
    /// Every change of `diff` once.
    public static func entries(_ diff: NibDiff) -> [ChangeEntry] {
        let oldNames = ObjectNames(diff.old)
        let newNames = ObjectNames(diff.new)
        var result: [ChangeEntry] = diff.document.map {
            ChangeEntry(
                kind: .changed, category: $0.category, subject: .document, target: "document", field: $0.field, before: $0.old,
                after: $0.new)
        }
        for change in diff.objects {
            switch change.kind {
            case .added, .removed:
                guard let object = change.new ?? change.old else { continue }
                let names = change.new == nil ? oldNames : newNames
                let described = object.customClass.map { "\($0) : \(object.className)" } ?? object.className
                result.append(
                    ChangeEntry(
                        kind: change.kind, category: .structure, subject: .object, target: names.labeled(object.id),
                        before: change.kind == .removed ? described : nil, after: change.kind == .added ? described : nil))
            case .changed:
                guard let object = change.new else { continue }
                for field in change.fields {
                    result.append(
                        ChangeEntry(
                            kind: .changed, category: field.category, subject: .object, target: newNames.labeled(object.id),
                            field: field.field, before: field.old, after: field.new))
                }
            }
        }
        for change in diff.connections {
            let line: String
            if let new = change.new {
                line = Textconv.connectionLine(new, newNames)
            } else if let old = change.old {
                line = Textconv.connectionLine(old, oldNames)
            } else {
                continue
            }
            if change.kind == .changed {
                for field in change.fields {
                    result.append(
                        ChangeEntry(
                            kind: .changed, category: field.category, subject: .connection, target: line, field: field.field,
                            before: field.old, after: field.new))
                }
            } else {
                result.append(
                    ChangeEntry(
                        kind: change.kind, category: .connection, subject: .connection, target: line,
                        before: change.kind == .removed ? line : nil, after: change.kind == .added ? line : nil))
            }
        }
        for change in diff.properties {
            result.append(
                ChangeEntry(
                    kind: change.kind, category: change.category, subject: .property, target: change.name, field: change.field,
                    before: change.old, after: change.new, localizationKey: change.localizationKey))
        }
        return result
    }

    /// `field: "old" → "new"` with `∅` for an unset side, quoted so spaces and emptiness show.
    public static func beforeAfter(_ entry: ChangeEntry) -> String {
        func quote(_ value: String?) -> String { value.map { "“\($0)”" } ?? "∅" }
        return "\(quote(entry.before)) → \(quote(entry.after))"
    }
}
