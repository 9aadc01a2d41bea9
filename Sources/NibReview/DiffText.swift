import NibModel

/// The plain-text summary `nibviz diff` prints by default: a headline, then one line per change.
public enum DiffText {
    /// The text for `diff` of `title`, ending with a newline.
    public static func render(_ diff: NibDiff, title: String) -> String {
        var lines = ["\(title): \(DiffMarkdown.headline(diff))"]
        let oldNames = ObjectNames(diff.old)
        let newNames = ObjectNames(diff.new)
        for field in diff.document { lines.append("  ~ document \(field.summary)") }
        for change in diff.objects {
            let sign = DiffStatus(change.kind).sign
            if let new = change.new {
                let detail = change.fields.isEmpty ? "" : " (" + change.fields.map(\.summary).joined(separator: "; ") + ")"
                lines.append("  \(sign) object \(newNames.path(new.id)) : \(new.runtimeClass)\(detail)")
            } else if let old = change.old {
                lines.append("  \(sign) object \(oldNames.path(old.id)) : \(old.runtimeClass)")
            }
        }
        for change in diff.connections {
            let sign = DiffStatus(change.kind).sign
            let line: String
            if let new = change.new {
                line = Textconv.connectionLine(new, newNames)
            } else if let old = change.old {
                line = Textconv.connectionLine(old, oldNames)
            } else {
                continue
            }
            let detail = change.fields.isEmpty ? "" : " (" + change.fields.map(\.summary).joined(separator: "; ") + ")"
            lines.append("  \(sign) \(line)\(detail)")
        }
        for consequence in diff.consequences { lines.append("  ! \(consequence.message) [\(consequence.rule)]") }
        for change in diff.cosmetic {
            lines.append("  · cosmetic \(change.name): \(change.fields.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
