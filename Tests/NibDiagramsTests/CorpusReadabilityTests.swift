import Foundation
import GraphvizRender
import NibDOT
import NibDiagrams
import NibModel
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

/// Whole corpus projects: every diagram NibDiagrams produces for each document (every part of
/// graph, flow, instantiation, timeline, lifecycle, drawn as the site draws them: legends
/// apart), rendered by the real renderer (the worker pool running the built `nibviz`), then
/// measured with `SVGMetrics`: fits a 960 px column with its smallest text at 8 px or more, or
/// is counted for the zoom viewer. Timelines and instantiation are designed to wrap, so every
/// one of those must fit.
@Suite("Corpus readability")
struct CorpusReadabilityTests {
    /// AltStore (iOS, 8 storyboards), sequelpro (macOS xibs, some huge), CotEditor (macOS storyboards).
    static let projects = ["altstoreio__AltStore", "sequelpro__sequelpro", "coteditor__CotEditor"]

    /// One diagram to measure.
    struct Drawing {
        var document: String
        var kind: DiagramKind
        var part: String
        var dot: String
    }

    static func drawings(_ url: URL, options: DiagramOptions) -> [Drawing] {
        guard let graph = try? NibDocumentParser.parse(contentsOf: url) else { return [] }
        let name = url.lastPathComponent
        let timeline = Simulator.run(document: graph)
        var parts: [(DiagramKind, [NamedDiagram])] = [
            (.graph, ObjectGraphDiagram.parts(graph, options: options)),
            (.instantiation, InstantiationDiagram.parts(timeline, graph: graph, platform: graph.platform, title: name, options: options)),
            (.timeline, TimelineDiagram.parts(timeline, title: name, graph: graph, options: options)),
            (.lifecycle, LifecycleDiagram.parts(timeline, title: name, graph: graph, options: options)),
        ]
        if graph.isStoryboard { parts.append((.flow, FlowDiagram.parts(graph, options: options))) }
        return parts.flatMap { kind, list in list.map { Drawing(document: name, kind: kind, part: $0.name, dot: $0.dot) } }
    }

    @Test("every diagram of a whole project fits 960 px with text at 8 px or more, or is counted for the zoom viewer", arguments: projects)
    func projectDiagrams(project: String) throws {
        guard let corpus = corpusForWorkerPool() else { return }
        let folder = corpus.appendingPathComponent("files/" + project)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("skipped: \(project) is not in the corpus")
            return
        }
        let options = DiagramOptions(legend: .omit)
        // Older revisions of the same documents (`rev-…`) add time, not coverage.
        let documents = NibDocumentFinder.documents(in: folder).filter { !$0.lastPathComponent.hasPrefix("rev-") }
        var drawings = documents.flatMap { Self.drawings($0, options: options) }
        for kind in DiagramKind.allCases {
            drawings.append(Drawing(document: "legend", kind: kind, part: "legend", dot: DiagramLegend.dot(for: kind, options: options)))
        }
        let requests = drawings.map { RenderRequest(dot: $0.dot, name: "\($0.document) [\($0.kind.rawValue) \($0.part)]") }
        let results = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2, timeout: 300).render(requests)
        var rows: [DiagramKind: (total: Int, viewer: Int, widest: Double, tallest: Double)] = [:]
        var needViewer: [String] = []
        for (drawing, result) in zip(drawings, results) {
            let label = "\(drawing.document) [\(drawing.kind.rawValue) \(drawing.part)]"
            guard case .success(let output) = result else {
                Issue.record("\(label) failed to render: \(result)")
                continue
            }
            guard let metrics = SVGMetrics(svg: output.data) else {
                Issue.record("\(label): no size in the SVG")
                continue
            }
            var row = rows[drawing.kind] ?? (0, 0, 0, 0)
            row.total += 1
            row.widest = max(row.widest, metrics.width)
            row.tallest = max(row.tallest, metrics.height)
            if !metrics.fitsInline(column: 960, minimum: 8) {
                row.viewer += 1
                let text = metrics.smallestText(inColumn: 960).map { String(format: "%.1f", $0) } ?? "-"
                needViewer.append("\(label) \(Int(metrics.width))×\(Int(metrics.height)) px, text \(text) px")
                // Timelines, instantiation, lifecycles and legends are laid out to fit.
                #expect(drawing.kind == .graph || drawing.kind == .flow, "\(label) should wrap to fit the column")
            }
            rows[drawing.kind] = row
        }
        let total = rows.values.map(\.total).reduce(0, +)
        let viewer = rows.values.map(\.viewer).reduce(0, +)
        print("\(project): \(documents.count) documents, \(total) diagrams, \(total - viewer) inline, \(viewer) need the zoom viewer")
        for kind in DiagramKind.allCases {
            guard let row = rows[kind] else { continue }
            print(
                "  \(kind.rawValue): \(row.total) diagrams, \(row.viewer) need the viewer; widest \(Int(row.widest)) px, tallest \(Int(row.tallest)) px"
            )
        }
        for line in needViewer.prefix(40) { print("  viewer: " + line) }
        #expect(total >= documents.count)
    }
}
