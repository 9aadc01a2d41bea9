import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibParsing

/// Corpus documents → DOT (graph parts, and flow for storyboards) → SVG: time to build the DOT
/// in-process, then rendering serially in-process against the worker pool.
func runDiagramBenchmark(nibviz: URL, corpus: URL) -> String {
    let urls = NibDocumentFinder.documents(in: corpus)
    guard !urls.isEmpty else { return "## Diagrams\n\n(no corpus at \(corpus.path))" }
    var graphs: [NibGraph] = []
    let parse = measure { graphs = urls.compactMap { try? NibDocumentParser.parse(contentsOf: $0) } }
    var requests: [RenderRequest] = []
    let build = measure {
        for graph in graphs {
            var parts = ObjectGraphDiagram.parts(graph)
            if graph.isStoryboard { parts.append(NamedDiagram(name: "flow", title: "flow", dot: FlowDiagram.dot(graph))) }
            requests += parts.map { RenderRequest(dot: $0.dot, name: graph.file + " [" + $0.name + "]") }
        }
    }
    let inProcess = measure {
        for request in requests { _ = try? GraphvizRenderer.shared.render(request) }
    }
    let workers = ProcessInfo.processInfo.activeProcessorCount
    var failures = 0
    let sampler = ChildMemorySampler()
    let pooled = measure {
        failures =
            RenderWorkerPool(executable: nibviz, timeout: 120).render(requests).filter {
                if case .failure = $0 { return true }
                return false
            }.count
    }
    let workerPeak = sampler.stop()
    return [
        "## Diagrams: \(graphs.count) corpus documents → \(requests.count) SVG diagrams", "",
        "| step | time | per diagram |", "|---|---|---|",
        "| parse | \(format(parse)) s | |",
        "| build DOT (graph parts + flow) | \(format(build)) s | \(format(build * 1000 / Double(max(1, requests.count)))) ms |",
        "| render in-process, serial | \(format(inProcess)) s | \(format(inProcess * 1000 / Double(max(1, requests.count)))) ms |",
        "| render with the pool (\(workers) workers) | \(format(pooled)) s | \(format(pooled * 1000 / Double(max(1, requests.count)))) ms |",
        "", "Pool speed-up over serial in-process: \(format(inProcess / pooled))×; failures: \(failures).",
        "Peak RSS: this process after serial in-process rendering \(mebibytes(peakResidentBytes())); largest render worker "
            + "\(mebibytes(workerPeak)) (workers retire past 768 MiB resident).",
    ].joined(separator: "\n")
}
