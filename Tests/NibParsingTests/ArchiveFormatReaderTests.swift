import Foundation
import NibParsing
import Testing

/// The pre-Xcode 5 archive format and designable.nib files.
@Suite struct ArchiveFormatReaderTests {
    @Test func iOSArchiveObjectsComeFromObjectRecordsWithCustomClasses() throws {
        let graph = try Fixtures.graph("archive-ios.xib")
        #expect(graph.format == .archive && graph.platform == .ios)
        #expect(graph.objects.map(\.id.rawValue) == ["-1", "-2", "1", "3", "4"])  // document order
        let owner = try #require(graph.objectsByID["-1"])
        #expect(owner.placeholder == "IBFilesOwner" && owner.customClass == "LoginViewController" && owner.label == "File's Owner")
        #expect(graph.objectsByID["4"]?.customClass == "EmailField")
        #expect(graph.objectsByID["4"]?.className == "UITextField")
        #expect(graph.objectsByID["4"]?.parent == "1")
        #expect(graph.objectsByID["1"]?.label == "Login View")
    }

    /// Old archives store some names as base64 with one character too many (ASIHTTPRequest's
    /// `MainMenu.nib`, WordPress's and a Xamarin sample's `MainWindow.xib` name File's Owner
    /// `RmlsZSdzIE93bmVyA`): the name reads, not its encoding.
    @Test func base64NamesWithAStrayLastCharacterAreDecoded() throws {
        let text = try String(contentsOf: Fixtures.folder.appendingPathComponent("archive-ios.xib"), encoding: .utf8)
        let encoded = text.replacingOccurrences(
            of: "<string key=\"objectName\">File's Owner</string>",
            with: "<string type=\"base64-UTF8\" key=\"objectName\">RmlsZSdzIE93bmVyA</string>")
        #expect(encoded != text)
        let graph = try NibDocumentParser.parse(data: Data(encoded.utf8), file: "archive-ios.xib")
        #expect(graph.objectsByID["-1"]?.label == "File's Owner")
    }

    /// Interface Builder 3 writes a string typed into its inspector as an archived
    /// `NSMutableString` object around its `NS.bytes` (Adium's nibs: 610 custom views named so).
    /// Its name is the text of `NS.bytes`, never the object's whitespace.
    @Test func namesArchivedAsStringObjectsAreTheirBytes() throws {
        let text = try String(contentsOf: Fixtures.folder.appendingPathComponent("archive-macos.designable.nib"), encoding: .utf8)
        func archived(_ key: String, _ value: String) -> String {
            "<object class=\"NSMutableString\" key=\"\(key)\">\n\t\t\t\t\t<characters key=\"NS.bytes\">\(value)</characters>\n\t\t\t\t</object>"
        }
        let rewritten = text.replacingOccurrences(
            of: "<string key=\"NSClassName\">AppDelegate</string>", with: archived("NSClassName", "AppDelegate")
        )
        .replacingOccurrences(of: "<string key=\"NSWindowClass\">NSPanel</string>", with: archived("NSWindowClass", "NSPanel"))
        .replacingOccurrences(of: "<string key=\"objectName\">Main Window</string>", with: archived("objectName", "Main Window"))
        #expect(rewritten.components(separatedBy: "NSMutableString").count == 4)
        let graph = try NibDocumentParser.parse(data: Data(rewritten.utf8), file: "archive-macos.designable.nib")
        #expect(graph.objectsByID["4"]?.customClass == "AppDelegate")
        #expect(graph.objectsByID["1"]?.customClass == "NSPanel" && graph.objectsByID["1"]?.label == "Main Window")
    }

    @Test func iOSEventConnectionsAreActionsFromTheControlWithTheirEventName() throws {
        let graph = try Fixtures.graph("archive-ios.xib")
        let action = try #require(graph.connections.first { $0.kind.name == "action" })
        #expect(action.source == "3")
        #expect(action.kind == .action(selector: "go:", target: "-1", eventType: "touchUpInside"))
        #expect(action.id == "7")
    }

    @Test func macOSActionConnectionsAreTurnedAroundToStartAtTheSender() throws {
        // AppKit archives record an action from its target to the sender.
        let graph = try Fixtures.graph("archive-macos.designable.nib")
        let action = try #require(graph.connections.first { $0.kind.name == "action" })
        #expect(action.source == "3")
        #expect(action.kind == .action(selector: "refresh:", target: "4", eventType: nil))
    }

    @Test func macOSArchivePlaceholdersBindingsAndCustomClassesAreRead() throws {
        let graph = try Fixtures.graph("archive-macos.designable.nib")
        #expect(graph.platform == .macos)
        #expect(graph.objectsByID["-2"]?.placeholder == PlaceholderIdentifier.filesOwner)
        #expect(graph.objectsByID["-1"]?.placeholder == PlaceholderIdentifier.firstResponder)
        #expect(graph.objectsByID["-3"]?.placeholder == PlaceholderIdentifier.application)
        #expect(graph.objectsByID["1"]?.className == "NSWindow")
        #expect(graph.objectsByID["1"]?.customClass == "NSPanel")
        #expect(graph.objectsByID["3"]?.customClass == "RefreshButton")
        #expect(graph.objectsByID["4"]?.customClass == "AppDelegate")
        let binding = try #require(graph.connections.first { $0.kind.name == "binding" })
        #expect(
            binding.kind
                == .binding(
                    name: "enabled", destination: "5", keyPath: "values.canRefresh",
                    options: [BindingOption(key: "NSValueTransformerName", value: "NSIsNotNil")]))
    }

    @Test(arguments: [(7, "touchUpInside"), (1, "touchDown"), (13, "valueChanged"), (18, "editingChanged")])
    func archivedEventTypesMapToControlEventNames(type: Int, name: String) throws {
        let xml = """
            <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><data>
            <object class="IBUIButton" id="10"/><object class="IBProxyObject" id="11"><string key="IBProxiedObjectIdentifier">IBFilesOwner</string></object>
            <object class="IBObjectContainer" key="IBDocument.Objects">
            <array key="connectionRecords"><object class="IBConnectionRecord"><object class="IBCocoaTouchEventConnection" key="connection">
            <string key="label">x:</string><reference key="source" ref="10"/><reference key="destination" ref="11"/><int key="IBEventType">\(type)</int>
            </object></object></array>
            <object class="IBMutableOrderedSet" key="objectRecords"><array key="orderedObjects">
            <object class="IBObjectRecord"><int key="objectID">2</int><reference key="object" ref="10"/></object>
            <object class="IBObjectRecord"><int key="objectID">-1</int><reference key="object" ref="11"/></object>
            </array></object></object></data></archive>
            """
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "e.xib")
        #expect(graph.connections.first?.kind == .action(selector: "x:", target: "-1", eventType: name))
        #expect(graph.diagnostics == [])
    }
}

/// Nib bundles: a `Foo.nib/` folder holding `designable.nib` and compiled `keyedobjects.nib`.
@Suite struct NibBundleTests {
    private func bundle(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-bundle-\(UUID().uuidString)/Main.nib")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func aNibBundleIsReadFromItsDesignableNib() throws {
        let source = try Data(contentsOf: Fixtures.url("archive-macos.designable.nib"))
        let url = try bundle(["designable.nib": source, "keyedobjects.nib": Data("bplist00".utf8)])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let graph = try NibDocumentParser.parse(contentsOf: url, displayName: "Main.nib")
        #expect(graph.file == "Main.nib/designable.nib")
        #expect(graph.objects.count == 8)
    }

    @Test func aCompiledOnlyNibBundleIsReadFromItsKeyedObjects() throws {
        let url = try bundle(["keyedobjects.nib": Data("bplist00".utf8)])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let expected = LocatedError(
            at: FileLocation(file: "Main.nib/keyedobjects.nib"), "byte 8: truncated: no room for the 32-byte trailer")
        #expect(throws: expected) {
            try NibDocumentParser.parse(contentsOf: url, displayName: "Main.nib")
        }
    }
}
