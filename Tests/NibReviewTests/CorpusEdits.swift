import Foundation
import NibTestSupport

/// Test inputs made from corpus documents at test time: a file picked by its MANIFEST counts,
/// a known edit applied as a string replacement, both versions written to a temporary folder.
/// Corpus files are never copied into the repository.
enum CorpusEdits {
    /// One MANIFEST row.
    struct Entry {
        var file: String
        var fields: [String: String]
        func count(_ column: String) -> Int { Int(fields[column] ?? "") ?? 0 }
        var documentType: String { fields["document_type"] ?? "" }
    }

    /// The manifest rows, or nil without a corpus.
    static func manifest() -> [Entry]? {
        guard let corpus = TestPaths.corpus,
            let text = try? String(
                contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first else { return nil }
        return lines.dropFirst().map { row in
            var fields: [String: String] = [:]
            for (index, name) in header.enumerated() where index < row.count { fields[name] = row[index] }
            return Entry(file: fields["file"] ?? "", fields: fields)
        }
    }

    /// The smallest well-formed document of `type` (suffix of `document_type`) that satisfies `predicate`.
    static func pick(
        _ type: String, _ predicate: (Entry) -> Bool, text accept: (String) -> Bool = { _ in true }
    ) -> (Entry, String)? {
        guard let corpus = TestPaths.corpus, let rows = manifest() else { return nil }
        let candidates = rows.filter {
            $0.documentType.hasSuffix(type) && $0.fields["well_formed"] == "yes"
                && $0.count("duplicate_ids") == 0
                && $0.count("dangling_refs") == 0 && predicate($0)
        }
        .sorted { ($0.count("bytes"), $0.file) < ($1.count("bytes"), $1.file) }
        for entry in candidates {
            if let text = try? String(
                contentsOf: corpus.appendingPathComponent(entry.file), encoding: .utf8), accept(text)
            {
                return (entry, text)
            }
        }
        return nil
    }

    /// Writes the two versions into a fresh temporary folder and returns their paths.
    static func write(old: String, new: String, name: String) throws -> (URL, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let oldURL = folder.appendingPathComponent("old-" + name)
        let newURL = folder.appendingPathComponent("new-" + name)
        try Data(old.utf8).write(to: oldURL)
        try Data(new.utf8).write(to: newURL)
        return (oldURL, newURL)
    }

    /// `text` with its first match of `pattern` replaced by `template` (regex, `$1` groups), or
    /// nil when nothing matched.
    static func replacingFirst(
        _ pattern: String, in text: String, with template: (NSTextCheckingResult, NSString) -> String
    ) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(
                in: text, range: NSRange(location: 0, length: (text as NSString).length))
        else { return nil }
        let ns = text as NSString
        return ns.replacingCharacters(in: match.range, with: template(match, ns))
    }

    /// Every quoted Xcode 3-2-3 id (`"BYZ-38-t0r"`) replaced by a fresh one, consistently, as
    /// if Xcode had re-created the document: nothing else changes.
    static func regeneratingIDs(_ text: String) -> String {
        guard
            let regex = try? NSRegularExpression(
                pattern: "\"([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})\"")
        else { return text }
        let ns = text as NSString
        let matches = regex.matches(in: text, range: NSRange(location: 0, length: ns.length))
        var table: [String: String] = [:]
        var out = ""
        var position = 0
        for match in matches {
            let id = ns.substring(with: match.range(at: 1))
            let replacement: String
            if let known = table[id] {
                replacement = known
            } else {
                let digits = Array(String(format: "%07d", table.count + 1))
                replacement =
                    "Z" + String(digits[0...1]) + "-" + String(digits[2...3]) + "-" + String(digits[4...6])
                table[id] = replacement
            }
            out += ns.substring(
                with: NSRange(location: position, length: match.range.location - position))
            out += "\"" + replacement + "\""
            position = match.range.location + match.range.length
        }
        out += ns.substring(from: position)
        return out
    }
}
