import NibDiffing
import NibModel

/// The plain-text summary `nibviz diff` prints by default: a headline, then one line per change
/// with its category and before → after values, the risks and the simulated consequences.
public enum DiffText {
    /// The text for `diff` of `title`, ending with a newline.
    public static func render(_ diff: NibDiff, title: String) -> String {
        var lines = ["\(title): \(DiffSummary.headline(diff))"]
        for entry in ChangeList.entries(diff) { lines.append("  " + line(entry)) }
        for risk in diff.risks {
            lines.append("  ! risk (\(risk.kind.rawValue)) \(risk.object): \(risk.message)")
            for usage in risk.usages { lines.append("      \(usage.file):\(usage.line): \(usage.text)") }
        }
        for consequence in diff.consequences { lines.append("  ! \(consequence.message) [\(consequence.rule)]") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `~ [text] Login > view > Title .text: “App Name” → “New” (localization key abc.text)`.
    static func line(_ entry: ChangeEntry) -> String {
        let sign = DiffStatus(entry.kind).sign
        var text = "\(sign) [\(entry.category.rawValue)] \(entry.subject.rawValue) \(oneLine(entry.target))"
        if let field = entry.field { text += " .\(oneLine(field))" }
        if entry.kind == .changed || entry.subject == .property { text += ": " + oneLine(ChangeList.beforeAfter(entry)) }
        if let key = entry.localizationKey { text += " (localization key \(key))" }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

/// The one-line summaries every report shares.
public enum DiffSummary {
    /// `no semantic change`, or counts such as `2 objects, 1 outlet, 1 constraint, 1 color changed`.
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
        var byCategory: [ChangeCategory: Int] = [:]
        for change in diff.realProperties { byCategory[change.category, default: 0] += 1 }
        for category in ChangeCategory.allCases { if let n = byCategory[category] { parts.append(count(n, category.noun)) } }
        var text = parts.joined(separator: ", ") + " changed"
        if !diff.cosmetic.isEmpty { text += "; \(diff.cosmetic.count) cosmetic" }
        if !diff.risks.isEmpty { text += "; \(count(diff.risks.count, "risk"))" }
        return text
    }

    /// Connection kinds in report order with their nouns.
    public static let kindNouns = [
        ("outlet", "outlet"), ("outletCollection", "outlet collection"), ("action", "action"),
        ("binding", "binding"), ("segue", "segue"),
    ]

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
