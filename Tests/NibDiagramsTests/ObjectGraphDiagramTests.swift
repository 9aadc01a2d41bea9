import Foundation
import NibDOT
import NibModel
import NibTestSupport
import Testing

@testable import NibDiagrams

/// Golden path for a snapshot of this test target.
func snapshot(_ name: String) -> String {
    TestPaths.packageRoot.appendingPathComponent("Tests/NibDiagramsTests/__Snapshots__/\(name)").path
}

@Suite("ObjectGraphDiagram")
struct ObjectGraphDiagramTests {
    static let objectRoles = ["object", "controller", "window", "placeholder"]

    @Test("an iOS xib draws as its golden DOT")
    func cardViewGolden() {
        Golden.check(ObjectGraphDiagram.dot(Fixtures.cardView), against: snapshot("graph-CardView.dot"))
    }

    @Test("a macOS xib with bindings draws as its golden DOT, dark theme with links")
    func macGolden() {
        let options = DiagramOptions(theme: .dark, linkBase: "#")
        Golden.check(ObjectGraphDiagram.dot(Fixtures.macBindings, options: options), against: snapshot("graph-Preferences-dark.dot"))
    }

    @Test("a storyboard draws every scene as a box", arguments: [false, true])
    func storyboardGolden(split: Bool) {
        if split {
            Golden.check(ObjectGraphDiagram.dot(Fixtures.storyboard, scene: "s2"), against: snapshot("graph-Main-scene-s2.dot"))
        } else {
            Golden.check(ObjectGraphDiagram.dot(Fixtures.storyboard), against: snapshot("graph-Main.dot"))
        }
    }

    @Test(
        "the SVG has one node group per object, one edge per connection and a legend",
        arguments: [
            Fixtures.cardView, Fixtures.macBindings,
        ])
    func svgStructure(graph: NibGraph) throws {
        let svg = SVGInspector(try SVGInspector.render(ObjectGraphDiagram.dot(graph, options: DiagramOptions(linkBase: "#"))))
        #expect(svg.wellFormed)
        let nodes = svg.groups("node").filter {
            $0.classes.contains(where: Self.objectRoles.contains) && !$0.classes.contains("responder-chain")
        }
        #expect(nodes.map(\.title).sorted() == graph.objects.map(\.id.rawValue).sorted())
        #expect(svg.groups("edge").count == graph.connections.count)
        #expect(svg.groups("cluster", role: "legend", includeLegend: true).count == 1)
        for node in nodes {
            #expect(node.hrefs == ["#obj-" + DOTEscaping.percentEncoded(node.title)])
            #expect(!(node.linkTitles.first ?? "").isEmpty)
        }
        for edge in svg.groups("edge") { #expect(!edge.linkTitles.isEmpty) }
    }

    @Test("each connection kind gets its own edge class")
    func connectionClasses() throws {
        let svg = SVGInspector(try SVGInspector.render(ObjectGraphDiagram.dot(Fixtures.cardView)))
        let classes = svg.groups("edge").map { $0.classes[1] }
        #expect(classes == ["outlet", "outlet", "outlet-collection", "action", "nil-target"])
        let legend = svg.groups("edge", includeLegend: true).filter { $0.classes.contains("legend-key") }.map { $0.classes[1] }
        #expect(legend == ["outlet", "outlet-collection", "action", "nil-target"])
    }

    @Test("placeholders are drawn dashed and classed apart from real objects")
    func placeholdersDiffer() {
        let dot = ObjectGraphDiagram.dot(Fixtures.cardView)
        let owner = dot.split(separator: "\n").first { $0.hasPrefix("  \"-1\"") || $0.contains("\"-1\" [") } ?? ""
        #expect(owner.contains("class=\"placeholder\""))
        #expect(owner.contains("dashed"))
    }

    @Test("a large storyboard splits into one diagram per scene and no overview (the flow is the overview)")
    func splitsLargeStoryboards() {
        let parts = ObjectGraphDiagram.parts(Fixtures.chain(12))
        #expect(parts.map(\.name) == (0..<12).map { "scene-sc\($0)" })
        #expect(parts[2].title == "Step2ViewController")
        #expect(!parts.contains { $0.dot == FlowDiagram.dot(Fixtures.chain(12)) })
        #expect(ObjectGraphDiagram.parts(Fixtures.storyboard).map(\.name) == ["graph"])
    }

    @Test("a nil-target action without a First Responder object goes to a responder-chain node")
    func nilTargetWithoutPlaceholder() {
        var graph = Fixtures.cardView
        graph.objects.removeAll { $0.placeholder == PlaceholderIdentifier.firstResponder }
        let dot = ObjectGraphDiagram.dot(graph)
        #expect(dot.contains("\"btn-00-001\" -> \"stub:responder-chain\""))
    }

    @Test("hostile names come out escaped and still render")
    func hostileNames() throws {
        var graph = Fixtures.cardView
        graph.objects[2].customClass = "Card\"View\\N<&>"
        graph.objects[2].label = "line1\nline2 \\G"
        graph.objects[3].id = "btn\"\\"
        graph.connections[1] = Connection(id: nil, source: "-1", kind: .outlet(property: "but\\ton", destination: "btn\"\\"))
        let bytes = try SVGInspector.render(ObjectGraphDiagram.dot(graph))
        let svg = SVGInspector(bytes)
        #expect(svg.wellFormed)
        let card = try #require(svg.groups("node").first { $0.title == "xRo-ot-001" })
        #expect(card.texts.contains("Card\"View\\N<&>"))
        #expect(card.texts.contains("“line1") || card.texts.joined().contains("line1"))
    }
}

@Suite("TopLevelOverview")
struct TopLevelOverviewTests {
    /// A xib with one window holding `count` buttons wired to File's Owner.
    static func bigXib(_ count: Int) -> NibGraph {
        var graph = Fixtures.cardView
        graph.connections = []
        for index in 0..<count {
            let id = ObjectID("b\(index)")
            graph.objects.append(NibObject(id: id, element: "button", className: "UIButton", parent: "xRo-ot-001"))
            graph.connections.append(
                Connection(id: nil, source: id, kind: .action(selector: "tap:", target: "-1", eventType: "touchUpInside")))
        }
        return graph
    }

    @Test("a document above the object threshold splits into an overview and one part per container")
    func splits() throws {
        let graph = Self.bigXib(20)
        let parts = ObjectGraphDiagram.parts(graph, options: DiagramOptions(objectSplitThreshold: 10))
        #expect(parts.map(\.name) == ["overview", "object-xRo-ot-001"])
        let overview = SVGInspector(try SVGInspector.render(parts[0].dot))
        #expect(overview.groups("node").filter { $0.classes.contains("top-level") }.count == 3)
        let edges = overview.groups("edge")
        #expect(edges.count == 1)
        #expect(edges.first?.texts.joined() == "20 actions")
        let part = SVGInspector(try SVGInspector.render(parts[1].dot))
        #expect(part.groups("edge").count == 20)
        // What a document page draws of it: the overview only, and the parts to put elsewhere.
        let whole = ObjectGraphDiagram.whole(graph, options: DiagramOptions(objectSplitThreshold: 10))
        #expect(whole.diagram?.name == "overview" && whole.split?.map(\.name) == ["object-xRo-ot-001"])
    }

    @Test("a document above the object threshold whose top-level objects hold nothing is drawn whole")
    func topLevelObjectsWithoutContentsAreDrawnWhole() throws {
        var graph = Fixtures.cardView
        graph.objects = graph.objects.map { object in
            var object = object
            object.parent = nil
            return object
        }
        for index in 0..<20 { graph.objects.append(NibObject(id: ObjectID("t\(index)"), element: "customObject", className: "NSObject")) }
        let options = DiagramOptions(objectSplitThreshold: 10)
        #expect(ObjectGraphDiagram.parts(graph, options: options).map(\.name) == ["graph"])
        #expect(ObjectGraphDiagram.whole(graph, options: options).split == nil)
    }
}
