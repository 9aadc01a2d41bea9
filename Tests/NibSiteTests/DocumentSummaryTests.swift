import Foundation
import NibDiagrams
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A site build keeps each document's summary (`NibGraph.siteSummary`) and parses the document
/// again when its pages are planned (`DocumentRecord.inFull`): the pages are those of a plan
/// from the full graphs, and what the build holds between the two is not the documents' objects.
@Suite("Document summaries")
struct DocumentSummaryTests {
    /// The pages planned from `documents`, as text: path, title, summary, search terms, content
    /// blocks; every figure's DOT; every document's unit context.
    static func plannedText(
        _ documents: [SiteContent.DocumentRecord], sources: SiteContent.SourcesRecord? = nil, inputs: [URL], jobs: Int
    ) throws -> [String] {
        var content = SiteContent()
        content.rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot)
        content.documents = documents
        content.sources = sources
        let planner = SitePlanner(settings: SitePlanner.Settings(version: "test", inputs: inputs, jobs: jobs), content: content)
        try planner.plan()
        planner.link()
        let pages = planner.pages.map { page in
            "\(page.path)\n\(page.title)\n\(page.summary)\n\(page.searchTerms)\n\(page.content.blocks)"
        }
        // The digest that decides whether a rebuild keeps a document's pages reads other
        // documents' summaries: a build with another budget keeps the same pages.
        return pages + planner.figures.map(\.dot) + planner.units.map(\.context)
    }

    /// The fixture project: two storyboards joined by a storyboard reference, segues from
    /// buttons, custom classes, and a xib.
    static func project(_ name: String) throws -> URL {
        try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("summary-" + name))
    }

    @Test(arguments: [1, 2])
    func pagesFromSummariesAreThoseFromFullGraphs(jobs: Int) throws {
        let app = try Self.project("pages-\(jobs)")
        let summarized = SiteContent.readDocuments(inputs: [app], simulateLater: true, parsedBudget: 0)
        #expect(summarized.allSatisfy { $0.isSummary })
        let full = SiteContent.readDocuments(inputs: [app])
        // The summaries hold fewer objects and only segues.
        let objects = { (records: [SiteContent.DocumentRecord]) in records.reduce(0) { $0 + ((try? $1.graph.get().objects.count) ?? 0) } }
        #expect(objects(summarized) < objects(full))
        #expect(
            summarized.allSatisfy { record in
                (try? record.graph.get().connections.allSatisfy { if case .segue = $0.kind { true } else { false } }) ?? true
            })
        // In full again, each is the graph it was.
        for (summary, whole) in zip(summarized, full) {
            let again = try summary.inFull()
            #expect((try? again.graph.get()) == (try? whole.graph.get()), "\(whole.relative)")
            #expect(again.timeline != nil)
        }
        let fromSummaries = try Self.plannedText(summarized, inputs: [app], jobs: jobs)
        let fromFull = try Self.plannedText(full, inputs: [app], jobs: jobs)
        #expect(fromSummaries.count == fromFull.count)
        for (a, b) in zip(fromSummaries, fromFull) where a != b {
            Issue.record("page differs:\n\(a.prefix(300))\n---\n\(b.prefix(300))")
            break
        }
        // The storyboard's scene pages and the segue into Settings are there.
        #expect(fromSummaries.contains { $0.hasPrefix("documents/App/Settings.storyboard/") })
    }

    /// A storyboard whose second scene has no controller (its title is its first object's
    /// name), a segue from a button, a storyboard reference and custom classes: the app map and
    /// the scene index read the summary as they read the full graph.
    @Test func theAppMapAndTheSceneIndexReadTheSummaryAsTheGraph() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc1">
              <scenes>
                <scene sceneID="s1">
                  <objects>
                    <viewController storyboardIdentifier="Start" id="vc1" customClass="StartController" sceneMemberID="viewController">
                      <view key="view" contentMode="scaleToFill" id="v1">
                        <subviews>
                          <button opaque="NO" contentMode="scaleToFill" id="b1">
                            <connections>
                              <segue destination="r1" kind="show" identifier="toPlain" id="g1"/>
                              <segue destination="r1" kind="show" identifier="toSettings" id="g2"/>
                            </connections>
                          </button>
                          <label opaque="NO" text="Hi" id="l1" customClass="FancyLabel"/>
                        </subviews>
                      </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                  </objects>
                </scene>
                <scene sceneID="s2">
                  <objects>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    <view contentMode="scaleToFill" id="v2">
                      <subviews>
                        <switch opaque="NO" contentMode="scaleToFill" id="w2"/>
                      </subviews>
                    </view>
                  </objects>
                </scene>
                <scene sceneID="s3">
                  <objects>
                    <viewControllerPlaceholder storyboardName="Settings" id="r1" sceneMemberID="viewController"/>
                  </objects>
                </scene>
              </scenes>
            </document>
            """
        var graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "Main.storyboard")
        // The parser makes a scene's first object its controller; a reader that does not (a
        // compiled storyboard's) may leave it out: then the scene is named after its first object.
        let plain = try #require(graph.scenes.firstIndex { $0.id == "s2" })
        graph.scenes[plain].controller = nil
        let summary = graph.siteSummary
        #expect(summary.objects.count < graph.objects.count)
        #expect(summary.scenes == graph.scenes)
        let scene = graph.scenes[plain]
        #expect(
            ObjectNaming.sceneTitle(scene, in: summary, objects: summary.objectsByID)
                == ObjectNaming.sceneTitle(scene, in: graph, objects: graph.objectsByID))
        let settings = NibGraph(
            file: "Settings.storyboard", format: .document, documentType: graph.documentType, platform: graph.platform,
            isStoryboard: true)
        let map = { (main: NibGraph) in
            AppMapDiagram.dot(
                [
                    AppMapDiagram.Storyboard(key: "Main.storyboard", graph: main),
                    AppMapDiagram.Storyboard(key: "Settings.storyboard", graph: settings),
                ],
                links: nil)
        }
        #expect(map(summary) == map(graph))
        #expect(map(graph).contains("toPlain"))
        let record = { (graph: NibGraph) in SiteContent.DocumentRecord(relative: "Main.storyboard", graph: .success(graph), timeline: nil) }
        let fromSummary = SceneIndex.build(documents: [record(summary)])
        let fromGraph = SceneIndex.build(documents: [record(graph)])
        #expect(fromSummary.paths == fromGraph.paths)
        #expect(fromSummary.sceneTitles == fromGraph.sceneTitles)
        #expect(fromSummary.segues.map { "\($0)" } == fromGraph.segues.map { "\($0)" })
        #expect(fromSummary.segues.count == 2)
    }

    /// Documents stay parsed, in document order, while their sizes add up to the budget
    /// (`--document-memory`); the rest keep their summaries.
    @Test func documentsPastTheBudgetKeepTheirSummaries() throws {
        #expect(SiteContent.keptParsed(sizes: [10, 20, 5, 1], budget: 30) == [true, true, false, false])
        #expect(SiteContent.keptParsed(sizes: [10, 20], budget: 0) == [false, false])
        #expect(SiteContent.keptParsed(sizes: [0, 20], budget: 0) == [true, false])
        let app = try Self.project("budget")
        let all = SiteContent.readDocuments(inputs: [app], simulateLater: true)
        #expect(all.allSatisfy { !$0.isSummary && $0.size > 0 })
        let first = try #require(all.first)
        let read = SiteContent.readDocuments(inputs: [app], simulateLater: true, parsedBudget: first.size)
        #expect(read.map(\.isSummary) == [false] + Array(repeating: true, count: all.count - 1))
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: app.appendingPathComponent("Main.storyboard").path)[.size] as? Int)
        #expect(read.first { $0.relative.hasSuffix("Main.storyboard") }?.size == size)
    }

    /// `nibviz site --document-memory 0` (every document parsed twice, the build's path with
    /// summaries) writes the site the default build writes.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
    func theSiteBuiltFromSummariesIsTheDefaultSite() throws {
        let app = try Self.project("command")
        var sites: [[String: Data]] = []
        for memory in [nil, "0"] {
            let output = app.deletingLastPathComponent().appendingPathComponent("public-\(memory ?? "default")")
            let result = try runNibviz(
                ["site", app.path, "-o", output.path, "--no-cache"] + (memory.map { ["--document-memory", $0] } ?? []),
                currentDirectory: TestPaths.packageRoot)
            #expect(result.status == 0, "\(result.stderr)")
            sites.append(SiteFixtures.snapshot(output).filter { !$0.key.hasPrefix(".nibviz") })
        }
        #expect(sites[0].count > 5)
        #expect(sites[0] == sites[1], "\(Set(sites[0].keys).symmetricDifference(sites[1].keys))")
        let refused = try runNibviz(["site", app.path, "--document-memory", "-1"], currentDirectory: TestPaths.packageRoot)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--document-memory"))
    }

    /// A document that changed or went away between its reading and the planning of its pages
    /// stops the build with its name: the other pages show what was read, and its own pages
    /// would not match them (an app map linking scene pages never written).
    @Test(arguments: ["changed", "gone"])
    func aDocumentChangedSinceItWasReadStopsTheBuild(_ change: String) throws {
        let app = try Self.project("moved-" + change)
        let summarized = SiteContent.readDocuments(inputs: [app], simulateLater: true, parsedBudget: 0)
        let settings = app.appendingPathComponent("Settings.storyboard")
        if change == "gone" {
            try FileManager.default.removeItem(at: settings)
        } else {
            let text = try String(contentsOf: settings, encoding: .utf8)
            try text.replacingOccurrences(of: "sceneID=\"ssc-st-001\"", with: "sceneID=\"ssc-st-009\"")
                .write(to: settings, atomically: true, encoding: .utf8)
        }
        #expect(throws: SiteBuildError.self) { try Self.plannedText(summarized, inputs: [app], jobs: 1) }
        do {
            _ = try Self.plannedText(summarized, inputs: [app], jobs: 2)
            Issue.record("planned a document that \(change)")
        } catch let error as SiteBuildError {
            #expect(error.message.contains("App/Settings.storyboard"), "\(error)")
            #expect(error.message.contains("changed while the site was being built"))
            #expect(error.message.contains("reading it again") == (change == "gone"))
        }
    }

    /// With `--sources`, `check` reads every graph in full first; then the documents past the
    /// budget keep their summaries, and the pages (findings included) are those of a build that
    /// keeps every graph.
    @Test func withSourcesTheSummariesComeAfterTheCheck() throws {
        let app = try Self.project("sources")
        let sources = app.appendingPathComponent("AppSources")
        try FileManager.default.copyItem(at: SiteFixtures.fixtures.appendingPathComponent("AppSources"), to: sources)
        var options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: [app], output: app.deletingLastPathComponent().appendingPathComponent("out"),
            version: "test", showProgress: false, logSteps: false)
        options.sources = [sources]
        options.documentMemory = 0
        let summarized = try SiteContent.readProject(options, simulateLater: true)
        let documents = summarized.documents
        #expect(documents.allSatisfy { $0.isSummary })
        #expect(documents.contains { !$0.findings.isEmpty })
        options.documentMemory = SiteOptions.defaultDocumentMemory
        let full = try SiteContent.readProject(options, simulateLater: true)
        let fullDocuments = full.documents
        #expect(fullDocuments.allSatisfy { !$0.isSummary })
        let fromSummaries = try Self.plannedText(documents, sources: summarized.sources, inputs: [app], jobs: 1)
        #expect(fromSummaries == (try Self.plannedText(fullDocuments, sources: full.sources, inputs: [app], jobs: 1)))
    }

    /// Over every corpus document (skipped without `../shared/corpus`): the plan from summaries
    /// is the plan from full graphs, page for page and figure for figure.
    @Test(.enabled(if: TestPaths.corpus != nil, "../shared/corpus not found: skipped"))
    func theCorpusPlansTheSameFromSummaries() throws {
        guard let corpus = TestPaths.corpus else { return }
        let inputs = [corpus.appendingPathComponent("files")]
        let summarized = SiteContent.readDocuments(inputs: inputs, simulateLater: true, parsedBudget: 0)
        let fromSummaries = try Self.plannedText(summarized, inputs: inputs, jobs: 2)
        let fromFull = try Self.plannedText(
            SiteContent.readDocuments(inputs: inputs, simulateLater: true), inputs: inputs, jobs: 2)
        #expect(fromSummaries.count == fromFull.count)
        var differing = 0
        for (a, b) in zip(fromSummaries, fromFull) where a != b {
            if differing == 0 { Issue.record("first difference:\n\(a.prefix(300))\n---\n\(b.prefix(300))") }
            differing += 1
        }
        #expect(differing == 0)
    }
}
