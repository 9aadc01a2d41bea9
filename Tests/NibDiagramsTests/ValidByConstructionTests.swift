import Foundation
import NibModel
import Testing

@testable import NibDiagrams

/// Whatever the model says, the DOT is valid: an object is drawn once, long and empty names
/// draw, links stay well-formed (issue 11, "Every input is contained").
@Suite struct ValidByConstructionTests {
    /// A storyboard model with its first scene listed twice (a bad merge) and an object repeated.
    static var repeatedScene: NibGraph {
        let controller = NibObject(
            id: "vc1", element: "viewController", className: "UIViewController", scene: "s1", sceneMemberID: "viewController", line: 5)
        let view = NibObject(id: "v1", element: "view", className: "UIView", parent: "vc1", scene: "s1", key: "view", line: 6)
        let other = NibObject(
            id: "vc2", element: "viewController", className: "UIViewController", scene: "s2", sceneMemberID: "viewController", line: 12)
        return NibGraph(
            file: "merge.storyboard", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            platform: .ios, isStoryboard: true,
            objects: [controller, view, controller, view, other],
            connections: [Connection(id: "sg1", source: "vc1", kind: .segue(destination: "vc2", Segue(kind: "show")), line: 7)],
            scenes: [
                Scene(id: "s1", controller: "vc1", line: 3), Scene(id: "s1", controller: "vc1", line: 3),
                Scene(id: "s2", controller: "vc2"),
            ]
        )
    }

    /// Lines of `dot` that declare node `id` (a node statement, not an edge).
    func declarations(of id: String, in dot: String) -> Int {
        dot.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"\(id)\" [") }.count
    }

    @Test func aRepeatedSceneDrawsEachObjectOnceAndRenders() throws {
        let dot = ObjectGraphDiagram.dot(Self.repeatedScene)
        #expect(declarations(of: "vc1", in: dot) == 1)
        #expect(declarations(of: "v1", in: dot) == 1)
        #expect(dot.components(separatedBy: "scene s1").count - 1 == 1, "one box for scene s1")
        let svg = SVGInspector(try SVGInspector.render(dot))
        #expect(svg.wellFormed)
        #expect(svg.groups("node").map(\.title).sorted() == ["v1", "vc1", "vc2"])
        let parts = ObjectGraphDiagram.parts(Self.repeatedScene, options: DiagramOptions(sceneSplitThreshold: 1))
        #expect(parts.map(\.name) == ["scene-s1", "scene-s2"])
    }

    @Test func emptyClassAndIdAndHugeNamesDraw() throws {
        let huge = String(repeating: "N", count: 20_000)
        let graph = NibGraph(
            file: "names.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", platform: .ios,
            objects: [
                NibObject(id: "", element: "view", className: "UIView", customClass: "", line: 3),
                NibObject(id: ObjectID(huge), element: "label", className: "UILabel", customClass: huge, parent: "", label: huge, line: 4),
                NibObject(id: "b", element: "button", className: "UIButton", customClass: "", label: "", line: 5),
            ],
            connections: [Connection(id: "o", source: ObjectID(huge), kind: .outlet(property: huge, destination: "b"), line: 6)]
        )
        let dot = ObjectGraphDiagram.dot(graph)
        #expect(!dot.contains("<B></B>"))
        let svg = SVGInspector(try SVGInspector.render(dot))
        #expect(svg.wellFormed)
        let titles = svg.groups("node").map(\.title)
        #expect(titles.contains(huge), "the full id reaches Graphviz (written in pieces)")
        #expect(titles.contains(""))
        let texts = svg.groups("node").flatMap(\.texts)
        // Ids are not drawn (labels name objects by what people see); the tooltip shows them.
        #expect(svg.groups("node").flatMap(\.linkTitles).contains { $0.contains("id: (empty id)") })
        #expect(texts.contains { $0.hasSuffix("…") && $0.count <= 41 }, "labels are cut with an ellipsis")
        #expect(svg.groups("node").flatMap(\.linkTitles).contains { $0.contains(huge) }, "the tooltip keeps the full text")
    }

    @Test(arguments: ["https://x.example/?a=1&b=\"2\"#", "https://x.example/<p>'q' r\\s/"])
    func linkBasesWithMarkupCharactersKeepTheSVGWellFormed(base: String) throws {
        let dot = ObjectGraphDiagram.dot(Self.repeatedScene, options: DiagramOptions(linkBase: base))
        let svg = SVGInspector(try SVGInspector.render(dot))
        #expect(svg.wellFormed)
        let hrefs = svg.groups("node").flatMap(\.hrefs)
        #expect(hrefs.contains { $0.hasPrefix("https://x.example/") && $0.hasSuffix("obj-vc1") })
        #expect(hrefs.allSatisfy { !$0.contains("\"") && !$0.contains("<") })
    }
}
