import Foundation
import NibParsing
import Testing

/// Which storyboard an app launches (R-LAUNCH-1), read from the app files under a project folder.
@Suite struct MainStoryboardsTests {
    static func folder(_ files: [String: Data]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-main-\(UUID().uuidString)/Project")
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    static func plist(_ value: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }

    @Test func eachTargetsInfoPlistNamesItsNearestStoryboardAndEveryLocalizationOfIt() throws {
        let root = try Self.folder([
            "App/Info.plist": try Self.plist([
                "UIMainStoryboardFile~ipad": "Main", "LSRequiresIPhoneOS": true, "UILaunchStoryboardName": "LaunchScreen",
            ]),
            "Server/Server-Info.plist": try Self.plist(["NSMainStoryboardFile": "Main", "NSPrincipalClass": "NSApplication"]),
            "Pods/Kit/Info.plist": try Self.plist(["NSMainStoryboardFile": "Main"]),
            "Widget/Info.plist": try Self.plist(["NSExtension": ["NSExtensionPrincipalClass": "$(PRODUCT_MODULE_NAME).Widget"]]),
        ])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let files = MainStoryboards.appFiles(under: [root], exclusion: InputExclusion(["Pods"]))
        #expect(files.files == ["Project/App/Info.plist", "Project/Server/Server-Info.plist", "Project/Widget/Info.plist"])
        let storyboards = [
            "Project/App/Base.lproj/Main.storyboard", "Project/App/fr.lproj/Main.storyboard", "Project/App/Settings.storyboard",
            "Project/Server/Base.lproj/Main.storyboard", "Project/Widget/Main.storyboard", "Project/App/LaunchScreen.storyboard",
        ]
        let roles = MainStoryboards.roles(storyboards: storyboards, appFiles: files)
        #expect(storyboards.map { roles[$0]?.isMain } == [true, true, false, true, false, true])
        #expect(storyboards.map { roles[$0]?.isLaunchScreen } == [false, false, false, false, false, true])
        // A storyboard the app loads from code says what its own target's Info.plist names instead.
        #expect(roles["Project/App/Settings.storyboard"]?.basis == "Project/App/Info.plist names Main (UIMainStoryboardFile~ipad)")
        #expect(roles["Project/App/Base.lproj/Main.storyboard"]?.basis == "Project/App/Info.plist names it (UIMainStoryboardFile~ipad)")
        // One whose own target's Info.plist names no storyboard says so (not what other targets name).
        #expect(roles["Project/Widget/Main.storyboard"]?.basis == "Project/Widget/Info.plist names no main storyboard")
        #expect(roles["Project/Server/Base.lproj/Main.storyboard"]?.summary.hasPrefix("at launch, as the app's main storyboard:") == true)
        #expect(roles.values.allSatisfy { !$0.isAssumed })
    }

    @Test func withoutAnAppInfoPlistTheStoryboardNamedMainIsAssumed() throws {
        let root = try Self.folder(["Kit/Info.plist": try Self.plist(["CFBundlePackageType": "FMWK"])])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let files = MainStoryboards.appFiles(under: [root])
        #expect(files.files.isEmpty, "a framework's Info.plist says nothing about the app")
        let roles = MainStoryboards.roles(storyboards: ["Project/Main.storyboard", "Project/Other.storyboard"], appFiles: files)
        #expect(roles["Project/Main.storyboard"]?.isMain == true && roles["Project/Main.storyboard"]?.isAssumed == true)
        #expect(roles["Project/Other.storyboard"]?.isMain == false)
        #expect(roles["Project/Other.storyboard"]?.summary.hasPrefix("from code, not as the main storyboard (assumed): ") == true)
        let only = MainStoryboards.roles(storyboards: ["Project/Board.storyboard"], appFiles: files)
        #expect(only["Project/Board.storyboard"]?.isMain == true)
    }
}
