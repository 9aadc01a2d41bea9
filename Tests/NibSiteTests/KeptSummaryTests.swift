import Foundation
import GraphvizRender
import NibModel
import NibParsing
import NibScenario
import NibTestSupport
import Synchronization
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A site build saves each document's summary (`NibGraph.siteSummary`) in its state, and the
/// next build takes it instead of parsing the document when the document's bytes, path, the
/// options and the tool are unchanged (#17: a rebuild re-parses nothing whose content hash is
/// unchanged); the document is parsed only if its pages are planned.
@Suite("Kept summaries")
struct KeptSummaryTests {
    /// The graph as the build state stores it and reads it back.
    static func roundTrip(_ graph: NibGraph) throws -> NibGraph {
        var shard = BuildState.Summaries()
        shard.summaries["k"] = BuildState.Summary(key: "k", graph: graph)
        let back = try BuildState.Summaries(decoding: shard.encoded())
        return try #require(back.summaries["k"]).graph
    }

    /// Every fixture document (storyboards with segues and references, xibs, outlets, actions,
    /// bindings, runtime attributes): the full graph and its summary come back equal.
    @Test func graphsComeBackFromTheStateAsTheyWere() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-codable"))
        let parsing = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__")
        let records = SiteContent.readDocuments(
            inputs: [app, parsing.appendingPathComponent("macos-prefs.xib"), parsing.appendingPathComponent("ios-view.xib")])
        #expect(records.count == 5)
        var connections = Set<String>()
        for record in records {
            let graph = try record.graph.get()
            connections.formUnion(graph.connections.map(\.kind.name))
            #expect(try Self.roundTrip(graph) == graph, "\(record.relative)")
            #expect(try Self.roundTrip(graph.siteSummary) == graph.siteSummary, "\(record.relative)")
        }
        // Every kind of connection went through the coder.
        #expect(connections.isSuperset(of: ["outlet", "action", "segue", "binding"]), "\(connections.sorted())")
    }

    /// Over every corpus document (skipped without `../shared/corpus`), compiled nibs included.
    @Test(.enabled(if: TestPaths.corpus != nil, "../shared/corpus not found: skipped"))
    func corpusGraphsComeBackFromTheStateAsTheyWere() throws {
        guard let corpus = TestPaths.corpus else { return }
        let records = SiteContent.readDocuments(inputs: [corpus.appendingPathComponent("files")], simulateLater: true)
        var differing: [String] = []
        for record in records {
            guard case .success(let graph) = record.graph else { continue }
            if try Self.roundTrip(graph) != graph { differing.append(record.relative) }
        }
        #expect(records.count > 500)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// Records made from summaries an earlier read kept plan the pages, figures and unit
    /// contexts of records parsed in full, and are parsed only when planned.
    @Test(arguments: [1, 2])
    func documentsReadFromKeptSummariesPlanAsParsedOnes(jobs: Int) throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-plan-\(jobs)"))
        // The first read carries each summary (its caller asked for them).
        let first = SiteContent.readDocuments(inputs: [app], simulateLater: true, earlierSummaries: { _ in nil })
        #expect(first.allSatisfy { !$0.isSummary && $0.summary != nil })
        var kept: [String: NibGraph] = [:]
        for record in first { kept[record.relative] = record.summary }
        // The Main storyboard is not taken: it is parsed as a changed document would be.
        let offered = kept.filter { !$0.key.hasSuffix("Main.storyboard") }
        let second = SiteContent.readDocuments(inputs: [app], simulateLater: true, earlierSummaries: { offered[$0] })
        #expect(second.map(\.isSummary) == second.map { !$0.relative.hasSuffix("Main.storyboard") })
        #expect(second.allSatisfy { $0.summary == kept[$0.relative] })
        let full = SiteContent.readDocuments(inputs: [app], simulateLater: true)
        let planned = try DocumentSummaryTests.plannedText(second, inputs: [app], jobs: jobs)
        #expect(planned == (try DocumentSummaryTests.plannedText(full, inputs: [app], jobs: jobs)))
        // With a class table the summaries are not taken (the runs' options read the full graph).
        let withClasses = SiteContent.readDocuments(
            inputs: [app], classes: [:], simulateLater: true, earlierSummaries: { offered[$0] })
        #expect(withClasses.allSatisfy { !$0.isSummary })
    }

    /// Records made from kept summaries run the simulations parsed ones run: with the
    /// project's platform defaults (`.nibviz.yml`) and the storyboard's role from the app's
    /// Info.plist (R-LAUNCH-1), once their graph is parsed in full.
    @Test func documentsReadFromKeptSummariesSimulateWithTheProjectsDefaults() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-defaults"))
        try MainStoryboardSiteTests.sceneManifestPlist.write(
            to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let platform = ProjectFile.PlatformDefaults(platform: .ios, osVersion: OSVersion("13.0"), idiom: .pad)
        let parsed = SiteContent.readDocuments(
            inputs: [app], platform: platform, simulateLater: true, earlierSummaries: { _ in nil })
        var summaries: [String: NibGraph] = [:]
        for record in parsed { summaries[record.relative] = record.summary }
        let kept = summaries
        let fromSummaries = SiteContent.readDocuments(
            inputs: [app], platform: platform, simulateLater: true, earlierSummaries: { kept[$0] })
        #expect(fromSummaries.allSatisfy { $0.isSummary })
        // The defaults change the runs: the same documents without them run otherwise.
        let plain = try SiteContent.readDocuments(inputs: [app], simulateLater: true).map { try $0.inFull() }
        var differs = false
        for (summary, whole) in zip(fromSummaries, parsed) {
            let (a, b) = (try summary.inFull(), try whole.inFull())
            #expect(a.timeline == b.timeline && a.launch == b.launch, "\(a.relative)")
            if let other = plain.first(where: { $0.relative == a.relative }), other.timeline != a.timeline || other.launch != a.launch {
                differs = true
            }
        }
        #expect(differs, "the defaults and the Info.plist change no run: the test checks nothing")
    }

    /// A kept summary that is not the document's (the document changed since) stops the
    /// planning with the document's name, never a site drawn from the wrong summary.
    @Test func aKeptSummaryThatIsNotTheDocumentsStopsThePlanning() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-wrong"))
        let parsed = SiteContent.readDocuments(inputs: [app], simulateLater: true, earlierSummaries: { _ in nil })
        var summaries: [String: NibGraph] = [:]
        for record in parsed { summaries[record.relative] = record.summary }
        let settings = try #require(summaries.keys.first { $0.hasSuffix("Settings.storyboard") })
        summaries[settings]?.scenes[0].title = "Not this one"
        let kept = summaries
        let fromSummaries = SiteContent.readDocuments(inputs: [app], simulateLater: true, earlierSummaries: { kept[$0] })
        do {
            _ = try DocumentSummaryTests.plannedText(fromSummaries, inputs: [app], jobs: 1)
            Issue.record("planned from a summary that is not the document's")
        } catch let error as SiteBuildError {
            #expect(error.message.contains(settings) && error.message.contains("changed while the site was being built"), "\(error)")
        }
    }

    /// A kept summary found stale when its document is planned (here: the state edited by hand)
    /// does not fail every later build: the build says so and runs once more without the kept
    /// summaries, writing fresh ones; the site is the one a cold build writes.
    @Test func aStaleKeptSummaryBuildsAgainWithoutTheKeptSummaries() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-stale"))
        try SiteFixtures.dateBack(app)
        let folder = app.deletingLastPathComponent()
        let output = folder.appendingPathComponent("public")
        let options = IncrementalSiteTests.options(output, inputs: [app])
        _ = try SiteBuilder(options: options, backend: InProcessBackend()).build()
        var tampered = 0
        for shard in 0..<BuildState.summaryShards {
            let file = output.appendingPathComponent(BuildState.summariesPath(shard))
            // A scene titled "About": the title's length, then its bytes, made "Bogus".
            let bytes = [UInt8](try Data(contentsOf: file))
            let about: [UInt8] = [5] + Array("About".utf8)
            guard let at = bytes.firstRange(of: about) else { continue }
            var edited = bytes
            edited.replaceSubrange(at, with: [5] + Array("Bogus".utf8))
            try Data(edited).write(to: file)
            tampered += 1
        }
        #expect(tampered == 1)
        // Settings' page edited too, so that Settings is planned (and parsed) again.
        let page = output.appendingPathComponent("documents/App/Settings.storyboard.html")
        try Data((try String(contentsOf: page, encoding: .utf8) + "<!-- edited -->").utf8).write(to: page)
        let notes = Mutex<[String]>([])
        let report = try SiteBuilder.build(options: options, backend: InProcessBackend()) { note in notes.withLock { $0.append(note) } }
        #expect(report.failures.isEmpty)
        let said = notes.withLock { $0 }
        #expect(said.count == 1 && said[0].contains("App/Settings.storyboard"), "\(said)")
        #expect(said.first?.contains("building again without the summaries the last build kept") == true)
        let cold = IncrementalSiteTests.options(folder.appendingPathComponent("cold"), inputs: [app])
        _ = try SiteBuilder(options: cold, backend: InProcessBackend()).build()
        let pages = { (root: URL) in SiteFixtures.snapshot(root).filter { !$0.key.hasPrefix(".") } }
        #expect(pages(output) == pages(folder.appendingPathComponent("cold")))
        // Fresh summaries replaced the edited ones: the next build takes them without a word.
        try Data((try String(contentsOf: page, encoding: .utf8) + "<!-- again -->").utf8).write(to: page)
        let next = try SiteBuilder.build(options: options, backend: InProcessBackend()) { note in Issue.record("\(note)") }
        #expect(next.timings.documentsSummarized == 3)
    }

    /// A document edited after its bytes were hashed and before its summary is kept (while the
    /// build reads it) gets no summary: the summary would be of other bytes than its key names.
    @Test func aDocumentEditedWhileItWasReadKeepsNoSummary() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-race"))
        try SiteFixtures.dateBack(app)
        let options = IncrementalSiteTests.options(app.deletingLastPathComponent().appendingPathComponent("out"), inputs: [app])
        let builder = SiteBuilder(options: options, backend: InProcessBackend())
        builder.digests = InputDigest.compute(options)
        builder.content.documents = SiteContent.readDocuments(inputs: [app], simulateLater: true, earlierSummaries: { _ in nil })
        try FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: app.appendingPathComponent("Views/Card.xib").path)
        let kept = builder.summariesToSave().flatMap(\.summaries.keys)
        #expect(Set(kept) == ["App/Main.storyboard", "App/Settings.storyboard"])
        #expect(builder.content.documents.allSatisfy { $0.summary == nil })
    }

    /// Two inputs holding documents of one relative path (`a/App`, `b/App`): no summary or
    /// kept page stands for either, and a rebuild after an edit writes what a cold build writes.
    @Test func documentsOfOneRelativePathInTwoInputsAreAlwaysParsed() throws {
        let directory = SiteFixtures.temporaryDirectory("kept-summary-same-path")
        let first = try SiteFixtures.appProject(in: directory.appendingPathComponent("a"))
        let second = try SiteFixtures.appProject(in: directory.appendingPathComponent("b"))
        let main = second.appendingPathComponent("Main.storyboard")
        let text = try String(contentsOf: main, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "customClass=\"AppListViewController\"", with: "customClass=\"BeeController\"")
        #expect(edited != text)
        try Data(edited.utf8).write(to: main)
        try SiteFixtures.dateBack(directory)
        let inputs = [first, second]
        func build(_ name: String) throws -> SiteReport {
            try SiteBuilder(
                options: IncrementalSiteTests.options(directory.appendingPathComponent(name), inputs: inputs), backend: InProcessBackend()
            ).build()
        }
        _ = try build("public")
        let card = first.appendingPathComponent("Views/Card.xib")
        try Data(try String(contentsOf: card, encoding: .utf8).replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ").utf8)
            .write(to: card)
        let rebuilt = try build("public")
        #expect(rebuilt.timings.documentsSummarized == 0 && rebuilt.failures.isEmpty, "\(rebuilt.failures)")
        _ = try build("cold")
        let site = SiteFixtures.snapshot(directory.appendingPathComponent("public"))
        let cold = SiteFixtures.snapshot(directory.appendingPathComponent("cold"))
        let pages = { (files: [String: Data]) in files.filter { !$0.key.hasPrefix(".") } }
        #expect(pages(site) == pages(cold), "\(Set(pages(site).keys).symmetricDifference(pages(cold).keys))")
    }

    /// A compiled bundle's folders are part of its digest: its reader lists them.
    @Test func aFolderAddedInsideABundleChangesItsDigest() throws {
        let project = SiteFixtures.temporaryDirectory("kept-summary-bundle").appendingPathComponent("App")
        let bundle = project.appendingPathComponent("View.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("not really a nib".utf8).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
        let options = IncrementalSiteTests.options(project.deletingLastPathComponent().appendingPathComponent("out"), inputs: [project])
        let before = InputDigest.compute(options)
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Extra.nib"), withIntermediateDirectories: true)
        let after = InputDigest.compute(options)
        #expect(before.documents["App/View.nib"] != nil)
        #expect(before.documents["App/View.nib"] != after.documents["App/View.nib"])
        #expect(before.all != after.all)
    }

    /// `nibviz site` after a one-document edit parses that document alone and says so under
    /// `--timings`; the state holds a summary for every readable document.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
    func theCommandParsesOnlyTheEditedDocument() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-command"))
        try SiteFixtures.dateBack(app)
        let output = app.deletingLastPathComponent().appendingPathComponent("public")
        let arguments = ["site", app.path, "-o", output.path, "--timings"]
        let first = try runNibviz(arguments, currentDirectory: TestPaths.packageRoot)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("documents not parsed"))
        var summarized = Set<String>()
        for shard in 0..<BuildState.summaryShards {
            let data = try Data(contentsOf: output.appendingPathComponent(BuildState.summariesPath(shard)))
            summarized.formUnion(try BuildState.Summaries(decoding: [UInt8](data)).summaries.keys)
        }
        let documents = SiteContent.readDocuments(inputs: [app])
        #expect(summarized == Set(documents.map(\.relative)))
        let xib = try #require(documents.first { $0.relative.hasSuffix(".xib") }).relative
        let file = app.deletingLastPathComponent().appendingPathComponent(xib)
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ").utf8).write(to: file)
        let second = try runNibviz(arguments, currentDirectory: TestPaths.packageRoot)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("documents not parsed \(documents.count - 1) "), "\(second.stderr)")
    }
}
