import Foundation
import NibTestSupport
import Testing

/// `nibviz site` end to end (needs `swift build --product nibviz` first).
@Suite(
    "nibviz site", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct SiteCommandTests {
    @Test func buildsTheConceptSiteWithNamedStepsAndRebuildsFromTheCache() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-cli-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let output = directory.appendingPathComponent("public").path
        let first = try runNibviz(["site", "-o", output], currentDirectory: TestPaths.packageRoot)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains("[1/12] hash inputs") && first.stderr.contains("[8/12] write the remaining pages")
                && first.stderr.contains("[12/12] swap output"))
        #expect(
            FileManager.default.fileExists(atPath: output + "/index.html") && FileManager.default.fileExists(atPath: output + "/rules.html")
        )
        // The built-in site (what `make site` builds): no broken link or anchor, inline SVG included.
        let broken = try LinkWalk.broken(in: URL(fileURLWithPath: output))
        #expect(broken.isEmpty, "\(broken.count) broken: \(broken.prefix(10))")
        let second = try runNibviz(["site", "-o", output], currentDirectory: TestPaths.packageRoot)
        #expect(second.status == 0)
        #expect(second.stderr.contains("site: up to date"), "\(second.stderr)")
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func anUnreadableDocumentGetsAnErrorPageAndFailsTheBuildOnlyWithStrict() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-cli-bad-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let inputs = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data().write(to: inputs.appendingPathComponent("Empty.xib"))
        let output = directory.appendingPathComponent("public").path
        // Without --strict the site is built and the closing summary names the file (exit 0).
        let lenient = try runNibviz(["site", inputs.path, "-o", output, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("Error: in/Empty.xib") && lenient.stderr.contains("1 input(s) could not be read"))
        let result = try runNibviz(["site", inputs.path, "-o", output, "--no-cache", "--strict"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: in/Empty.xib"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output + "/documents/in/Empty.xib.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/concepts/connections.html"))
        try? FileManager.default.removeItem(at: directory)
    }

    /// A folder with no Interface Builder document (a mistyped path, the wrong checkout) builds
    /// the concept pages and says that it found no document.
    @Test func aFolderWithoutDocumentsIsSaidToHaveNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-cli-none-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let inputs = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data("// code\n".utf8).write(to: inputs.appendingPathComponent("App.swift"))
        let output = directory.appendingPathComponent("public").path
        let result = try runNibviz(["site", inputs.path, "-o", output, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("site: warning: no .xib, .storyboard or compiled nib in"), "\(result.stderr)")
        let withDocument = try runNibviz(
            [
                "site", TestPaths.packageRoot.appendingPathComponent("Tests/NibSiteTests/__Fixtures__/Card.xib").path, "-o", output,
                "--no-cache",
            ],
            currentDirectory: TestPaths.packageRoot)
        #expect(withDocument.status == 0 && !withDocument.stderr.contains("site: warning: no .xib"), "\(withDocument.stderr)")
        try? FileManager.default.removeItem(at: directory)
    }

    /// Workers that die (here: an address-space limit too small for Graphviz) fail their
    /// diagrams; the site is still built, each failed diagram is named, and the exit status is 1.
    @Test func diagramsThatFailToRenderAreNamedAndExitStatusIsOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-cli-diagram-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let inputs = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SiteFixtures.fixtures.appendingPathComponent("Card.xib"), to: inputs.appendingPathComponent("Card.xib"))
        let output = directory.appendingPathComponent("public").path
        var environment = ProcessInfo.processInfo.environment
        environment["NIBVIZ_RENDER_MEMORY_MB"] = "16"
        let result = try runNibviz(
            ["site", inputs.path, "-o", output, "--no-cache"], currentDirectory: TestPaths.packageRoot, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: diagram failed: documents/in/Card.xib.html: "), "\(result.stderr.suffix(1500))")
        #expect(result.stderr.contains("diagram(s) failed to render"))
        let page = try String(contentsOfFile: output + "/documents/in/Card.xib.html", encoding: .utf8)
        #expect(page.contains("diagram-error"))
        try? FileManager.default.removeItem(at: directory)
    }
}
