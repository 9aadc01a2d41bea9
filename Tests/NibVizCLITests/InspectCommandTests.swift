import Foundation
import NibTestSupport
import Testing

/// End-to-end: `nibviz inspect` on files and folders (needs `swift build --product nibviz`).
@Suite struct InspectCommandTests {
    let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__")

    private func folder(with names: [String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func jsonOutputIsTheDocumentedExport() throws {
        let result = try runNibviz(["inspect", fixtures.appendingPathComponent("ios-main.storyboard").path, "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["platform"] as? String == "ios")
        #expect(json["format"] as? String == "document")
        #expect((json["objects"] as? [Any])?.count == 15)
        #expect((json["connections"] as? [[String: Any]])?.filter { $0["kind"] as? String == "segue" }.count == 5)
        #expect(result.stderr.isEmpty)
    }

    @Test func textOutputIsATreeWithConnectionsUnderTheirSource() throws {
        let result = try runNibviz(["inspect", fixtures.appendingPathComponent("macos-prefs.xib").path])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "  customObject #-2 PrefsViewController (NSObject) [placeholder IBFilesOwner] label=\"File's Owner\"\n    → outlet view → #c22-O7-iKe (SwatchView)\n"
            ))
        #expect(result.output.contains("      → action toggleBadge: → #-2 (placeholder IBFilesOwner)\n"))
    }

    @Test func aFolderGivesOneLinePerFileAndTotalsAndKeepsGoingPastBadFiles() throws {
        let directory = try folder(with: ["ios-view.xib", "empty.xib", "archive-macos.designable.nib", "truncated.xib"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runNibviz(["inspect", directory.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "\(directory.path)/archive-macos.designable.nib: macos xib (archive), 8 objects, 3 placeholders, 1 outlets, 0 outlet collections, 1 actions, 1 bindings, 0 segues, 0 scenes, 0 diagnostics"
        )
        #expect(lines[1] == "\(directory.path)/empty.xib:1:1: error: empty file: not an Interface Builder document")
        #expect(lines[2].hasPrefix("\(directory.path)/ios-view.xib: ios xib (document), 8 objects"))
        #expect(lines[3].hasPrefix("\(directory.path)/truncated.xib:56:"))
        #expect(lines[4].hasPrefix("total: 4 files (2 failed), 16 objects"))
        // No progress bar: not a terminal.
        #expect(result.stderr == "Error: \(directory.path): 2 of 4 files could not be read\n")
    }

    /// A folder is read on several threads; the report is the serial one, byte for byte, in
    /// path order, bad files included (text and JSON).
    @Test func aFolderReadOnSeveralThreadsGivesTheSerialReport() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { !$0.hasPrefix(".") }.sorted()
        let directory = try folder(with: names)
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["text", "json"] {
            let serial = try runNibviz(["inspect", directory.path, "--format", format, "--jobs", "1"])
            let parallel = try runNibviz(["inspect", directory.path, "--format", format, "--jobs", "4"])
            #expect(serial.status == 1, "the folder holds unreadable files")
            #expect(parallel.status == serial.status)
            #expect(parallel.stdout == serial.stdout, "\(format)")
            #expect(parallel.stderr == serial.stderr)
            #expect(serial.output.contains("empty.xib"), "every file is in the report")
        }
        #expect(try runNibviz(["inspect", directory.path, "--jobs", "0"]).status == 64)
    }

    @Test func aFolderSummaryInJSONHasTotals() throws {
        let directory = try folder(with: ["ios-view.xib", "macos-main.storyboard"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runNibviz(["inspect", directory.path, "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((json["totals"] as? [String: Any])?["files"] as? Int == 2)
        #expect((json["files"] as? [Any])?.count == 2)
    }

    @Test(arguments: [
        ("truncated.xib", "truncated.xib:56:"), ("empty.xib", "empty.xib:1:1: empty file"),
        ("compiled.nib", "compiled.nib: byte 18: NIBArchive without objects"), ("not-xml.xib", "not-xml.xib:1:1: not XML"),
    ])
    func anUnreadableFileExitsOneWithFileLineAndColumn(name: String, message: String) throws {
        let result = try runNibviz(["inspect", fixtures.appendingPathComponent(name).path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: \(fixtures.path)/\(message)"), "\(result.stderr)")
    }

    @Test func aMissingPathAndABadFormatAreReported() throws {
        #expect(try runNibviz(["inspect", "/nonexistent/x.xib"]).status == 1)
        #expect(try runNibviz(["inspect", fixtures.appendingPathComponent("ios-view.xib").path, "--format", "yaml"]).status == 64)
    }
}
