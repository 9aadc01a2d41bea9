import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

private let snapshots = TestPaths.packageRoot.appendingPathComponent("Tests/NibReviewTests/__Snapshots__")

/// Old and new storyboard with one change of each interesting kind.
private func editedStoryboard() -> (NibGraph, NibGraph) {
    let old = GraphFixtures.flowStoryboard()
    var new = GraphFixtures.regeneratingIDs(old)
    new.objects[3].customClass = "ItemViewController"
    new.objects.append(
        NibObject(id: "btn-00-777", element: "button", className: "UIButton", parent: new.objects[2].id, scene: "s2", label: "Add | <Item>")
    )
    new.connections[1].kind = .segue(destination: new.objects[3].id, Segue(kind: "presentation", identifier: "showDetail"))
    new.connections.append(
        Connection(id: "a1", source: "btn-00-777", kind: .action(selector: "add:", target: new.objects[1].id, eventType: "touchUpInside")))
    return (old, new)
}

@Suite struct DiffMarkdownTests {
    @Test func summarisesEachKindInItsOwnTableWithNames() {
        let (old, new) = editedStoryboard()
        let markdown = DiffMarkdown.render(NibDiffer.diff(old: old, new: new), title: "Main.storyboard")
        Golden.check(markdown, against: snapshots.appendingPathComponent("storyboard-edit.md").path)
        #expect(!markdown.contains("vc0-00"), "bare ids must not appear")
        #expect(markdown.contains("Add \\| &lt;Item&gt;"))
    }

    @Test func identicalDocumentsSayNoSemanticChange() {
        let graph = GraphFixtures.loginXib()
        #expect(
            DiffMarkdown.render(NibDiffer.diff(old: graph, new: graph), title: "Login.xib")
                == "### <code>Login.xib</code> — no semantic change\n")
    }

    @Test(arguments: [
        ("a|b", "a\\|b"), ("<script>", "&lt;script&gt;"), ("*x*_y_", "\\*x\\*\\_y\\_"), ("line\nbreak", "line break"),
        ("cr\r\nlf", "cr lf"), ("`tick`", "\\`tick\\`"), ("[link](x)", "\\[link\\](x)"), ("@octocat", "@\u{2060}octocat"),
    ])
    func tableCellsEscapeMarkdownAndHTML(input: String, expected: String) {
        #expect(MarkdownText.escape(input) == expected)
    }
}

@Suite struct TextconvTests {
    @Test func regeneratedIDsGiveTheSameText() {
        for graph in [GraphFixtures.loginXib(), GraphFixtures.flowStoryboard()] {
            #expect(Textconv.text(graph) == Textconv.text(GraphFixtures.regeneratingIDs(graph)))
        }
    }

    @Test func linesAreSortedWithNamesInsteadOfIds() {
        let text = Textconv.text(GraphFixtures.loginXib())
        Golden.check(text, against: snapshots.appendingPathComponent("login-textconv.txt").path)
        #expect(text.contains("outlet File's Owner .userField -> UIView[] > UITextField") == false)
        #expect(text.contains("action UIView > Sign In signIn: on touchUpInside -> File's Owner"))
    }
}

@Suite struct DiffDiagramTests {
    @Test func storyboardDiffIsAFlowWithStylesAndLegend() {
        let (old, new) = editedStoryboard()
        let dot = DiffDiagram.dot(NibDiffer.diff(old: old, new: new), title: "Main.storyboard")
        Golden.check(dot, against: snapshots.appendingPathComponent("storyboard-edit.dot").path)
        #expect(dot.contains("Legend:"))
        #expect(dot.contains("class=\"diff-changed\""))
        #expect(dot.contains("Add | &lt;Item&gt;"))
    }

    @Test func xibDiffIsTheObjectGraphWithRemovedPartsKept() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.connections.remove(at: 2)
        new.objects.remove(at: 5)
        let dot = DiffDiagram.dot(NibDiffer.diff(old: old, new: new), title: "Login \"xib\"")
        Golden.check(dot, against: snapshots.appendingPathComponent("login-edit.dot").path)
        #expect(dot.components(separatedBy: "class=\"diff-removed\"").count - 1 == 1)  // the object
        #expect(dot.components(separatedBy: "class=\"diff-removed-edge\"").count - 1 == 2)  // its hierarchy edge, the outlet
        #expect(dot.contains("<b>Login &quot;xib&quot;</b>"))
    }

    /// A long change line is two rows, the new value under the old, so a left-to-right diagram
    /// of moved views is not as wide as eighty characters per rank; short lines stay whole.
    @Test func aLongChangeLineWrapsAtItsArrow() throws {
        let text = try String(contentsOf: ReviewGitTests.fixture, encoding: .utf8)
        let moved = text.replacingOccurrences(
            of: #"<rect key="frame" x="20" y="35" width="374" height="21"/>"#,
            with: #"<rect key="frame" x="24" y="44" width="366" height="21"/>"#)
        #expect(moved != text)
        let old = try NibDocumentParser.parse(data: Data(text.utf8), file: "a.storyboard")
        let new = try NibDocumentParser.parse(data: Data(moved.utf8), file: "a.storyboard")
        let dot = DiffDiagram.dot(
            NibDiffer.diff(old: old, new: new, oldXML: Data(text.utf8), newXML: Data(moved.utf8)), title: "a.storyboard")
        #expect(dot.contains(" rect[frame]: height=21 width=374 x=20 y=35</font>"), "\(dot)")
        #expect(dot.contains(">    → height=21 width=366 x=24 y=44</font>"), "\(dot)")
        #expect(!dot.contains("y=35 → "))
        #expect(DiffDOT.wrapped("title: \"a\" → \"b\"") == ["title: \"a\" → \"b\""])
        #expect(DiffDOT.wrapped(String(repeating: "x", count: 60)).count == 1)
    }
}
