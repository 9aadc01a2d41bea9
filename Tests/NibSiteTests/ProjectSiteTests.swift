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
        return (try SiteFixtures.appProject(in: directory), directory.appendingPathComponent("public"))
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

/// Scene pages, storyboard references and search on the fixture project.
@Suite(
    "project site: scenes and search", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectScenePagesTests {
    @Test func storyboardPagesListTheirScenesAndReferencesLinkToTheirTarget() throws {
        let (app, output) = try ProjectSiteTests.project("scenes")
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let main = try ProjectSiteTests.page(output, "documents/App/Main.storyboard.html")
        #expect(main.contains("<a href=\"../../documents/App/Main.storyboard/lsc-mn-001.html\">Apps</a>"))
        // The reference (a scene of its own) links to the Settings scene of Settings.storyboard, in
        // the list and in the flow diagram.
        #expect(main.contains("<a class=\"reference\" href=\"../../documents/App/Settings.storyboard/ssc-st-001.html\">"))
        #expect(main.contains("xlink:href=\"../../documents/App/Settings.storyboard/ssc-st-001.html\""))
        // How a scene is reached names its segues by identifier, not by XML id.
        #expect(main.contains("after segue “showApp”"))
        // No object graph on the storyboard page: it is on the scene pages.
        #expect(!main.contains("diagram-graph"))
        let apps = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/lsc-mn-001.html")
        #expect(
            apps.contains(
                "<code>showSettings</code> to <a href=\"../../../documents/App/Settings.storyboard/ssc-st-001.html\">Settings</a>"))
        #expect(apps.contains("diagram-graph") && apps.contains("diagram-lifecycle"))
        // The segue's destination in the connections table is the reference and the scene it
        // opens, not the placeholder's class.
        #expect(
            apps.contains(
                "<td><code>showSettings</code></td><td>storyboard reference <a class=\"reference\" href=\"../../../documents/App/Settings.storyboard/ssc-st-001.html\"><code>Settings · SettingsRoot</code></a></td>"
            ), "\(apps)")
        #expect(apps.contains("R-LAUNCH-1"))
        // Settings is reached from Main through the reference.
        let settings = try ProjectSiteTests.page(output, "documents/App/Settings.storyboard/ssc-st-001.html")
        #expect(settings.contains("from <a href=\"../../../documents/App/Main.storyboard/lsc-mn-001.html\">Apps</a> in Main.storyboard"))
        #expect(settings.contains("<code>showAbout</code>"))
        // The reference's own scene names the segue that lands on it and where it leads (it said
        // "None to or from this scene"), and has no empty connections table.
        let reference = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/rsc-mn-001.html")
        #expect(
            reference.contains(
                "<h3 id=\"segues-through\">Through this reference</h3><ul><li>presentation <code>showSettings</code> from "
                    + "<a href=\"../../../documents/App/Main.storyboard/lsc-mn-001.html\">Apps</a>, opening "
                    + "<a href=\"../../../documents/App/Settings.storyboard/ssc-st-001.html\">Settings</a> in Settings.storyboard</li>"),
            "\(reference)")
        #expect(!reference.contains("None to or from this scene"))
        #expect(reference.contains("<h2 id=\"connections\">Connections</h2><p>None from this scene's objects.</p>"))
        // One legend per page, behind a toggle; no diagram draws its own.
        for path in [
            "documents/App/Main.storyboard.html", "documents/App/Main.storyboard/lsc-mn-001.html",
            "documents/App/Settings.storyboard/ssc-st-001.html", "documents/App/Views/Card.xib.html",
        ] {
            let parts = try ProjectSiteTests.page(output, path).components(separatedBy: "<details class=\"legend\">")
            #expect(parts.count == 2, "\(path): one legend toggle")
            let outside = parts[0] + (parts.last?.components(separatedBy: "</details>").dropFirst().joined() ?? "")
            #expect(!outside.contains("<title>cluster_legend</title>"), "\(path): a diagram draws its own legend")
        }
        let broken = try LinkWalk.broken(in: output)
        #expect(broken.isEmpty, "\(broken.prefix(10))")
        // Search: segue ids, outlet names, rule text are in the index, pointing at their page.
        let search = try String(contentsOf: output.appendingPathComponent("search.json"), encoding: .utf8)
        for term in ["\"showApp\"", "\"backButton\"", "\"notificationsSwitch\"", "\"toggleNotifications:\"", "\"SettingsRoot\""] {
            #expect(search.contains(term), "\(term)")
        }
        #expect(search.contains("R-OUT-1 "), "rule entries carry their text")
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }
}

/// `--exclude GLOB` and `.nibviz.yml` on the fixture project.
@Suite(
    "project site: inputs", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectInputsTests {
    @Test func excludeLeavesOutMatchingInputsAndSaysSo() throws {
        let (app, output) = try ProjectSiteTests.project("exclude")
        let result = try runNibviz(
            ["site", app.path, "-o", output.path, "--exclude", "Views", "--exclude", "Sett*.storyboard"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("site: skipped App/Views/Card.xib: excluded by Views"), "\(result.stderr)")
        #expect(result.stderr.contains("site: skipped App/Settings.storyboard: excluded by Sett*.storyboard"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("documents/App/Main.storyboard.html").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("documents/App/Views/Card.xib.html").path))
        // The reference's target is no longer in the site: it says so instead of linking.
        let main = try ProjectSiteTests.page(output, "documents/App/Main.storyboard.html")
        #expect(main.contains("(not in this site)"))
        #expect(try LinkWalk.broken(in: output).isEmpty)
        // `inspect DIR` sees the same files and reports the same skips.
        let inspect = try runNibviz(["inspect", app.path, "--exclude", "Views", "--exclude", "Sett*.storyboard"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stderr.contains("inspect: skipped Views/Card.xib: excluded by Views"))
        #expect(inspect.output.contains("total: 1 files"), "\(inspect.output)")
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }

    /// #16: an `.ipa` inside a folder is read like one named directly: its app's nibs and
    /// storyboards are documents of the folder, named through the archive, in `site DIR` and
    /// `inspect DIR` alike (one loader); its extracted copy is removed at exit.
    @Test func anAppArchiveInsideAFolderIsReadThroughTheArchiveByBothCommands() throws {
        let (app, output) = try ProjectSiteTests.project("ipa")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Builds"), withIntermediateDirectories: true)
        try CompiledFixtures.writeIPA(at: app.appendingPathComponent("Builds/Demo.ipa"))
        let temporary = output.deletingLastPathComponent().appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        let result = try runNibviz(
            ["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("Demo.ipa"), "not skipped: \(result.stderr)")
        let storyboard = "documents/App/Builds/Demo.ipa/Payload/Demo.app/Base.lproj/Main.storyboardc.html"
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(storyboard).path))
        #expect(try ProjectSiteTests.page(output, storyboard).contains("LoginViewController"))
        #expect(try LinkWalk.broken(in: output).isEmpty)
        let inspect = try runNibviz(["inspect", app.path], environment: environment)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(!inspect.stderr.contains("skipped"), "\(inspect.stderr)")
        let prefix = app.path + "/Builds/Demo.ipa/Payload/Demo.app/"
        for document in ["Base.lproj/Main.storyboardc", "LoginView.nib"] {
            #expect(inspect.output.contains(prefix + document), "\(document): \(inspect.output)")
        }
        // `--exclude` reaches inside the archive, and says what it left out.
        let excluded = try runNibviz(["inspect", app.path, "--exclude", "Frameworks"], environment: environment)
        #expect(excluded.status == 0, "\(excluded.stderr)")
        #expect(
            excluded.stderr.contains(
                "inspect: skipped Builds/Demo.ipa/Payload/Demo.app/Frameworks/Prefs.framework/Resources/Preferences.nib: excluded by Frameworks"
            ),
            "\(excluded.stderr)")
        #expect(!excluded.output.contains("Preferences.nib") && excluded.output.contains(prefix + "LoginView.nib"), "\(excluded.output)")
        // Named directly, the archive's documents have the same names below it.
        let direct = try runNibviz(["inspect", app.appendingPathComponent("Builds/Demo.ipa").path], environment: environment)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.output.contains(prefix + "LoginView.nib"), "\(direct.output)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: temporary.path)).isEmpty, "extracted copies removed at exit")
    }

    /// #16: a damaged `.ipa` inside a folder is one failed document with the archive's located
    /// error (in `inspect DIR`), and the folder's other documents are still read.
    @Test func aDamagedAppArchiveInsideAFolderIsALocatedErrorAndTheRestIsRead() throws {
        let (app, output) = try ProjectSiteTests.project("badipa")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Builds"), withIntermediateDirectories: true)
        let archive = app.appendingPathComponent("Builds/Demo.ipa")
        try CompiledFixtures.writeIPA(at: archive)
        let bytes = try Data(contentsOf: archive)
        try bytes.prefix(bytes.count / 2).write(to: archive)
        let inspect = try runNibviz(["inspect", app.path, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: inspect.stdout) as? [String: Any], "\(inspect.stderr)")
        let files = try #require(json["files"] as? [[String: Any]])
        let broken = try #require(files.first { ($0["file"] as? String)?.hasSuffix("Builds/Demo.ipa") == true }, "\(files)")
        let error = try #require(broken["error"] as? String)
        #expect(error.contains("Builds/Demo.ipa") && error.contains("byte"), "\(error)")
        #expect(files.contains { ($0["file"] as? String)?.hasSuffix("Main.storyboard") == true && $0["error"] is NSNull }, "\(files)")
    }

    @Test func theProjectFileGivesTitleAndExcludesAndABadOneIsALocatedError() throws {
        let (app, output) = try ProjectSiteTests.project("projectfile")
        try "title: Store App\nexclude: [\"Views/*\"]\n".write(
            to: app.appendingPathComponent(".nibviz.yml"), atomically: true, encoding: .utf8)
        let result = try runNibviz(["site", app.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProjectSiteTests.page(output, "index.html").contains("<h1>Store App</h1>"))
        #expect(result.stderr.contains("excluded by Views/*"))
        try "title: X\nexcludes: [a]\n".write(to: app.appendingPathComponent(".nibviz.yml"), atomically: true, encoding: .utf8)
        let bad = try runNibviz(["site", app.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(".nibviz.yml:2:1") && bad.stderr.contains("unknown key 'excludes'"), "\(bad.stderr)")
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }
}

/// Class lists on a storyboard whose scenes carry IB's `customClass="UIResponder"` on First
/// Responder (every storyboard Xcode writes) and use one class in two scenes.
@Suite(
    "project site: class lists", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectClassListTests {
    static func scene(_ number: Int, title: String) -> String {
        """
                <scene sceneID="sc\(number)-aa-001">
                    <objects>
                        <navigationController title="\(title)" id="nc\(number)-aa-001" customClass="AppNavigationController" customModule="App" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb\(number)-aa-001"/>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr\(number)-aa-001" customClass="UIResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """
    }

    @Test func firstRespondersUIResponderIsNoCustomClassAndUsesNameTheirScene() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-classes-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nc1-aa-001">
                <scenes>
            \(Self.scene(1, title: "Chats"))
            \(Self.scene(2, title: "Contacts"))
                </scenes>
            </document>
            """
        try Data(storyboard.utf8).write(to: app.appendingPathComponent("Main.storyboard"))
        let output = folder.appendingPathComponent("public")
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let home = try ProjectSiteTests.page(output, "index.html")
        #expect(home.contains("1 custom class</a>"), "one class: AppNavigationController")
        let classes = try ProjectSiteTests.page(output, "classes/index.html")
        #expect(!classes.contains("UIResponder") && classes.contains("AppNavigationController"))
        let chats = try ProjectSiteTests.page(output, "documents/App/Main.storyboard/sc1-aa-001.html")
        // First Responder's class is shown, not linked to a class index entry that is not there.
        #expect(chats.contains(" <code>UIResponder</code>") && !chats.contains("#class-UIResponder"))
        // The other use names its scene.
        #expect(chats.contains("App/Main.storyboard · Contacts · AppNavigationController"), "\(chats)")
    }
}

/// A scene the simulator reaches by its Storyboard ID says when no code uses that ID (R-CHK-8):
/// Yep's Intro scenes all read "instantiateViewControllerWithIdentifier: WelcomeViewController",
/// an ID its sources never name.
@Suite(
    "project site: assumed reach", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ProjectAssumedReachTests {
    @Test func aReachByAnIdentifierNoCodeUsesIsMarkedAssumed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-reach-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        func scene(_ id: String) -> String {
            """
                    <scene sceneID="sc-\(id)">
                        <objects>
                            <viewController storyboardIdentifier="\(id)" id="vc-\(id)" customClass="PanelViewController" customModule="App" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="vw-\(id)"/>
                            </viewController>
                        </objects>
                    </scene>
            """
        }
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <scenes>
            \(scene("Used"))
            \(scene("Unused"))
                </scenes>
            </document>
            """
        try Data(storyboard.utf8).write(to: app.appendingPathComponent("Panels.storyboard"))
        let code = """
            import UIKit
            class PanelViewController: UIViewController {
                func open() { _ = storyboard?.instantiateViewController(withIdentifier: "Used") }
            }
            """
        try Data(code.utf8).write(to: app.appendingPathComponent("Panel.swift"))
        let output = folder.appendingPathComponent("public")
        let result = try runNibviz(
            ["site", app.path, "--sources", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try ProjectSiteTests.page(output, "documents/App/Panels.storyboard.html")
        #expect(
            page.contains("instantiateViewControllerWithIdentifier: Unused (assumed: no source file uses this Storyboard ID, <a "),
            "\(page)")
        #expect(page.contains("instantiateViewControllerWithIdentifier: Used</li>"), "\(page)")
    }
}
