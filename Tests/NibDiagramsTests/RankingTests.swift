import Foundation
import NibDOT
import NibModel
import NibTestSupport
import Testing

@testable import NibDiagrams

/// How connections take part in `dot`'s ranking in the `graph` diagram: in a large drawing a
/// connection inside one tree is drawn over the containment layout instead of ranking its ends.
@Suite("ObjectGraphDiagram ranking")
struct RankingTests {
    /// A macOS sheet like sequelpro's bit editor: File's Owner, a panel's content view holding
    /// `count` buttons (each with its cell), a `nextKeyView` loop through the buttons, an action
    /// from each button to File's Owner and an outlet from File's Owner to the view.
    static func sheet(buttons count: Int) -> NibGraph {
        var objects = [
            NibObject(id: "-2", element: "customObject", className: "NSObject", customClass: "Owner", placeholder: "IBFilesOwner", line: 1),
            NibObject(id: "view", element: "view", className: "NSView", line: 2),
        ]
        var connections = [Connection(id: nil, source: "-2", kind: .outlet(property: "sheetView", destination: "view"))]
        for index in 0..<count {
            let button = ObjectID("b\(index)")
            objects.append(NibObject(id: button, element: "button", className: "NSButton", parent: "view", line: 10 + index))
            objects.append(NibObject(id: ObjectID("c\(index)"), element: "buttonCell", className: "NSButtonCell", parent: button))
            connections.append(
                Connection(
                    id: nil, source: button, kind: .outlet(property: "nextKeyView", destination: ObjectID("b\((index + 1) % count)"))))
            connections.append(Connection(id: nil, source: button, kind: .action(selector: "bitClicked:", target: "-2", eventType: nil)))
        }
        return NibGraph(
            file: "Fixtures/Sheet.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.Cocoa.XIB", platform: .macos,
            objects: objects, connections: connections)
    }

    static func edgeLines(_ dot: String, containing text: String) -> [Substring] {
        dot.split(separator: "\n").filter { $0.contains(" -> ") && $0.contains(text) }
    }

    @Test("in a large drawing, connections inside one tree do not rank their ends; those between trees still do")
    func sameTreeConnectionsFloat() {
        let dot = ObjectGraphDiagram.dot(Self.sheet(buttons: 40))
        let siblings = Self.edgeLines(dot, containing: "nextKeyView")
        #expect(siblings.count == 40)
        #expect(siblings.allSatisfy { $0.contains("constraint=\"false\"") })
        let toOwner = Self.edgeLines(dot, containing: "bitClicked:") + Self.edgeLines(dot, containing: "sheetView")
        #expect(toOwner.count == 41)
        #expect(toOwner.allSatisfy { !$0.contains("constraint") })
    }

    @Test("a small drawing keeps every connection in the ranking (its labels take layout space)")
    func smallDrawingUnchanged() {
        let dot = ObjectGraphDiagram.dot(Self.sheet(buttons: 4))
        #expect(!dot.contains("constraint"))
    }

    /// Before: the loop ranked each button one step after the previous one, 80 ranks for 40
    /// buttons, and the drawing ran thousands of points to the right. Containment alone ranks
    /// them: view, buttons, cells.
    @Test("a loop of connections through many siblings keeps the drawing as short as its containment")
    func loopDoesNotStretch() throws {
        let svg = try SVGInspector.render(ObjectGraphDiagram.dot(Self.sheet(buttons: 40), options: DiagramOptions(legend: .omit)))
        let metrics = try #require(SVGMetrics(svg: svg))
        #expect(metrics.width < 1_000, "width \(metrics.width)")
    }
}
