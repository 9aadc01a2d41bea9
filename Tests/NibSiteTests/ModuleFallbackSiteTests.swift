import Foundation
import NibTestSupport
import Testing

/// R-CHK-9 in a site: the scene whose controller names a module that does not hold its class
/// shows the same run as `simulate --sources` (the runtime's log, the framework class's
/// exception) and check's finding. Fixture: NibSourcesTests' Modules project.
@Suite(
    "project site: wrong modules", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ModuleFallbackSiteTests {
    @Test func theSceneRunFallsBackToTheFrameworkClassAndShowsTheFinding() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-module-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("Tests/NibSourcesTests/__Fixtures__/Modules"), to: app)
        let output = folder.appendingPathComponent("site")
        let result = try runNibviz(["site", app.path, "--sources", app.path, "-o", output.path, "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        let scene = try ProjectSiteTests.page(output, "documents/Modules/ShopApp/Base.lproj/Main.storyboard/mod-sc-001.html")
        let run = try #require(
            scene.components(separatedBy: "<h2 id=\"lifecycle\">").last?.components(separatedBy: "<h2 id=\"check\">").first)
        #expect(
            run.contains(
                "NSUnknownKeyException: [&lt;UIViewController 0xADDR&gt; setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key detailLabel."
            ), "R-CHK-9 then R-OUT-1 in the scene's run: the fallback UIViewController lacks the key")
        #expect(!run.contains("DetailViewController viewDidLoad"), "the user class never exists")
        let check = try #require(scene.components(separatedBy: "<h2 id=\"check\">").last)
        #expect(check.contains("Unknown class _TtC7ShopApp20DetailViewController in Interface Builder file."))
        #expect(
            check.contains("class BadgeView is looked up in the document&#39;s target module Shop_App"),
            "customModuleProvider=target: the document's target from the project file, found from the site's relative name")
        #expect(scene.contains("R-CHK-9"))
    }
}
