import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

/// Names are data, never markup: in review.md a name with CR/LF, `|`, backticks, `<`, `@` or
/// `[`/`]` breaks no table and makes no live HTML, link or mention.
@Suite struct HostileNameTests {
    static let hostile = "Evil | `tick` <img src=x onerror=alert(1)> @octocat [link](http://e.example)\r\n# heading *bold* _it_ ~~s~~"

    private static func xmlAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\r", with: "&#13;").replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// review.md for the fixture whose label, text, segue identifier and outlet carry the hostile name.
    private func report() throws -> String {
        let base = try String(contentsOf: ReviewGitTests.fixture, encoding: .utf8)
        let old = base.replacingOccurrences(of: "HOSTILE_LABEL", with: "Title")
        let name = Self.xmlAttribute(Self.hostile)
        let new =
            base.replacingOccurrences(of: "HOSTILE_LABEL", with: name)
            .replacingOccurrences(of: "text=\"App Name\"", with: "text=\"\(name)\"")
            .replacingOccurrences(of: "identifier=\"showDetail\"", with: "identifier=\"\(name)\"")
            .replacingOccurrences(of: "property=\"titleLabel\"", with: "property=\"\(name)\"")
        let oldGraph = try NibDocumentParser.parse(data: Data(old.utf8), file: "a.storyboard")
        let newGraph = try NibDocumentParser.parse(data: Data(new.utf8), file: "a.storyboard")
        let diff = NibDiffer.diff(old: oldGraph, new: newGraph, oldXML: Data(old.utf8), newXML: Data(new.utf8))
        #expect(diff.hasSemanticChanges)
        #expect(!diff.risks.isEmpty)
        let path = "App/" + Self.hostile + ".storyboard"
        let review = FileReview(
            document: ChangedDocument(status: .modified, oldPath: path, newPath: path), diff: diff, svg: "x.svg", png: "x.png",
            mermaid: DiffDiagram.mermaid(diff, title: path))
        return ReviewReport.markdown(base: Self.hostile, head: "HEAD", files: [review])
    }

    /// Unescaped `|` in a table line (a backslash escapes the next character).
    private func cellSeparators(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                count += 1
            }
        }
        return count
    }

    @Test func hostileNamesBreakNoTableAndMakeNoHTMLLinkOrMention() throws {
        let markdown = try report()
        #expect(!markdown.contains("\r"))
        // Every table keeps its header's column count.
        var columns: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                columns = nil
                continue
            }
            let count = cellSeparators(line)
            if let columns { #expect(count == columns, "\(line)") } else { columns = count }
        }
        // No live HTML, link, mention, heading or emphasis from the name.
        #expect(!markdown.contains("<img"))
        #expect(!markdown.contains("[link]("))
        #expect(markdown.contains("\\[link\\]"))
        // Markdown is not read inside the Mermaid fence: check everything outside it.
        let outsideFence = markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        #expect(!outsideFence.contains("http://e.example"), "bare URLs autolink on GitHub")
        #expect(!markdown.contains("@octocat"))
        #expect(markdown.contains("@\u{2060}octocat"))
        #expect(!markdown.contains("\n# heading"))
        #expect(!markdown.contains(" *bold*"))
        #expect(markdown.contains("&lt;img src=x onerror=alert(1)&gt;"))
        // The Mermaid fence holds: exactly one opening and one closing fence.
        #expect(markdown.components(separatedBy: "```").count == 3)
        let block = markdown.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        #expect(MermaidChecker.problems(block).isEmpty, "\(MermaidChecker.problems(block))")
    }

    @Test func hostileNamesStayOnOneTextconvLine() throws {
        let base = try String(contentsOf: ReviewGitTests.fixture, encoding: .utf8)
        let text = base.replacingOccurrences(of: "HOSTILE_LABEL", with: Self.xmlAttribute(Self.hostile))
        let graph = try NibDocumentParser.parse(data: Data(text.utf8), file: "a.storyboard")
        let lines = Textconv.text(graph, xml: Data(text.utf8)).split(separator: "\n")
        #expect(lines.allSatisfy { !$0.hasPrefix("# heading") })
        #expect(lines.filter { $0.hasPrefix("object ") && $0.contains("Evil |") }.count == 1)
    }
}

/// review.md fits in one pull-request comment.
@Suite struct ReviewSizeTests {
    @Test func sectionsPastTheCommentLimitAreLeftOutWithANote() throws {
        let data = try Data(contentsOf: ReviewGitTests.fixture)
        let graph = try NibDocumentParser.parse(data: data, file: "a.storyboard")
        let empty = NibGraph(
            file: graph.file, format: graph.format, documentType: graph.documentType, platform: graph.platform,
            targetRuntime: graph.targetRuntime, toolsVersion: graph.toolsVersion, isStoryboard: graph.isStoryboard)
        let diff = NibDiffer.diff(old: empty, new: graph)
        let files = (0..<400).map { index in
            FileReview(document: ChangedDocument(status: .added, oldPath: nil, newPath: "App/\(index).storyboard"), diff: diff)
        }
        let markdown = ReviewReport.markdown(base: "a", head: "b", files: files)
        #expect(markdown.utf8.count <= 60_000)
        #expect(markdown.contains("| <code>App/399.storyboard</code> | added |"))
        #expect(markdown.contains("more documents not shown here"))
        let small = ReviewReport.markdown(base: "a", head: "b", files: Array(files.prefix(2)))
        #expect(!small.contains("not shown here"))
    }
}
