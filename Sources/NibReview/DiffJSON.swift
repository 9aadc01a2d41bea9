import Foundation
import NibDiffing
import NibModel

/// `nibviz diff --format json`: the diff as stable JSON (schema `nibviz-diff/1`, documented in
/// site/pages/reference/diff-json.md). Keys sorted, entries in report order.
public enum DiffJSON {
    /// The JSON text of `diff` between the files `old` and `new`, ending with a newline.
    public static func render(_ diff: NibDiff, old: String, new: String) -> String {
        let document = Document(
            schema: "nibviz-diff/1", old: Side(diff.old, file: old), new: Side(diff.new, file: new),
            headline: DiffSummary.headline(diff), semantic: diff.hasSemanticChanges,
            changes: ChangeList.entries(diff).map(Change.init),
            risks: diff.risks.map(RiskJSON.init),
            consequences: diff.consequences.map { ConsequenceJSON(rule: $0.rule, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var schema: String
        var old: Side
        var new: Side
        var headline: String
        var semantic: Bool
        var changes: [Change]
        var risks: [RiskJSON]
        var consequences: [ConsequenceJSON]
    }

    private struct Side: Encodable {
        var file: String
        var documentType: String
        var platform: String
        var storyboard: Bool

        init(_ graph: NibGraph, file: String) {
            self.file = file
            documentType = graph.documentType
            platform = graph.platform.rawValue
            storyboard = graph.isStoryboard
        }
    }

    private struct Change: Encodable {
        var kind: String
        var category: String
        var subject: String
        var target: String
        var field: String?
        var before: String?
        var after: String?
        var localizationKey: String?

        enum CodingKeys: String, CodingKey { case kind, category, subject, target, field, before, after, localizationKey }

        /// Every key always present: `null` for an unset value.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(category, forKey: .category)
            try container.encode(subject, forKey: .subject)
            try container.encode(target, forKey: .target)
            try container.encode(field, forKey: .field)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
            try container.encode(localizationKey, forKey: .localizationKey)
        }

        init(_ entry: ChangeEntry) {
            kind = entry.kind.rawValue
            category = entry.category.rawValue
            subject = entry.subject.rawValue
            target = entry.target
            field = entry.field
            before = entry.before
            after = entry.after
            localizationKey = entry.localizationKey
        }
    }

    private struct RiskJSON: Encodable {
        var kind: String
        var object: String
        var old: String
        var new: String?
        var message: String
        var usages: [Usage]

        enum CodingKeys: String, CodingKey { case kind, object, old, new, message, usages }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(object, forKey: .object)
            try container.encode(old, forKey: .old)
            try container.encode(new, forKey: .new)
            try container.encode(message, forKey: .message)
            try container.encode(usages, forKey: .usages)
        }

        init(_ risk: Risk) {
            kind = risk.kind.rawValue
            object = risk.object
            old = risk.old
            new = risk.new
            message = risk.message
            usages = risk.usages.map { Usage(file: $0.file, line: $0.line, text: $0.text) }
        }
    }

    private struct Usage: Encodable {
        var file: String
        var line: Int
        var text: String
    }

    private struct ConsequenceJSON: Encodable {
        var rule: String
        var message: String
    }
}
