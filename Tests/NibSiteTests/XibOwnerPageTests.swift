import Foundation
import NibTestSupport
import Testing

/// R-XIB-1 on a project's site: a view controller's xib page shows the controller's lifecycle
/// around the load and a note saying who loads the xib, read from the sources when given.
@Suite(
    "project site: xibs met as their File's Owner loads them", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct XibOwnerPageTests {
    /// A project holding SPEC's macOS golden xib (File's Owner `PrefsViewController`, a `view`
    /// outlet) and, in `Sources`, the class declared as an `NSViewController` that overrides
    /// `viewDidLoad` only (or nothing), and `SwatchView` under the name the xib gives it.
    static func project(_ name: String, overrides: Bool = true) throws -> (app: URL, output: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-xibowner-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: directory)
        let app = directory.appendingPathComponent("Prefs")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("site/scenarios/spec/docs/PrefsViewController.xib"),
            to: app.appendingPathComponent("PrefsViewController.xib"))
        try """
        import AppKit

        class PrefsViewController: NSViewController {
        \(overrides ? "    override func viewDidLoad() {\n        super.viewDidLoad()\n    }" : "")
        }

        @objc(SwatchView) class SwatchView: NSView {}
        """.write(to: app.appendingPathComponent("Sources/Prefs.swift"), atomically: true, encoding: .utf8)
        return (app, directory.appendingPathComponent("public"))
    }

    /// The timeline section of the xib's page in the site of `project(name, overrides:)`, built
    /// with its sources or without; every link of the site resolves.
    static func timelineSection(_ name: String, overrides: Bool = true, sources: Bool) throws -> String {
        let (app, output) = try project(name, overrides: overrides)
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let options = sources ? ["--sources", app.appendingPathComponent("Sources").path] : []
        let result = try runNibviz(
            ["site", app.path] + options + ["-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try LinkWalk.broken(in: output).isEmpty)
        let page = try ProjectSiteTests.page(output, "documents/Prefs/PrefsViewController.xib.html")
        return try #require(
            page.components(separatedBy: "<h2 id=\"timeline\">").last?.components(separatedBy: "<h2 id=\"connections\">").first)
    }

    @Test("R-XIB-1: without sources the page takes the owner for a view controller by its name and shows loadView and viewDidLoad")
    func withoutSources() throws {
        let run = try Self.timelineSection("plain", sources: false)
        #expect(run.contains("<p class=\"note\">File&#39;s Owner PrefsViewController is taken for a view controller"))
        #expect(run.contains("initWithNibName:@&quot;PrefsViewController&quot; bundle:nil"))
        for selector in ["initWithNibName:bundle:", "loadView", "viewDidLoad"] {
            #expect(run.contains("<code>\(selector)</code>"), "\(selector)")
        }
        // The note's rule links to the rule index like every rule id on a page.
        #expect(run.contains("R-XIB-1</a>"))
        // The controller's view states are drawn, as on a storyboard scene's page; a transition
        // names its cause's row in the table (OsmAnd's reviewer read "1 viewDidLoad" as row 1).
        #expect(run.contains("PrefsViewController.xib: view states (transitions numbered in order; #n is the table&#39;s row)"))
        #expect(run.contains("<td>8</td><td><code>PrefsViewController</code></td><td><code>viewDidLoad</code>"))
        #expect(run.contains(">1 viewDidLoad (#8)</text>"))
    }

    @Test("R-XIB-1: with the sources the class table says the owner is a view controller; L1 shows what it overrides")
    func withSources() throws {
        let run = try Self.timelineSection("sources", sources: true)
        #expect(run.contains("<p class=\"note\">File&#39;s Owner PrefsViewController is a view controller: it is made with"))
        #expect(run.contains("<code>viewDidLoad</code>"))
        #expect(!run.contains("<code>loadView</code>"), "L1: PrefsViewController does not override loadView")
    }

    @Test("R-XIB-1 R-CONV-7: an L1 run with nothing overridden says so, and still draws the view states")
    func nothingOverridden() throws {
        let run = try Self.timelineSection("bare", overrides: false, sources: true)
        // OsmAnd's OAGPXWptListViewController page showed an empty table here.
        #expect(run.contains("<p class=\"note\">No event to show: at L1"))
        #expect(!run.contains("<table class=\"timeline\">"))
        // With no table beside it, the caption does not point at one.
        #expect(run.contains("PrefsViewController.xib: view states (numbered transitions)"))
    }
}
