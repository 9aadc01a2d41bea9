import Foundation
import Testing

@testable import NibModel

/// `NibGraph` in `CompactBinary` (a site build's kept summaries): every field of every type
/// reads back, equal graphs give equal bytes, and a cut or altered encoding is an error.
@Suite("NibGraph in CompactBinary")
struct GraphCompactBinaryTests {
    /// A graph with every field set and every kind of connection.
    static let graph: NibGraph = {
        let segue = Segue(
            kind: "popover", identifier: "show", relationship: "rootViewController", customClass: "FadeSegue", unwindAction: "done:",
            modalPresentationStyle: "formSheet", popoverAnchor: "anchor")
        var view = NibObject(
            id: "view-1", element: "view", className: "UIView", customClass: "CardView", customModule: "App", placeholder: nil,
            parent: "vc",
            scene: "scene-1", label: "Card ü", key: "view", storyboardIdentifier: "card", sceneMemberID: "viewController",
            attributes: ["contentMode": "scaleToFill", "alpha": "0.5", "": "empty name"],
            runtimeAttributes: [
                RuntimeAttribute(type: "number", keyPath: "layer.cornerRadius", value: "8"), .init(type: "nil", keyPath: "x"),
            ],
            line: 12, contentText: "Text\nwith a line break")
        view.column = 7
        var outlet = Connection(id: "c1", source: "vc", kind: .outlet(property: "card", destination: "view-1"), line: 30)
        outlet.column = 5
        return NibGraph(
            file: "App/Main.storyboard", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            platform: .ios, targetRuntime: "iOS.CocoaTouch", toolsVersion: "21701", isStoryboard: true,
            objects: [NibObject(id: "owner", element: "placeholder", className: "NSObject", placeholder: "IBFilesOwner"), view],
            connections: [
                outlet, Connection(id: nil, source: "vc", kind: .outletCollection(property: "cards", destination: "view-1", appends: true)),
                Connection(id: "c3", source: "button", kind: .action(selector: "tap:", target: nil, eventType: "touchUpInside")),
                Connection(
                    id: "c4", source: "button", kind: .action(selector: "go:", target: "vc", eventType: nil), namesTargetAttribute: true),
                Connection(
                    id: "c5", source: "field",
                    kind: .binding(
                        name: "value", destination: "controller", keyPath: "selection.name",
                        options: [BindingOption(key: "NSNullPlaceholder", value: "—")])),
                Connection(id: "c6", source: "vc", kind: .segue(destination: "next", segue)),
                Connection(id: "c7", source: "vc", kind: .segue(destination: "plain", Segue(kind: "show"))),
            ],
            scenes: [Scene(id: "scene-1", controller: "vc", title: "Cards", line: 9), Scene(id: "scene-2")], initialViewController: "vc",
            diagnostics: [
                Diagnostic(.warning, at: FileLocation(file: "App/Main.storyboard", line: 3, column: 4), "odd"),
                Diagnostic(.note, at: FileLocation(file: ""), "no place"),
            ])
    }()

    @Test func aGraphReadsBackWholeAndEqualGraphsGiveEqualBytes() throws {
        var writer = CompactBinary.Writer()
        Self.graph.write(to: &writer)
        var reader = CompactBinary.Reader(writer.bytes)
        let back = try NibGraph(from: &reader)
        #expect(reader.isAtEnd)
        #expect(back == Self.graph)
        #expect(back.objects[1].column == 7 && back.connections[0].column == 5 && back.connections[3].namesTargetAttribute)
        // A dictionary's order does not reach the bytes.
        var again = Self.graph
        again.objects[1].attributes = Dictionary(uniqueKeysWithValues: Self.graph.objects[1].attributes.reversed())
        var second = CompactBinary.Writer()
        again.write(to: &second)
        #expect(second.bytes == writer.bytes)
        var empty = CompactBinary.Writer()
        let bare = NibGraph(file: "", format: .nibArchive, documentType: "", platform: .macos)
        bare.write(to: &empty)
        var emptyReader = CompactBinary.Reader(empty.bytes)
        #expect(try NibGraph(from: &emptyReader) == bare)
    }

    @Test func aCutOrAlteredEncodingIsMalformed() throws {
        var writer = CompactBinary.Writer()
        Self.graph.write(to: &writer)
        let bytes = writer.bytes
        for length in 0..<bytes.count {
            var reader = CompactBinary.Reader(Array(bytes.prefix(length)))
            #expect(throws: CompactBinary.Malformed.self) { _ = try NibGraph(from: &reader) }
        }
        // An unknown format name, flag or connection tag.
        var format = CompactBinary.Writer()
        NibGraph(file: "f", format: .document, documentType: "", platform: .ios).write(to: &format)
        var renamed = format.bytes
        renamed.replaceSubrange(3..<11, with: Array("docuMENT".utf8))
        var renamedReader = CompactBinary.Reader(renamed)
        #expect(throws: CompactBinary.Malformed.self) { _ = try NibGraph(from: &renamedReader) }
    }

    /// A field added to these types must be written too (`NibGraph+CompactBinary`).
    @Test func everyStoredFieldIsWritten() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(
            fields(Self.graph) == [
                "file", "format", "documentType", "platform", "targetRuntime", "toolsVersion", "isStoryboard", "objects", "connections",
                "scenes", "initialViewController", "diagnostics", "derived",
            ])
        #expect(
            fields(Self.graph.objects[1]) == [
                "id", "element", "className", "customClass", "customModule", "placeholder", "parent", "scene", "label", "key",
                "storyboardIdentifier", "sceneMemberID", "attributes", "runtimeAttributes", "line", "contentText", "column",
            ])
        #expect(fields(RuntimeAttribute(type: "", keyPath: "")) == ["type", "keyPath", "value"])
        #expect(fields(Self.graph.connections[0]) == ["id", "source", "kind", "line", "column", "namesTargetAttribute"])
        #expect(
            fields(Segue(kind: "")) == [
                "kind", "identifier", "relationship", "customClass", "unwindAction", "modalPresentationStyle", "popoverAnchor",
            ])
        #expect(fields(BindingOption(key: "", value: "")) == ["key", "value"])
        #expect(fields(Scene(id: "")) == ["id", "controller", "title", "line"])
        #expect(fields(Diagnostic(.note, at: FileLocation(file: ""), "")) == ["severity", "location", "message"])
        #expect(fields(FileLocation(file: "")) == ["file", "line", "column"])
    }
}
