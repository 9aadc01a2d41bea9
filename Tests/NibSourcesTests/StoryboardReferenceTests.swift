import Foundation
import NibTestSupport
import Testing

/// R-CHK-6 and the site's reference links agree on the storyboard a reference opens: an app and
/// a widget each with `Main.storyboard` + `Settings.storyboard`, each Main referring to
/// `Settings`, resolve to the nearest `Settings` (`StoryboardReferenceResolver`, one place).
@Suite(
    "storyboard references: check and site resolve the same storyboard", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct StoryboardReferenceTests {
    static func storyboard(initial: String, scenes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" \
        targetRuntime="iOS.CocoaTouch" initialViewController="\(initial)">
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>

        """
    }

    /// A controller scene; `segueTo` adds a show segue from the controller.
    static func scene(_ id: String, identifier: String, segueTo: String? = nil) -> String {
        let connections = segueTo.map { "<connections><segue destination=\"\($0)\" kind=\"show\" id=\"\($0)-seg\"/></connections>" } ?? ""
        return """
                    <scene sceneID="\(id)-scene"><objects><viewController storyboardIdentifier="\(identifier)" id="\(id)" \
            sceneMemberID="viewController"><view key="view" id="\(id)-view"/>\(connections)</viewController></objects></scene>
            """
    }

    /// A reference to `Settings` (and `identifier` in it).
    static func reference(_ id: String, identifier: String) -> String {
        """
                <scene sceneID="\(id)-scene"><objects><viewControllerPlaceholder storyboardName="Settings" \
        referencedIdentifier="\(identifier)" id="\(id)" sceneMemberID="viewController"/></objects></scene>
        """
    }

    /// `Two/App/Base.lproj/Main.storyboard` → `Settings#AppSettings` (in `Two/App/Settings.storyboard`);
    /// `Two/Widget/Base.lproj/Main.storyboard` → `Settings#WidgetSettings` (in `Two/Widget/Settings.storyboard`)
    /// and `Settings#AppSettings` (only in the app's Settings: an error for the widget).
    static func project() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibrefs-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        let files = [
            "Two/App/Base.lproj/Main.storyboard": storyboard(
                initial: "appMain",
                scenes: [scene("appMain", identifier: "Home", segueTo: "appRef"), reference("appRef", identifier: "AppSettings")]),
            "Two/App/Settings.storyboard": storyboard(initial: "appSet", scenes: [scene("appSet", identifier: "AppSettings")]),
            "Two/Widget/Base.lproj/Main.storyboard": storyboard(
                initial: "wMain",
                scenes: [
                    scene("wMain", identifier: "Home", segueTo: "wRef"), reference("wRef", identifier: "WidgetSettings"),
                    reference("wBad", identifier: "AppSettings"),
                ]),
            "Two/Widget/Settings.storyboard": storyboard(initial: "wSet", scenes: [scene("wSet", identifier: "WidgetSettings")]),
        ]
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        return directory
    }

    @Test func checkValidatesEachReferenceAgainstTheNearestStoryboardOfItsName() throws {
        let directory = try Self.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runNibviz(
            ["check", directory.appendingPathComponent("Two").path, "--sources", directory.appendingPathComponent("Sources").path])
        let lines = result.output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[R-CHK-6]") }
        #expect(result.status == 1)
        #expect(lines.count == 1, "\(result.output)")
        #expect(lines.first?.contains("Two/Widget/Base.lproj/Main.storyboard:") == true)
        #expect(lines.first?.contains("storyboard reference to 'AppSettings' in Settings") == true)
        #expect(!result.output.contains("'WidgetSettings'"), "the widget's own Settings declares it")
    }

    @Test func siteLinksEachReferenceToTheSameStoryboardCheckValidates() throws {
        let directory = try Self.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("public")
        let result = try runNibviz(["site", directory.appendingPathComponent("Two").path, "-o", output.path, "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = { (path: String) in try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }
        let app = try page("documents/Two/App/Base.lproj/Main.storyboard.html")
        let widget = try page("documents/Two/Widget/Base.lproj/Main.storyboard.html")
        #expect(app.contains("href=\"../../../../documents/Two/App/Settings.storyboard/appSet-scene.html\""))
        #expect(widget.contains("href=\"../../../../documents/Two/Widget/Settings.storyboard/wSet-scene.html\""))
        // `AppSettings` is not in the widget's Settings: the link opens that storyboard (where check
        // reports the missing identifier), never the app's scene.
        #expect(widget.contains("href=\"../../../../documents/Two/Widget/Settings.storyboard.html\""))
        #expect(!widget.contains("documents/Two/App/"))
    }
}
