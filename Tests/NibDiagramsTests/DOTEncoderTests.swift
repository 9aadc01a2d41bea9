import Testing

@testable import NibDOT
@testable import NibDiagrams

@Suite("DOTEncoder")
struct DOTEncoderTests {
    @Test("attributes are written sorted by name whatever the insertion order")
    func attributesSorted() {
        var attrs: DOTAttributes = [:]
        for key in ["zeta", "alpha", "mid", "URL", "class"] { attrs[key] = .text(key) }
        let dot = DOTEncoder.encode(DOTGraph(name: "g", statements: [.node(DOTNode("n", attrs))]))
        #expect(dot.contains("\"n\" [URL=\"URL\", alpha=\"alpha\", class=\"class\", mid=\"mid\", zeta=\"zeta\"]"))
    }

    @Test("statements keep document order, subgraphs nest, edges use the graph's arrow")
    func documentOrder() {
        let graph = DOTGraph(
            name: "g", directed: false, attributes: ["rankdir": "LR"],
            statements: [
                .node(DOTNode("b")), .node(DOTNode("a")),
                .subgraph(DOTSubgraph("cluster_1", ["label": "box"], statements: [.node(DOTNode("c"))])),
                .edge(DOTEdge("a", "b", ["label": .html("<B>x</B>")])),
            ])
        let expected = """
            graph "g" {
              graph [rankdir="LR"]
              "b"
              "a"
              subgraph "cluster_1" {
                label="box"
                "c"
              }
              "a" -- "b" [label=<<B>x</B>>]
            }

            """
        #expect(DOTEncoder.encode(graph) == expected)
    }

    @Test("encoding the same value twice gives the same bytes")
    func deterministic() {
        let one = ObjectGraphDiagram.dot(Fixtures.macBindings)
        let two = ObjectGraphDiagram.dot(Fixtures.macBindings)
        #expect(one == two)
    }

    @Test("empty elements of an HTML label are dropped, innermost first; other labels pass unchanged")
    func emptyElementsDropped() {
        #expect(DOTEncoder.hasTagRightAfterTag("<B></B>"))
        #expect(DOTEncoder.hasTagRightAfterTag("x<I>y</I>><//"))
        #expect(!DOTEncoder.hasTagRightAfterTag("<B>x</B> > </ <"))
        #expect(!DOTEncoder.hasTagRightAfterTag(""))
        #expect(DOTEncoder.nonEmptyElements("a<B><I></I></B>b<FONT POINT-SIZE=\"9\"></FONT>") == "ab")
        #expect(DOTEncoder.nonEmptyElements("<TABLE><TR><TD>é</TD></TR></TABLE>") == "<TABLE><TR><TD>é</TD></TR></TABLE>")
    }
}
