import Foundation
import NibDiffing
import NibModel

/// The ten-second Markdown summary of a diff: risks first, then one table of changes with
/// category and before → after values; layout and cosmetic changes folded.
public enum DiffMarkdown {
    /// Renders `diff` under a heading naming `title` (usually the file path). Each table shows
    /// at most `rowLimit` rows, then says how many more there are.
    /// With `mermaid`, the diagram comes first as a Mermaid block (rendered inline by GitHub and GitLab).
    public static func render(
        _ diff: NibDiff, title: String, headingLevel: Int = 3, rowLimit: Int = 40, mermaid: String? = nil
    ) -> String {
        let heading = String(repeating: "#", count: max(1, min(6, headingLevel)))
        var lines = ["\(heading) \(MarkdownText.code(title)) — \(MarkdownText.escape(DiffSummary.headline(diff)))", ""]
        if let mermaid { lines += fenced(mermaid) }
        lines += body(diff, rowLimit: rowLimit)
        return lines.joined(separator: "\n")
    }

    /// The tables without a heading (for reports that write their own).
    public static func body(_ diff: NibDiff, rowLimit: Int = 40) -> [String] {
        guard !diff.isEmpty else { return [] }
        var lines: [String] = []
        lines += risks(diff.risks, rowLimit: rowLimit)
        let entries = ChangeList.entries(diff)
        let main = entries.filter { $0.category != .layout && $0.category != .cosmetic }
        if !main.isEmpty { lines += ["**Changes**", ""] + table(main, rowLimit: rowLimit) }
        if !diff.consequences.isEmpty {
            lines += ["**Simulated load**", ""]
            lines += diff.consequences.prefix(rowLimit).map { "- \(MarkdownText.escape($0.message)) _(\(MarkdownText.escape($0.rule)))_" }
            if diff.consequences.count > rowLimit { lines.append("- … \(diff.consequences.count - rowLimit) more") }
            lines.append("")
        }
        let layout = entries.filter { $0.category == .layout }
        if !layout.isEmpty {
            lines += ["<details><summary>Layout changes (\(layout.count)): frames, autoresizing, hugging and stack layout</summary>", ""]
            lines += table(layout, rowLimit: rowLimit) + ["</details>", ""]
        }
        let cosmetic = entries.filter { $0.category == .cosmetic }
        if !cosmetic.isEmpty {
            lines += ["<details><summary>Cosmetic changes (\(cosmetic.count)): no effect at run time</summary>", ""]
            lines += table(cosmetic, rowLimit: rowLimit) + ["</details>", ""]
        }
        return lines
    }

    /// A ```mermaid fence around `flowchart` (whose labels hold no backtick, so it cannot end early).
    static func fenced(_ flowchart: String) -> [String] {
        ["```mermaid", flowchart.hasSuffix("\n") ? String(flowchart.dropLast()) : flowchart, "```", ""]
    }

    /// The risk notes as a list, each with the code that uses the old name.
    static func risks(_ risks: [Risk], rowLimit: Int) -> [String] {
        guard !risks.isEmpty else { return [] }
        var lines = ["**Risks**", ""]
        for risk in risks.prefix(rowLimit) {
            lines.append("- ⚠️ \(MarkdownText.escape(risk.object)): \(MarkdownText.escape(risk.message))")
            for usage in risk.usages.prefix(10) {
                lines.append("  - \(MarkdownText.code("\(usage.file):\(usage.line)")) \(MarkdownText.code(usage.text))")
            }
            if risk.usages.count > 10 { lines.append("  - … \(risk.usages.count - 10) more") }
        }
        if risks.count > rowLimit { lines.append("- … \(risks.count - rowLimit) more") }
        return lines + [""]
    }

    /// One table of entries, cut to `rowLimit` rows.
    static func table(_ entries: [ChangeEntry], rowLimit: Int) -> [String] {
        var lines = ["| | Category | Object or connection | Field | Before → after |", "|---|---|---|---|---|"]
        for entry in entries.prefix(rowLimit) {
            var change = ""
            if entry.kind == .changed || entry.subject == .property {
                change = "\(value(entry.before)) → \(value(entry.after))"
            } else if entry.subject == .connection {
                change = ""  // the connection line is the target
            } else {
                change = value(entry.before ?? entry.after)
            }
            if let key = entry.localizationKey { change += " <sub>strings key \(MarkdownText.code(key))</sub>" }
            lines.append(
                "| \(marker(entry.kind)) | \(entry.category.noun) | \(MarkdownText.escape(entry.target)) | \(entry.field.map(MarkdownText.code) ?? "") | \(change) |"
            )
        }
        if entries.count > rowLimit { lines.append("| … | | \(entries.count - rowLimit) more | | |") }
        return lines + [""]
    }

    private static func value(_ text: String?) -> String {
        guard let text else { return "∅" }
        return text.isEmpty ? "“”" : MarkdownText.code(text)
    }

    private static func marker(_ kind: ChangeKind) -> String {
        switch kind {
        case .added: "➕ added"
        case .removed: "➖ removed"
        case .changed: "✏️ changed"
        }
    }
}
