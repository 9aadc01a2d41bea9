import Foundation
import NibModel
import NibParsing
import NibTestSupport
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
        let summary = BuildState.Summary(key: "k", graph: graph)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try JSONDecoder().decode(BuildState.Summary.self, from: encoder.encode(summary)).graph
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

    /// `nibviz site` after a one-document edit parses that document alone and says so under
    /// `--timings`; the state holds a summary for every readable document.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
    func theCommandParsesOnlyTheEditedDocument() throws {
        let app = try SiteFixtures.appProject(in: SiteFixtures.temporaryDirectory("kept-summary-command"))
        let output = app.deletingLastPathComponent().appendingPathComponent("public")
        let arguments = ["site", app.path, "-o", output.path, "--timings"]
        let first = try runNibviz(arguments, currentDirectory: TestPaths.packageRoot)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("documents not parsed"))
        var summarized = Set<String>()
        for shard in 0..<BuildState.detailsShards {
            let data = try Data(contentsOf: output.appendingPathComponent(BuildState.detailsPath(shard)))
            summarized.formUnion(try JSONDecoder().decode(BuildState.Details.self, from: data).summaries.keys)
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
