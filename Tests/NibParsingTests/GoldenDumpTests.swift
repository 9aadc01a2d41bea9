import Foundation
import NibInspect
import NibParsing
import NibTestSupport
import Testing

/// Whole model dumps (text tree and JSON export) of one small document of each kind.
@Suite struct GoldenDumpTests {
    static let documents = [
        "ios-view.xib", "ios-main.storyboard", "macos-prefs.xib", "macos-main.storyboard",
        "archive-ios.xib", "archive-macos.designable.nib", "bom-crlf.xib",
    ]

    @Test(arguments: documents)
    func textDumpMatchesItsGolden(name: String) throws {
        let graph = try Fixtures.graph(name)
        Golden.check(InspectText.render(graph), against: Fixtures.snapshots.appendingPathComponent("\(name).txt").path)
    }

    @Test(arguments: documents)
    func jsonExportMatchesItsGoldenAndIsValidJSON(name: String) throws {
        let graph = try Fixtures.graph(name)
        let json = InspectJSON.encode(graph)
        Golden.check(json, against: Fixtures.snapshots.appendingPathComponent("\(name).json").path)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == (name.hasPrefix("archive") ? "archive" : "document"))
    }

    @Test(arguments: documents)
    func parsingTwiceGivesTheSameBytes(name: String) throws {
        #expect(InspectJSON.encode(try Fixtures.graph(name)) == InspectJSON.encode(try Fixtures.graph(name)))
    }
}
