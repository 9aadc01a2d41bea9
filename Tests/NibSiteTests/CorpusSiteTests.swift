import Foundation
import NibParsing
import NibRules
import NibSimulation
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// The site over real Interface Builder documents of `../shared/corpus` (skipped when absent).
@Suite("Corpus site", .serialized, .enabled(if: TestPaths.corpus != nil, "../shared/corpus not found: corpus site tests skipped"))
struct CorpusSiteTests {
    /// On every corpus document, the initializer the document page names for an object is the
    /// initializer event the simulator emits for it (R-INIT-1..8), computed here on its own.
    @Test func everyDocumentPageNamesTheSimulatorsInitializerForEachObject() throws {
        guard let corpus = TestPaths.corpus else { return }
        let options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: [corpus.appendingPathComponent("files")],
            output: SiteFixtures.temporaryDirectory("corpus-init").appendingPathComponent("public"), useCache: false, version: "test",
            showProgress: false, logSteps: false)
        let builder = SitePlanner(settings: SitePlanner.Settings(version: "test", inputs: options.inputs))
        builder.content.rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot)
        builder.content.documents = SiteContent.readDocuments(inputs: options.inputs)
        builder.sceneIndex = SceneIndex.build(documents: builder.content.documents)
        let paths = builder.sceneIndex.documentPaths
        let uses = builder.classUses(paths)
        for number in builder.content.documents.indices {
            builder.planScenePages(of: number, uses: uses)
            builder.planDocumentPage(of: number)
        }
        var compared = 0
        var pagesByPath: [String: SitePage] = [:]
        for page in builder.pages { pagesByPath[page.path] = page }
        for (document, path) in zip(builder.content.documents, paths) {
            guard case .success(let graph) = document.graph, let page = pagesByPath[path] else { continue }
            // A storyboard's objects are on its scene pages (`documents/<file>/<scene>.html`).
            let scenePages = builder.pages.filter { $0.path.hasPrefix(String(path.dropLast(5)) + "/") }
            let html = ([page] + scenePages).flatMap(\.content.blocks).map { block -> String in
                if case .html(let text) = block { text } else { "" }
            }.joined()
            let named = InitializerCells.read(html)
            var expected = Simulator.run(document: graph).initializerEvents
            if graph.isStoryboard {
                // A scene page names the initializer of the run that shows the scene (R-SB-1).
                for part in Simulator.launch(storyboard: graph).scenes {
                    let members = Set(graph.objects.filter { $0.scene == part.sceneID || $0.id == part.controllerID }.map(\.id.rawValue))
                    for (id, event) in part.timeline.initializerEvents where members.contains(id) { expected[id] = event }
                }
            }
            for object in graph.objects where !object.isPlaceholder {
                #expect(named[object.id.rawValue] == expected[object.id.rawValue]?.selector, "\(document.relative) \(object.id)")
                if let event = expected[object.id.rawValue] {
                    // The one initializer table says the same without a run.
                    let choice = Rule.initializer(for: object, platform: graph.platform)
                    #expect(choice.selector == event.selector && choice.rule.id == event.rule, "\(document.relative) \(object.id)")
                }
                if named[object.id.rawValue] != nil { compared += 1 }
            }
        }
        #expect(compared > 5000, "initializers compared: \(compared)")
    }

    /// `nibviz site PROJECT`: a whole corpus project (iOS and macOS documents, compiled nibs among
    /// them) gives a site with no broken link or anchor, inline SVG included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
    func aWholeProjectSiteHasNoBrokenLinkOrAnchor() throws {
        guard let corpus = TestPaths.corpus else { return }
        let directory = SiteFixtures.temporaryDirectory("corpus-project")
        let output = directory.appendingPathComponent("public")
        let project = corpus.appendingPathComponent("files/altstoreio__AltStore")
        let result = try runNibviz(["site", project.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(!result.stderr.contains("broken"), "\(result.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("documents/index.html").path))
        let broken = try LinkWalk.broken(in: output)
        #expect(broken.isEmpty, "\(broken.count) broken: \(broken.prefix(10))")
    }
}
