import Foundation
import NibTestSupport
import Testing

/// `nibviz site APP/` on a small project of our own: two storyboards joined by a storyboard
/// reference, segues, a xib. Runs the built binary (the path users run).
@Suite(
    "project site", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectSiteTests {
    /// Copies the fixture project to a temporary `App/` folder (plus `Views/Card.xib`).
    static func project(_ name: String) throws -> (app: URL, output: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-project-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: directory)
        let app = directory.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Views"), withIntermediateDirectories: true)
        for file in ["Main.storyboard", "Settings.storyboard"] {
            try FileManager.default.copyItem(
                at: SiteFixtures.fixtures.appendingPathComponent("App/" + file), to: app.appendingPathComponent(file))
        }
        try FileManager.default.copyItem(
            at: SiteFixtures.fixtures.appendingPathComponent("Card.xib"), to: app.appendingPathComponent("Views/Card.xib"))
        return (app, directory.appendingPathComponent("public"))
    }

    static func page(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theProjectIsTheHomePageWithAnAppMapLinkingEveryScene() throws {
        let (app, output) = try Self.project("home")
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let home = try Self.page(output, "index.html")
        #expect(home.contains("<h1>App</h1>"), "the title defaults to the input folder's name")
        #expect(home.contains("2 storyboards · 1 xib · 0 compiled nibs · 6 scenes"))
        #expect(home.contains("diagram&#45;appmap"))
        // Each storyboard box and each scene links to its page; the segue into the Settings
        // reference is drawn to the Settings scene of Settings.storyboard.
        for href in ["documents/App/Main.storyboard.html", "documents/App/Settings.storyboard.html"] {
            #expect(home.contains("xlink:href=\"\(href)\""), "\(href)")
        }
        #expect(home.contains("<title>sb0:lsc&#45;mn&#45;001&#45;&gt;sb1:ssc&#45;st&#45;001</title>"))
        #expect(home.contains("showSettings"))
        // The concept pages stay, as a section.
        let concepts = try Self.page(output, "concepts/index.html")
        #expect(concepts.contains("aria-current=\"page\">Concepts</a>"))
        let broken = try LinkWalk.broken(in: output)
        #expect(broken.isEmpty, "\(broken.prefix(10))")
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }

    @Test func titleOptionNamesTheProject() throws {
        let (app, output) = try Self.project("title")
        let result = try runNibviz(
            ["site", app.path, "-o", output.path, "--title", "My <App>"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.page(output, "index.html").contains("<h1>My &lt;App&gt;</h1>"))
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }
}
