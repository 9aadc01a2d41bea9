import Foundation
import NibModel

/// The ten-second Markdown summary of a diff: one table per kind, names instead of ids.
public enum DiffMarkdown {
    /// Renders `diff` under a `###` heading naming `title` (usually the file path).
    /// Each table shows at most `rowLimit` rows, then says how many more there are.
    public static func render(_ diff: NibDiff, title: String, headingLevel: Int = 3, rowLimit: Int = 40) -> String {
        let heading = String(repeating: "#", count: max(1, min(6, headingLevel)))
        var lines = ["\(heading) \(inline(title)) — \(headline(diff))", ""]
        lines += body(diff, rowLimit: rowLimit)
        return lines.joined(separator: "\n")
    }

    /// The tables without a heading (for reports that write their own).
    public static func body(_ diff: NibDiff, rowLimit: Int = 40) -> [String] {
        var lines: [String] = []
        guard diff.hasSemanticChanges || !diff.cosmetic.isEmpty else { return lines }
        let oldNames = ObjectNames(diff.old)
        let newNames = ObjectNames(diff.new)
        let names = Names(old: oldNames, new: newNames)
        if !diff.document.isEmpty {
            lines += ["**Document**", ""]
            lines += diff.document.map { "- \(cell($0.summary))" }
            lines.append("")
        }
        lines += limit(objectTable(diff, names), rowLimit)
        lines += connectionTables(diff, names, rowLimit)
        if !diff.consequences.isEmpty {
            lines += ["**Simulated load**", ""]
            lines += diff.consequences.prefix(rowLimit).map { "- ⚠️ \(html($0.message)) _(\($0.rule))_" }
            if diff.consequences.count > rowLimit { lines.append("- … \(diff.consequences.count - rowLimit) more") }
            lines.append("")
        }
        if !diff.cosmetic.isEmpty {
            lines.append("<details><summary>Cosmetic changes (\(diff.cosmetic.count)): no effect at run time</summary>")
            lines.append("")
            for change in diff.cosmetic.prefix(rowLimit) {
                let fields = change.fields.prefix(6).map { "`\(code($0))`" }.joined(separator: ", ")
                let more = change.fields.count > 6 ? " and \(change.fields.count - 6) more" : ""
                lines.append("- \(cell(change.name)): \(fields)\(more)")
            }
            lines += ["", "</details>", ""]
        }
        return lines
    }

    /// Cuts a table (title, blank, header, rule, rows…, blank) to `rowLimit` rows.
    private static func limit(_ table: [String], _ rowLimit: Int) -> [String] {
        let rows = table.count - 5
        guard rows > rowLimit else { return table }
        return Array(table.prefix(4 + rowLimit)) + ["| … | \(rows - rowLimit) more | | | |", ""]
    }

    /// `no semantic change`, or counts such as `2 objects, 1 outlet, 1 segue changed`.
    public static func headline(_ diff: NibDiff) -> String {
        guard diff.hasSemanticChanges else {
            return diff.cosmetic.isEmpty ? "no semantic change" : "no semantic change (cosmetic only)"
        }
        var parts: [String] = []
        if !diff.document.isEmpty { parts.append("document") }
        if !diff.objects.isEmpty { parts.append(count(diff.objects.count, "object")) }
        for (kind, noun) in kindNouns {
            let changes = diff.connections(ofKind: kind).count
            if changes > 0 { parts.append(count(changes, noun)) }
        }
        var text = parts.joined(separator: ", ") + " changed"
        if !diff.cosmetic.isEmpty { text += "; \(diff.cosmetic.count) cosmetic" }
        return text
    }

    static let kindNouns = [
        ("outlet", "outlet"), ("outletCollection", "outlet collection"), ("action", "action"),
        ("binding", "binding"), ("segue", "segue"),
    ]

    private struct Names {
        let old: ObjectNames
        let new: ObjectNames
        func name(_ change: ConnectionChange, _ pick: (Connection) -> ObjectID?) -> String {
            if let connection = change.new { return new.name(pick(connection)) }
            return change.old.map { old.name(pick($0)) } ?? ""
        }
    }

    private static func objectTable(_ diff: NibDiff, _ names: Names) -> [String] {
        guard !diff.objects.isEmpty else { return [] }
        var lines = ["**Objects**", "", "| | Object | Class | In | Change |", "|---|---|---|---|---|"]
        for change in diff.objects {
            guard let object = change.new ?? change.old else { continue }
            let side = change.new == nil ? names.old : names.new
            let parent = object.parent.map(side.path) ?? side.sceneTitle(object.scene).map { "scene \($0)" } ?? ""
            let detail = change.fields.map(\.summary).joined(separator: "; ")
            lines.append(
                "| \(marker(change.kind)) | \(cell(side.name(object.id))) | `\(code(object.runtimeClass))` | \(cell(parent)) | \(cell(detail)) |"
            )
        }
        return lines + [""]
    }

    private static func connectionTables(_ diff: NibDiff, _ names: Names, _ rowLimit: Int) -> [String] {
        var lines: [String] = []
        for (kind, noun) in kindNouns {
            let changes = diff.connections(ofKind: kind)
            guard !changes.isEmpty else { continue }
            let header: String
            switch kind {
            case "action": header = "| | Sender | Selector | Target | Change |"
            case "binding": header = "| | Object | Binding | To | Change |"
            case "segue": header = "| | From | Segue | To | Change |"
            default: header = "| | Source | Property | Destination | Change |"
            }
            var table = ["**\(noun.prefix(1).uppercased() + noun.dropFirst())s**", "", header, "|---|---|---|---|---|"]
            for change in changes {
                guard let connection = change.new ?? change.old else { continue }
                let detail = change.fields.map(\.summary).joined(separator: "; ")
                let source = names.name(change) { $0.source }
                let destination = names.name(change) { $0.destination }
                table.append(
                    "| \(marker(change.kind)) | \(cell(source)) | \(describe(connection.kind)) | \(cell(destination)) | \(cell(detail)) |")
            }
            lines += limit(table + [""], rowLimit)
        }
        return lines
    }

    /// The identifying text of a connection: property, selector + event, binding + key path,
    /// segue kind + identifier.
    static func describe(_ kind: ConnectionKind) -> String {
        switch kind {
        case .outlet(let property, _): return "`\(code(property))`"
        case .outletCollection(let property, _, let appends): return "`\(code(property))`" + (appends ? " (appends)" : "")
        case .action(let selector, _, let event): return "`\(code(selector))`" + (event.map { " on \(cell($0))" } ?? "")
        case .binding(let name, _, let keyPath, _): return "`\(code(name))` → `\(code(keyPath))`"
        case .segue(_, let segue):
            var text = cell(segue.relationship.map { "\(segue.kind) (\($0))" } ?? segue.kind)
            if let identifier = segue.identifier { text += " `\(code(identifier))`" }
            return text
        }
    }

    private static func marker(_ kind: ChangeKind) -> String {
        switch kind {
        case .added: "➕ added"
        case .removed: "➖ removed"
        case .changed: "✏️ changed"
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Escapes text for a Markdown table cell: pipes, emphasis and HTML characters, newlines.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "[", "]", "`", "#": out += "\\\(character)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Our own Markdown (code spans kept) with the HTML characters of embedded names escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text for inside a code span in a table: no backticks, pipes escaped, one line.
    static func code(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\n", with: " ")
    }

    private static func inline(_ text: String) -> String { "`\(code(text))`" }
}
