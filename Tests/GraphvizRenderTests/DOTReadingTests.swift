import Foundation
import NibTestSupport
import Testing

@testable import GraphvizRender

/// DOT that Graphviz's own `dot` draws must draw in-process too: the creation-order id
/// discipline keeps anonymous subgraphs before named ones and names as Graphviz strings.
@Suite struct DOTReadingTests {
    /// Graphs that aborted nibviz (fastgr.c assertion) or lost their HTML names, while `dot` drew them.
    static let graphsDotDraws: [(String, String)] = [
        ("cluster then rank=same", "digraph { subgraph cluster_a { a } {rank=same; a; b} a -> b; b -> a }"),
        ("HTML node names", "digraph { <b>x</b> -> y; <i>z</i> }"),
        ("a subgraph declared twice", "digraph { subgraph cluster_a { a } subgraph cluster_a { b } a -> b }"),
        ("a node in two clusters", "digraph { subgraph cluster_a { x } subgraph cluster_b { x } }"),
        ("edges to subgraphs", "digraph { a -> subgraph s { b c } ; subgraph s { d } }"),
        ("record ports", "digraph { node [shape=record]; a [label=\"<p1> x|<p2> y\"]; a:p1 -> b:n; a:p2:s -> c }"),
        ("attributes on default nodes", "digraph { node [label=<<b>\\N</b>>]; a; b; edge [label=<x>]; a -> b }"),
        ("a 10,000-character id", "digraph { \"" + String(repeating: "x", count: 10_000) + "\" -> b }"),
    ]

    @Test(arguments: graphsDotDraws.map(\.0))
    func graphsThatDotDrawsRenderInProcess(name: String) throws {
        let dot = try #require(Self.graphsDotDraws.first { $0.0 == name }?.1)
        let output = try GraphvizRenderer.shared.render(RenderRequest(dot: dot, format: .dot, name: "\(name).dot"))
        let text = String(decoding: output.data, as: UTF8.self)
        #expect(text.hasPrefix("digraph"))
        // Same layout as Graphviz's own command when it is installed (it is with `make deps`).
        let dotTool = URL(fileURLWithPath: "/usr/bin/dot")
        guard FileManager.default.isExecutableFile(atPath: dotTool.path) else { return }
        let reference = try runCommand(dotTool, ["-Tdot"], stdin: Data(dot.utf8))
        #expect(reference.status == 0)
        #expect(text == reference.output, "\(name): nibviz and dot disagree")
    }
}

/// A syntax error in DOT nibviz wrote is nibviz's bug: it never points at a line of the input.
@Suite struct GeneratedDOTErrorTests {
    @Test func aSyntaxErrorInGeneratedDOTNamesNoInputLine() {
        let request = RenderRequest(dot: "digraph {\n a -> b\n c -> -> d\n}\n", name: "View.xib", generated: true)
        #expect {
            try GraphvizRenderer.shared.render(request)
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.line == nil && error.description.hasPrefix("View.xib: Graphviz rejected the DOT nibviz generated")
                && error.message.contains("line 3 of the generated DOT")
        }
    }

    @Test func aUserDOTFileKeepsItsLine() {
        #expect {
            try GraphvizRenderer.shared.render(RenderRequest(dot: "digraph {\n a -> b\n c -> -> d\n}\n", name: "mine.dot"))
        } throws: { error in
            (error as? RenderError)?.description.hasPrefix("mine.dot:3:") == true
        }
    }
}
