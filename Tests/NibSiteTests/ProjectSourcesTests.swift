import Foundation
import NibTestSupport
import Testing

/// `nibviz site APP/ --sources` and a project file's `sources:`/`platform:` on the fixture
/// project and Swift sources of our own (`__Fixtures__/AppSources`): AppDetailViewController
/// lost its `backButton` outlet, SettingsViewController its `toggleNotifications:` action.
@Suite(
    "project site: sources", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectSourcesTests {
    /// The fixture project with its sources in `App/Sources`.
    static func project(_ name: String) throws -> (app: URL, output: URL) {
        let (app, output) = try ProjectSiteTests.project(name)
        try FileManager.default.copyItem(
            at: SiteFixtures.fixtures.appendingPathComponent("AppSources"), to: app.appendingPathComponent("Sources"))
        return (app, output)
    }

    @Test func theProjectFileSourcesDriveTheSceneLifecyclesAndPlaceCheckFindingsOnTheirPages() throws {
        let (app, output) = try Self.project("sources-file")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        try "sources: [Sources]\nplatform: { name: ios, osVersion: \"16.0\" }\n".write(
            to: app.appendingPathComponent(".nibviz.yml"), atomically: true, encoding: .utf8)
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        // The home page says where the class table came from and what check found.
        let home = try ProjectSiteTests.page(output, "index.html")
        #expect(home.contains("4 classes from 2 Swift and 0 Objective-C files"))
        // The same counts as `nibviz check`: 2 errors, and Card.xib's 3 classes no source declares.
        #expect(home.contains("2 errors, 3 warnings, 6 notes"))  // not SettingsRoot: Main's reference opens it (R-CHK-8)
        let card = try ProjectSiteTests.page(output, "documents/App/Views/Card.xib.html")
        #expect(card.contains("<strong>warning</strong>: unknown class CardOwner"))
        // Apps: L1 shows only what AppListViewController overrides (viewDidLoad), not the
        // appearance calls UIKit makes; iOS 16 (the project's platform) has no viewIsAppearing:.
        let apps = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/lsc-mn-001.html")
        let appsRun = try #require(
            apps.components(separatedBy: "<h2 id=\"lifecycle\">").last?.components(separatedBy: "<h2 id=\"check\">").first)
        #expect(appsRun.contains("<code>viewDidLoad</code>"))
        #expect(appsRun.contains(" ev-own\"><td>1</td><td><code>AppListViewController</code>"), "the scene's own rows are marked")
        #expect(!appsRun.contains("<code>viewWillAppear:</code>") && !appsRun.contains("<code>loadView</code>"))
        #expect(!apps.contains("viewIsAppearing"))
        // App Detail: the renamed outlet raises the runtime's exception in the scene's run, and
        // check's finding is on the scene page, located, with its source declaration.
        let detail = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/dsc-mn-001.html")
        #expect(detail.contains("NSUnknownKeyException"))
        #expect(detail.contains("this class is not key value coding-compliant for the key backButton"))
        #expect(detail.contains("<code>App/Main.storyboard:64:25</code>: <strong>error</strong>: outlet &#39;backButton&#39;"))
        #expect(detail.contains("<code>App/Sources/AppList.swift:14:13</code>"), "source paths are relative to the project")
        // Settings: the missing action is on the storyboard page, linked to its scene.
        let settings = try ProjectSiteTests.page(output, "documents/App/Settings.storyboard.html")
        #expect(settings.contains("toggleNotifications:"))
        #expect(settings.contains("scene <a href=\"../../documents/App/Settings.storyboard/ssc-st-001.html#check\">Settings</a>"))
        // Search finds the runtime's text.
        let search = try String(contentsOf: output.appendingPathComponent("search.json"), encoding: .utf8)
        #expect(search.contains("not key value coding-compliant for the key backButton"))
        #expect(try LinkWalk.broken(in: output).isEmpty)
    }

    @Test func theSourcesOptionGivesTheSameSiteAsTheProjectFile() throws {
        let (app, output) = try Self.project("sources-option")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let result = try runNibviz(
            ["site", app.path, "--sources", app.appendingPathComponent("Sources").path, "-o", output.path, "--no-cache"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let detail = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/dsc-mn-001.html")
        #expect(detail.contains("this class is not key value coding-compliant for the key backButton"))
        // Without sources there is no findings section and the lifecycle is L2.
        let (plain, plainOutput) = try ProjectSiteTests.project("sources-none")
        defer { try? FileManager.default.removeItem(at: plainOutput.deletingLastPathComponent()) }
        #expect(try runNibviz(["site", plain.path, "-o", plainOutput.path], currentDirectory: TestPaths.packageRoot).status == 0)
        let plainDetail = try ProjectSiteTests.page(plainOutput, "documents/App/Main.storyboard/dsc-mn-001.html")
        #expect(!plainDetail.contains("id=\"check\"") && !plainDetail.contains("NSUnknownKeyException"))
        // A missing source folder is an error naming it.
        let missing = try runNibviz(["site", app.path, "--sources", "/nonexistent/src", "-o", output.path])
        #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/src"), "\(missing.stderr)")
    }

    @Test func aBadPlatformInTheProjectFileIsALocatedError() throws {
        let (app, output) = try ProjectSiteTests.project("platform-bad")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        for (yaml, expected) in [
            ("platform: watch\n", ".nibviz.yml:1:11: bad value 'watch' for 'platform'; allowed: ios, macos"),
            ("platform: { name: macos, idiom: pad }\n", "'platform.idiom' is for ios"),
            ("platform: { name: ios, osVersion: x }\n", "bad value 'x' for 'platform.osVersion'"),
            ("sources: [Missing]\n", "sources: "),
        ] {
            try yaml.write(to: app.appendingPathComponent(".nibviz.yml"), atomically: true, encoding: .utf8)
            let result = try runNibviz(["site", app.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
            #expect(result.status != 0, "\(yaml)")
            #expect(result.stderr.contains(expected), "\(yaml): \(result.stderr)")
        }
    }
}
