import Foundation
import NibDiagrams
import NibModel
import Testing

@testable import NibSite

/// A big xib's object part pages say where each part sits: a container cut out of its parent's
/// part links back to it, and the parent lists what was cut out (a window whose content view is
/// its own part looked empty, with nothing pointing at the rest).
@Suite struct ObjectPagesTests {
    /// A window holding a content view holding a tab view, each holding a dozen or more objects.
    static func window() -> NibGraph {
        var objects = [NibObject(id: "w", element: "window", className: "NSWindow", label: "Inspector")]
        objects.append(NibObject(id: "c", element: "view", className: "NSView", parent: "w", key: "contentView"))
        objects += (0..<14).map { NibObject(id: ObjectID("b\($0)"), element: "button", className: "NSButton", parent: "c") }
        objects.append(NibObject(id: "t", element: "tabView", className: "NSTabView", parent: "c"))
        objects += (0..<14).map { NibObject(id: ObjectID("i\($0)"), element: "tabViewItem", className: "NSTabViewItem", parent: "t") }
        return NibGraph(
            file: "Inspector.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.Cocoa.XIB", platform: .macos,
            objects: objects)
    }

    @Test func eachCutOutPartKnowsThePartItSitsIn() throws {
        let graph = Self.window()
        let split = try #require(DocumentPartition.parts(graph, options: DiagramOptions(objectSplitThreshold: 10)))
        #expect(split.map(\.id) == ["w", "c", "t"])
        let nesting = SitePlanner.partNesting(split, in: graph)
        #expect(nesting.parent == [1: 0, 2: 1])
        #expect(nesting.children == [0: [1], 1: [2]])
        // The document page counts both kinds of page (it said "one page per top-level object").
        #expect(
            SitePlanner.splitSentence(topLevel: 1, containers: 2)
                == "The object graph is split: the overview above, and one page per top-level object (1) and per container big enough to be drawn on its own (2), each page saying where it sits."
        )
        #expect(SitePlanner.splitSentence(topLevel: 3, containers: 0).hasSuffix("one page per top-level object (3)."))
    }
}
