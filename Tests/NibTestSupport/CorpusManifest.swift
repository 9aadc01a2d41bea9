import Foundation

/// One row of the corpus `MANIFEST.tsv`, by column name.
public struct ManifestRow: Sendable {
    public var fields: [String: String]

    /// The file path relative to the corpus folder.
    public var file: String { fields["file"] ?? "" }
    /// `document`, `archive`, `binary:…` or `?`.
    public var rootElement: String { fields["root_element"] ?? "" }
    /// An integer column (0 when empty).
    public func count(_ column: String) -> Int { Int(fields[column] ?? "") ?? 0 }

    /// `archive_connection_classes` as class → count (`obj:` entries count archived objects).
    public var archiveClasses: [String: Int] {
        var table: [String: Int] = [:]
        for entry in (fields["archive_connection_classes"] ?? "").split(separator: ";") {
            guard let colon = entry.lastIndex(of: ":"), let count = Int(entry[entry.index(after: colon)...]) else { continue }
            table[String(entry[..<colon])] = count
        }
        return table
    }

}

/// Reads `MANIFEST.tsv`.
public enum CorpusManifest {
    /// The rows of `MANIFEST.tsv` in `corpus`.
    public static func rows(in corpus: URL) throws -> [ManifestRow] {
        let text = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst()
        return lines.map { values in
            var fields: [String: String] = [:]
            for (index, name) in header.enumerated() where index < values.count { fields[name] = values[index] }
            return ManifestRow(fields: fields)
        }
    }
}
