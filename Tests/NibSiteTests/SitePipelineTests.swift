import Foundation
import GraphvizRender
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A backend whose worker dies on every diagram: what a Graphviz crash looks like to the site.
struct DyingWorkerBackend: DiagramBackend {
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        requests.map { .failure(RenderError(stage: .worker, name: $0.name, message: "render worker exited on signal 11")) }
    }
}

@Suite("Site pipeline", .serialized)
struct SitePipelineTests {
    @Test func theInstantiationTableNamesTheSimulatorsInitializerForEveryObject() throws {
        // R-INIT-6: a macOS custom view gets initWithFrame:, R-INIT-7: a custom object init,
        // R-INIT-5: library objects initWithCoder:, whatever the table of a second copy said.
        let directory = SiteFixtures.temporaryDirectory("initializers")
        let output = directory.appendingPathComponent("public")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        _ = try SiteFixtures.build(output: output, cache: nil, inputs: [project])
        for file in ["Card.xib", "nested/Swatch.xib"] {
            let url = project.appendingPathComponent(file)
            let graph = try NibDocumentParser.parse(contentsOf: url, displayName: "project/" + file)
            let events = Simulator.run(document: graph).initializerEvents
            let page = try String(
                contentsOf: output.appendingPathComponent("documents/project/" + file.replacingOccurrences(of: " ", with: "_") + ".html"),
                encoding: .utf8)
            let named = InitializerCells.read(page)
            #expect(!named.isEmpty)
            for object in graph.objects where !object.isPlaceholder {
                #expect(named[object.id.rawValue] == events[object.id.rawValue]?.selector, "\(file) \(object.id)")
            }
        }
        let swatch = InitializerCells.read(
            try String(contentsOf: output.appendingPathComponent("documents/project/nested/Swatch.xib.html"), encoding: .utf8))
        #expect(swatch["c22-O7-iKe"] == "initWithFrame:" && swatch["obj-helper"] == "init" && swatch["btn-mac-001"] == "initWithCoder:")
    }

    @Test func aDiagramThatFailsToRenderIsNamedAndItsPageShowsTheErrorBox() throws {
        let directory = SiteFixtures.temporaryDirectory("diagram-failure")
        let output = directory.appendingPathComponent("public")
        let options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: [SiteFixtures.inputs(in: directory, includeBad: false)], output: output,
            useCache: false, version: "test", showProgress: false, logSteps: false)
        let report = try SiteBuilder(options: options, backend: DyingWorkerBackend()).build()
        #expect(report.diagramFailures.count > 50)
        #expect(report.diagramFailures.contains { $0.hasPrefix("documents/project/Card.xib.html: ") && $0.contains("signal 11") })
        let page = try String(contentsOf: output.appendingPathComponent("documents/project/Card.xib.html"), encoding: .utf8)
        #expect(page.contains("diagram-error") && page.contains("Diagram failed"))
    }

    @Test func aBrokenInternalLinkFailsTheBuildWithTheFullCount() throws {
        let directory = SiteFixtures.temporaryDirectory("broken-links")
        let root = directory.appendingPathComponent("site")
        try SiteFixtures.copySiteRoot(to: root)
        let links = (1...25).map { "[gone \($0)](missing-\($0).html) [anchor](#nowhere-\($0))" }.joined(separator: "\n\n")
        try "# Broken\n\n\(links)\n".write(to: root.appendingPathComponent("pages/broken.md"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("public")
        do {
            _ = try SiteFixtures.build(output: output, cache: nil, siteRoot: root)
            Issue.record("a site with broken links must not build")
        } catch let error as SiteBuildError {
            #expect(error.step == "check links")
            #expect(error.brokenLinks.count == 50, "every broken link is counted, not the first 20")
            #expect(error.message.hasPrefix("50 broken"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is swapped in")
    }
}

/// The initializer column of a document page: object id → selector.
enum InitializerCells {
    static func read(_ page: String) -> [String: String] {
        var out: [String: String] = [:]
        // A document page, or several pages joined (a storyboard and its scene pages).
        for section in page.components(separatedBy: "<h2 id=\"instantiation\">").dropFirst() {
            let table = section.components(separatedBy: "<h2 ").first ?? section
            out.merge(rows(table)) { first, _ in first }
        }
        return out
    }

    static func rows(_ table: String) -> [String: String] {
        var out: [String: String] = [:]
        for row in table.components(separatedBy: "<tr").dropFirst(2) {
            guard let idStart = row.range(of: "</a> <code>"),
                let idEnd = row.range(of: "</code>", range: idStart.upperBound..<row.endIndex),
                let cell = row.range(of: "<code class=\"initializer\">"),
                let cellEnd = row.range(of: "</code>", range: cell.upperBound..<row.endIndex)
            else { continue }
            out[LinkWalk.entities(String(row[idStart.upperBound..<idEnd.lowerBound]))] = String(row[cell.upperBound..<cellEnd.lowerBound])
        }
        return out
    }
}
