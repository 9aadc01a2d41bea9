import Foundation
import GraphvizRender
import NibTestSupport
import Synchronization
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// Renders in this process (one lane, like `--jobs 1`) and counts how often each DOT is drawn
/// and in how many batches (each `flush` of the session is one).
final class TallyingBackend: DiagramBackend, @unchecked Sendable {
    let drawn = Mutex([String: Int]())
    let batches = Mutex(0)

    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        drawn.withLock { counts in for request in requests { counts[request.dot, default: 0] += 1 } }
        if !requests.isEmpty { batches.withLock { $0 += 1 } }
        return InProcessBackend().render(requests, progress: progress)
    }
}

/// A backend that answers no request at all (a broken third-party backend).
struct SilentBackend: DiagramBackend {
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] { [] }
}

/// A site build writes each document's pages as soon as they are planned and their diagrams
/// drawn, and lets each SVG go once its pages are written (#17: memory follows the pages being
/// written, not the project). A diagram a later document shares is read back from the cache,
/// or drawn again without one; either way every page shows it.
@Suite("Streamed site builds", .serialized)
struct StreamedSiteTests {
    static func options(_ output: URL, inputs: [URL], useCache: Bool) -> SiteOptions {
        SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: inputs, output: output, useCache: useCache, version: "test", showProgress: false,
            logSteps: false)
    }

    /// The HTML pages of a built site, by path.
    static func pages(_ root: URL) -> [String: Data] { SiteFixtures.snapshot(root).filter { $0.key.hasSuffix(".html") } }

    @Test func diagramsRenderAsDocumentsArePlannedAndASharedOneIsDrawnOnce() throws {
        let directory = SiteFixtures.temporaryDirectory("streamed-shared")
        // `Card.xib` and `nested/Other View.xib` are the same document: their legends (and other
        // diagrams that name no path) are the same DOT, planned in two documents.
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let output = directory.appendingPathComponent("site")
        let backend = TallyingBackend()
        let report = try SiteBuilder(options: Self.options(output, inputs: [project], useCache: true), backend: backend).build()
        let drawn = backend.drawn.withLock { $0 }
        #expect(drawn.values.allSatisfy { $0 == 1 }, "a diagram was drawn twice with the cache on")
        #expect(report.diagramsRendered == drawn.count)
        // One batch per document planned (and the pages around them), not one for the site.
        #expect(backend.batches.withLock { $0 } >= 3)
        let pages = Self.pages(output)
        let card = try #require(pages.first { $0.key.hasSuffix("Card.xib.html") }?.value)
        let other = try #require(pages.first { $0.key.hasSuffix("Other_View.xib.html") }?.value)
        let legend = try #require(Self.legendSVG(in: card))
        #expect(Self.legendSVG(in: other) == legend, "the shared legend differs between the two documents' pages")
        for (path, html) in pages {
            #expect(!String(decoding: html, as: UTF8.self).contains("diagram-error"), "\(path) shows a diagram that failed")
        }
    }

    @Test func withoutACacheASharedDiagramIsDrawnAgainAndThePagesAreTheSame() throws {
        let directory = SiteFixtures.temporaryDirectory("streamed-nocache")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let cached = directory.appendingPathComponent("cached")
        let uncached = directory.appendingPathComponent("uncached")
        _ = try SiteBuilder(options: Self.options(cached, inputs: [project], useCache: true), backend: InProcessBackend()).build()
        let backend = TallyingBackend()
        _ = try SiteBuilder(options: Self.options(uncached, inputs: [project], useCache: false), backend: backend).build()
        #expect(backend.drawn.withLock { $0 }.values.contains { $0 > 1 }, "no diagram was shared after its first page was written")
        #expect(Self.pages(uncached) == Self.pages(cached))
    }

    /// The parsed documents are let go once every page is planned (they were most of the memory
    /// while the last diagrams were drawn and the links checked); the report and the state the
    /// later steps write still count and name every document.
    @Test func theDocumentsAreLetGoOnceThePagesArePlanned() throws {
        let directory = SiteFixtures.temporaryDirectory("streamed-release")
        let project = SiteFixtures.inputs(in: directory, includeBad: true)
        let output = directory.appendingPathComponent("site")
        let builder = SiteBuilder(options: Self.options(output, inputs: [project], useCache: true), backend: InProcessBackend())
        let report = try builder.build()
        #expect(builder.content.documents.isEmpty && builder.planner?.content.documents.isEmpty == true)
        #expect(builder.planner?.hasProject == true)
        #expect(report.documentPages == 4)
        #expect(report.failures.count == 1 && report.failures.first?.hasPrefix("project/bad.xib:1:1: ") == true, "\(report.failures)")
        #expect(
            Set(builder.state.units.keys) == [
                "project/Card.xib", "project/bad.xib", "project/nested/Other View.xib", "project/nested/Swatch.xib",
            ])
        // The next build reads the same report back without planning anything.
        let again = try SiteBuilder(options: Self.options(output, inputs: [project], useCache: true), backend: InProcessBackend()).build()
        #expect(again.upToDate && again.documentPages == 4 && again.failures == report.failures)
    }

    @Test(.timeLimit(.minutes(1)))
    func aBackendThatAnswersNothingFailsItsDiagramsInsteadOfHanging() throws {
        let directory = SiteFixtures.temporaryDirectory("streamed-silent")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let output = directory.appendingPathComponent("site")
        let report = try SiteBuilder(options: Self.options(output, inputs: [project], useCache: true), backend: SilentBackend()).build()
        #expect(!report.diagramFailures.isEmpty && report.diagramFailures.allSatisfy { $0.contains("returned no result") })
    }

    /// The first legend figure's SVG on a page (its ids are prefixed by the figure's place).
    static func legendSVG(in html: Data) -> String? {
        let text = String(decoding: html, as: UTF8.self)
        guard let legend = text.range(of: "<details class=\"legend\">") else { return nil }
        guard let open = text.range(of: "<svg", range: legend.upperBound..<text.endIndex),
            let close = text.range(of: "</svg>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.lowerBound..<close.upperBound])
    }
}
