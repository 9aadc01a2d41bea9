import Foundation
import NibTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end: the built `nibviz` on a built app bundle made of compiled nibs (a `.storyboardc`,
/// a NIBArchive file, a framework's keyed-archive nib bundle), all written by the test encoders.
@Suite struct CompiledAppCommandTests {
    /// A fresh `Demo.app` in its own temporary folder.
    func app() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-app-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("Demo.app")
        try CompiledFixtures.writeApp(at: app)
        return app
    }

    @Test func inspectingAnAppListsEveryCompiledDocument() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let result = try runNibviz(["inspect", app.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let names = files.compactMap { ($0["file"] as? String)?.components(separatedBy: "Demo.app/").last }
        #expect(
            names == [
                "Base.lproj/Main.storyboardc", "Frameworks/Prefs.framework/Resources/Preferences.nib/keyedobjects.nib", "LoginView.nib",
            ])
        #expect(files.allSatisfy { $0["error"] == nil || $0["error"] is NSNull }, "\(files)")
    }

    @Test func aCompiledStoryboardIsInspectedAndRenderedAsAFlow() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let storyboard = app.appendingPathComponent("Base.lproj/Main.storyboardc").path
        let inspect = try runNibviz(["inspect", storyboard])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.output.contains("ios storyboard, nibArchive format"))
        #expect(inspect.output.contains("scene Nav:"))
        #expect(inspect.output.contains("segue show \"showHome\""))
        let render = try runNibviz(["render", storyboard, "--diagram", "flow", "-T", "svg"])
        #expect(render.status == 0, "\(render.stderr)")
        let svg = try XMLDocument(data: render.stdout)
        #expect(svg.rootElement()?.name == "svg")
        #expect(render.output.contains("LoginViewController"))
        let graph = try runNibviz(["render", storyboard, "--diagram", "graph", "-T", "dot"])
        #expect(graph.status == 0, "\(graph.stderr)")
        let simulate = try runNibviz(["simulate", storyboard])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.output.contains("LoginViewController"), "\(simulate.output)")
    }

    @Test func compiledNibsRenderSimulateAndDiff() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let nib = app.appendingPathComponent("LoginView.nib").path
        let prefs = app.appendingPathComponent("Frameworks/Prefs.framework/Resources/Preferences.nib").path
        for input in [nib, prefs] {
            let render = try runNibviz(["render", input, "--diagram", "graph", "-T", "svg"])
            #expect(render.status == 0, "\(render.stderr)")
            #expect(render.output.contains("<svg"))
            let simulate = try runNibviz(["simulate", input])
            #expect(simulate.status == 0, "\(simulate.stderr)")
            #expect(simulate.output.contains("awakeFromNib"))
        }
        // A second build of the view with one connection fewer.
        var fixture = CompiledFixtures.uikitLoginView()
        if case .object(_, let fields) = fixture.items[0] { fixture.setRoot(fields.filter { $0.0 != "UINibConnectionsKey" }) }
        let changed = app.deletingLastPathComponent().appendingPathComponent("LoginView-empty.nib")
        try Data(NIBArchiveWriter.encode(fixture)).write(to: changed)
        let diff = try runNibviz(["diff", nib, changed.path, "--markdown"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.output.contains("nameLabel"))
    }

    @Test func aSiteBuildsFromAnApp() throws {
        let app = try app()
        let output = app.deletingLastPathComponent().appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let result = try runNibviz(["site", app.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = FileManager.default.enumerator(atPath: output.appendingPathComponent("documents").path)?.allObjects as? [String] ?? []
        // One page per document; a storyboard's scenes have their own pages below it (#13).
        let documentPages = pages.filter { $0.hasPrefix("Demo.app/") && $0.hasSuffix(".html") && !$0.contains(".storyboardc/") }
        #expect(documentPages.count == 3, "\(pages)")
        #expect(pages.contains { $0.hasPrefix("Demo.app/Base.lproj/Main.storyboardc/") && $0.hasSuffix(".html") }, "\(pages)")
        let page = try String(
            contentsOf: output.appendingPathComponent("documents/Demo.app/Base.lproj/Main.storyboardc.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "compiled nib: user labels").count == 2, "what a compiled nib lacks is said once")
    }
}

/// `site` on an AltStore-like checkout: the corpus's AltStore documents put back at their
/// original paths in a temporary folder, Pods' compiled Sparkle nibs included.
@Suite struct CompiledProjectSiteTests {
    @Test func aProjectWithPodsCompiledNibsBuildsItsSiteWithoutErrors() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: corpus not found beside the package (../shared/corpus)")
            return
        }
        let manifest = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        let rows = manifest.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-altstore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("AltStore")
        var compiled = 0
        for row in rows where row.count > 3 && row[1] == "altstoreio/AltStore" {
            let target = project.appendingPathComponent(row[3])
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(row[0]), to: target)
            if row[3].hasPrefix("Pods/") { compiled += 1 }
        }
        #expect(compiled == 4)
        let output = folder.appendingPathComponent("site")
        let result = try runNibviz(["site", project.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("Error"), "\(result.stderr)")
        let page = output.appendingPathComponent(
            "documents/AltStore/Pods/Sparkle/Sparkle.framework/Versions/B/Resources/Base.lproj/SUUpdatePermissionPrompt.nib.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("keyedobjects-101300.nib"), "the variant not read is named")
    }
}
