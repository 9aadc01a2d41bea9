import Foundation
import NibTestSupport
import Testing

/// Storyboards that share a name (an app's and an extension's `Main.storyboard`, `Settings`
/// in each) and documents whose paths differ only in case: references resolve to the nearest
/// storyboard of that name, and no page overwrites another.
@Suite(
    "project site: repeated names", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectNamesTests {
    /// `Two/App/Base.lproj/Main.storyboard` + `Two/App/Settings/Settings.storyboard`, the same
    /// pair under `Two/Widget/`, and `Two/Widget/Views/card.xib` + `Two/Widget/Views/Card.xib`.
    static func project() throws -> (root: URL, output: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-names-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let root = directory.appendingPathComponent("Two")
        let fixtures = SiteFixtures.fixtures
        let copies = [
            ("App/Main.storyboard", "App/Base.lproj/Main.storyboard"), ("App/Settings.storyboard", "App/Settings/Settings.storyboard"),
            ("App/Main.storyboard", "Widget/Base.lproj/Main.storyboard"), ("App/Settings.storyboard", "Widget/Settings.storyboard"),
            ("Card.xib", "Widget/Views/card.xib"), ("Card.xib", "Widget/Views/Card.xib"),
        ]
        for (source, target) in copies {
            let url = root.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(source), to: url)
        }
        return (root, directory.appendingPathComponent("public"))
    }

    @Test func referencesResolveToTheNearestStoryboardOfTheirNameAndNoPageCollides() throws {
        let (root, output) = try Self.project()
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let result = try runNibviz(["site", root.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let app = try ProjectSiteTests.page(output, "documents/Two/App/Base.lproj/Main.storyboard.html")
        let widget = try ProjectSiteTests.page(output, "documents/Two/Widget/Base.lproj/Main.storyboard.html")
        #expect(app.contains("<a class=\"reference\" href=\"../../../../documents/Two/App/Settings/Settings.storyboard/ssc-st-001.html\">"))
        #expect(widget.contains("<a class=\"reference\" href=\"../../../../documents/Two/Widget/Settings.storyboard/ssc-st-001.html\">"))
        // The scene pages say the same, each in its own folder.
        let widgetSettings = try ProjectSiteTests.page(output, "documents/Two/Widget/Settings.storyboard/ssc-st-001.html")
        #expect(widgetSettings.contains("documents/Two/Widget/Base.lproj/Main.storyboard/lsc-mn-001.html\">Apps</a> in Main.storyboard"))
        #expect(!widgetSettings.contains("documents/Two/App/Base.lproj/Main.storyboard/lsc-mn-001.html\">Apps</a> in"))
        // The app map tells the two Mains apart and draws each reference to its own Settings.
        let home = try ProjectSiteTests.page(output, "index.html")
        #expect(home.contains("Main (App)") && home.contains("Main (Widget)"))
        // `card.xib` and `Card.xib` get two pages (a case-insensitive disk would merge them).
        let pages = CorpusProjectSiteTests.pages(output).map { $0.path }
        let cards = pages.filter { $0.lowercased().hasPrefix("documents/two/widget/views/card") }
        #expect(cards.count == 2, "\(cards)")
        #expect(Set(pages.map { $0.lowercased() }).count == pages.count)
        #expect(try LinkWalk.broken(in: output).isEmpty)
    }
}
