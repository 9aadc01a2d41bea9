import Foundation
import NibInspect
import NibParsing
import Testing

/// The JSON export: documented keys always present, strings escaped, summaries for folders.
@Suite struct InspectJSONTests {
    private func parse(_ xml: String) throws -> [String: Any] {
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "h\"o\\stile\n.xib")
        let json = InspectJSON.encode(graph)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func hostileNamesAndLabelsSurviveARoundTrip() throws {
        let label = "Quote \" back\\slash \u{1} tab\t </script> “curly” 🎛"
        let escaped = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(
                of: "\u{1}", with: "")
        let json = try parse(
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"v1\" userLabel=\"\(escaped)\"/></objects></document>"
        )
        #expect(json["file"] as? String == "h\"o\\stile\n.xib")
        let objects = try #require(json["objects"] as? [[String: Any]])
        #expect(objects.first?["label"] as? String == label.replacingOccurrences(of: "\u{1}", with: ""))
    }

    @Test func everyDocumentedKeyIsPresentWithNullForAbsentValues() throws {
        let json = try parse(
            """
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB"><objects>
            <customObject id="-1"/><menuItem id="m1"><connections><action selector="copy:" id="a1"/></connections></menuItem>
            </objects></document>
            """)
        for key in ["file", "format", "documentType", "platform", "objects", "connections", "diagnostics"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let objects = try #require(json["objects"] as? [[String: Any]])
        for key in ["id", "element", "class", "customClass", "placeholder", "parent", "scene", "label"] {
            #expect(objects.allSatisfy { $0.keys.contains(key) }, "missing object key \(key)")
        }
        let action = try #require((json["connections"] as? [[String: Any]])?.first)
        for key in [
            "kind", "id", "source", "destination", "property", "selector", "eventType", "keyPath", "name", "segueKind", "identifier",
        ] {
            #expect(action.keys.contains(key), "missing connection key \(key)")
        }
        #expect(action["destination"] is NSNull)  // nil-target action: the responder chain
        #expect(action["selector"] as? String == "copy:")
        #expect(json["platform"] as? String == "macos")
    }

    @Test func folderSummariesCarryErrorsAndTotals() throws {
        let good = InspectSummary(graph: try Fixtures.graph("ios-view.xib"))
        let bad = InspectSummary(
            file: "empty.xib", error: LocatedError(at: FileLocation(file: "empty.xib", line: 1, column: 1), "empty file"))
        let json = InspectJSON.encodeSummaries([good, bad])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["files"] as? Int == 2)
        #expect(totals["failed"] as? Int == 1)
        #expect(totals["outlets"] as? Int == 3)
        #expect(bad.line == "empty.xib:1:1: error: empty file")
        #expect(InspectSummary.totalsLine([good, bad]).hasPrefix("total: 2 files (1 failed), 8 objects, 3 placeholders, 3 outlets"))
    }
}

/// Finding documents in a folder.
@Suite struct NibDocumentFinderTests {
    @Test func findsXibStoryboardAndDesignableNibSortedAndSkipsTheRest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-finder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "b/Main.storyboard", "a/View.xib", "Old.nib/designable.nib", "Old.nib/keyedobjects.nib", "notes.txt", ".hidden/X.xib",
            "c/Upper.XIB",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<document/>".utf8).write(to: url)
        }
        let found = NibDocumentFinder.documents(in: root).map {
            String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }
        #expect(found == ["Old.nib/designable.nib", "a/View.xib", "b/Main.storyboard", "c/Upper.XIB"])
        #expect(NibDocumentFinder.documents(in: root.appendingPathComponent("a/View.xib")).count == 1)
        #expect(NibDocumentFinder.documents(in: root.appendingPathComponent("missing")).isEmpty)
    }

    @Test func findsCompiledNibsBundlesAndStoryboardFoldersInABuiltApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-finder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "Demo.app/View.nib", "Demo.app/Base.lproj/Main.storyboardc/Info.plist", "Demo.app/Base.lproj/Main.storyboardc/Scene.nib",
            "Demo.app/Kit.framework/Prefs.nib/keyedobjects.nib", "Demo.app/Kit.framework/Prefs.nib/keyedobjects-101300.nib",
            "Demo.app/Info.plist",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("NIBArchive".utf8).write(to: url)
        }
        let found = NibDocumentFinder.documents(in: root).map {
            String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }
        #expect(found == ["Demo.app/Base.lproj/Main.storyboardc", "Demo.app/Kit.framework/Prefs.nib", "Demo.app/View.nib"])
        let storyboard = root.appendingPathComponent("Demo.app/Base.lproj/Main.storyboardc")
        #expect(NibDocumentFinder.documents(in: storyboard) == [storyboard])
    }
}

/// The text dump of `nibviz inspect`.
@Suite struct InspectTextTests {
    @Test func hostileIdsAndLabelsCannotForgeLines() throws {
        let xml = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
            <view id="v&#10;diagnostics:" userLabel="a&#10;b"><connections>
            <outlet property="p&#13;q" destination="gone&#10;x" id="o1"/></connections></view>
            </objects></document>
            """
        let text = InspectText.render(try NibDocumentParser.parse(data: Data(xml.utf8), file: "h.xib"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0 == "diagnostics:" }.count == 1)
        #expect(text.contains(#"view #"v\ndiagnostics:" UIView label="a\nb""#))
        #expect(text.contains(#"→ outlet "p\rq" → #"gone\nx" (missing)"#))
        #expect(text.contains(#"dangling reference: <outlet> refers to missing id "gone\nx""#))
    }
}
