import Foundation
import NibTestSupport
import Testing

/// `diff --format json` against its reference page: every documented key is written, no other.
@Suite struct DiffJSONTests {
    /// The keys of the Markdown table under `## heading` in diff-json.md.
    private func documentedKeys(_ heading: String) throws -> Set<String> {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("site/pages/reference/diff-json.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## \(heading)\n").dropFirst().first)
        var keys = Set<String>()
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cell = line.split(separator: "|")[0]
            for part in cell.split(separator: ",") {
                keys.insert(part.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")))
            }
        }
        return keys
    }

    @Test func theJSONHasExactlyTheDocumentedKeys() throws {
        let base = ReviewGitTests.fixture
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: base, encoding: .utf8)
        let head = folder.appendingPathComponent("head.storyboard")
        try Data(
            text.replacingOccurrences(of: "constant=\"35\"", with: "constant=\"55\"")
                .replacingOccurrences(of: "identifier=\"showDetail\"", with: "identifier=\"openDetail\"").utf8
        ).write(to: head)
        let result = try runNibviz(["diff", base.path, head.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(Set(json.keys) == (try documentedKeys("Top level")))
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(changes.count == 2)
        for change in changes { #expect(Set(change.keys) == (try documentedKeys("`changes[]`"))) }
        let risks = try #require(json["risks"] as? [[String: Any]])
        #expect(risks.count == 1)
        for risk in risks { #expect(Set(risk.keys) == (try documentedKeys("`risks[]`"))) }
        #expect(json["schema"] as? String == "nibviz-diff/1")
        // Deterministic: the same inputs give the same bytes.
        #expect(try runNibviz(["diff", base.path, head.path, "--format", "json"]).stdout == result.stdout)
    }
}
