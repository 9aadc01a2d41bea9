import Foundation
import NibTestSupport
import Testing

/// Which storyboard a project site launches (R-LAUNCH-1): the one the app's Info.plist names;
/// any other is loaded from code, its initial controller made by `instantiateInitialController`
/// (R-SB-1). Without an Info.plist the choice is an assumption and the pages say so. The fixture
/// project: `Main.storyboard` (a navigation controller) and `Settings.storyboard`.
@Suite(
    "project site: main storyboard", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct MainStoryboardSiteTests {
    /// An iOS 13+ Info.plist: the main storyboard named only in the scene manifest.
    static let sceneManifestPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>LSRequiresIPhoneOS</key><true/>
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UISceneConfigurations</key>
                <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array><dict><key>UISceneStoryboardFile</key><string>Main</string></dict></array>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    static func build(_ name: String, extra: [String: String] = [:]) throws -> URL {
        let (app, output) = try ProjectSiteTests.project(name)
        for (path, text) in extra {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The storyboard page's "Loaded" fact and its scene list.
    static func storyboard(_ output: URL, _ name: String) throws -> (loaded: String, scenes: String) {
        let page = try ProjectSiteTests.page(output, "documents/App/\(name).storyboard.html")
        let loaded = page.components(separatedBy: "<dt>Loaded</dt><dd>").dropFirst().first?.components(separatedBy: "</dd>").first
        let scenes = page.components(separatedBy: "<ul class=\"scenes\">").dropFirst().first?.components(separatedBy: "</ul>").first
        return (try #require(loaded), try #require(scenes))
    }

    @Test func theStoryboardTheInfoPlistNamesIsLaunchedAndTheOtherIsLoadedThroughItsReference() throws {
        let output = try Self.build("main-plist", extra: ["App/Info.plist": Self.sceneManifestPlist])
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let main = try Self.storyboard(output, "Main")
        #expect(
            main.loaded == "at launch, as the app&#39;s main storyboard: App/App/Info.plist names it (UISceneStoryboardFile)",
            "\(main.loaded)")
        #expect(main.scenes.contains("at launch, visible"))
        let settings = try Self.storyboard(output, "Settings")
        // Settings is opened by Main's storyboard reference, with no code: the pages name it.
        #expect(
            settings.loaded
                == "through storyboard references (presentation showSettings from “Apps” in Main.storyboard), not as the main storyboard: App/App/Info.plist names Main (UISceneStoryboardFile)",
            "\(settings.loaded)")
        #expect(!settings.scenes.contains("at launch"), "\(settings.scenes)")
        #expect(
            settings.scenes.contains(
                "“SettingsRoot” · through a storyboard reference: presentation showSettings from “Apps” in Main.storyboard"))
        // The scene page's run: the initial controller instantiated and shown, no app launch.
        let scene = try ProjectSiteTests.page(output, "documents/App/Settings.storyboard/ssc-st-001.html")
        #expect(scene.contains("The storyboard is loaded through storyboard references (presentation"))
        #expect(!scene.contains("didFinishLaunching"))
    }

    @Test func anXcodeProjectsGeneratedInfoPlistSettingNamesTheMainStoryboard() throws {
        let project = "buildSettings = {\n\t\t\t\tINFOPLIST_KEY_UIMainStoryboardFile = Settings;\n\t\t\t};\n"
        let output = try Self.build("main-pbxproj", extra: ["App.xcodeproj/project.pbxproj": project])
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        #expect(try Self.storyboard(output, "Settings").scenes.contains("at launch, visible"))
        let main = try Self.storyboard(output, "Main")
        #expect(main.loaded.hasPrefix("from code, not as the main storyboard: App/App.xcodeproj/project.pbxproj names Settings"))
        #expect(!main.scenes.contains("at launch"))
    }

    @Test func withoutAnInfoPlistTheStoryboardNamedMainIsAssumedAndThePagesSaySo() throws {
        let output = try Self.build("main-assumed")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let main = try Self.storyboard(output, "Main")
        #expect(main.loaded.hasPrefix("at launch, as the app&#39;s main storyboard (assumed): no app Info.plist among the inputs"))
        #expect(main.scenes.contains("at launch, visible"))
        let settings = try Self.storyboard(output, "Settings")
        #expect(
            settings.loaded.hasPrefix(
                "through storyboard references (presentation showSettings from “Apps” in Main.storyboard), not as the main storyboard (assumed)"
            ), "\(settings.loaded)")
        #expect(!settings.scenes.contains("at launch"))
    }

    @Test func editingTheInfoPlistRebuildsAnIncrementalSite() throws {
        let (app, output) = try ProjectSiteTests.project("main-rebuild")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let first = try runNibviz(["site", app.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!(try Self.storyboard(output, "Settings").scenes.contains("at launch")))
        let plist = Self.sceneManifestPlist.replacingOccurrences(of: "<string>Main</string>", with: "<string>Settings</string>")
        try plist.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let second = try runNibviz(["site", app.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
        #expect(second.status == 0 && !second.stderr.contains("up to date"), "\(second.stderr)")
        #expect(try Self.storyboard(output, "Settings").scenes.contains("at launch, visible"))
    }
}
