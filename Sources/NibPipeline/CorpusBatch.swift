import Foundation
import GraphvizRender
import NibDOT
import NibDiagrams
import NibModel
import NibOutput
import NibParsing

/// The diagrams of a folder of documents, as render requests, and the report of their run.
public struct CorpusBatch {
    public var documentCount = 0
    public var parseFailures: [String] = []
    /// Empty files: named like documents but holding nothing to draw (reported, not failures).
    public var skipped: [String] = []
    public var requests: [RenderRequest] = []
    public var fileNames: [String] = []

    /// Parses every document under `root` and builds its `graph` parts and, for storyboards, its `flow`.
    public static func prepare(root: String, options: DiagramOptions) -> CorpusBatch {
        let urls = NibDocumentFinder.documents(in: URL(fileURLWithPath: root))
        var batch = CorpusBatch()
        batch.documentCount = urls.count
        let prefix = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
        for url in urls {
            let path = url.standardizedFileURL.path
            let shown = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            let graph: NibGraph
            do {
                graph = try NibDocumentParser.parse(contentsOf: url, displayName: shown)
            } catch {
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                if size == 0 { batch.skipped.append(shown) } else { batch.parseFailures.append("\(error)") }
                continue
            }
            for (_, part) in DiagramSet.document(graph, load: nil, options: options) {
                batch.requests.append(RenderRequest(dot: part.dot, format: .svg, name: "\(shown) [\(part.name)]", generated: true))
                batch.fileNames.append(DOTEscaping.token(shown) + "." + part.name + ".svg")
            }
        }
        return batch
    }

    /// The summary printed at the end.
    public struct Report {
        public var text: String
        public var ok: Bool
    }

    /// Counts, failures and time.
    public func report(_ results: [Result<RenderOutput, RenderError>], seconds: Double) -> Report {
        var lines: [String] = []
        var failures = 0
        var bytes = 0
        for result in results {
            switch result {
            case .success(let output): bytes += output.data.count
            case .failure(let error):
                failures += 1
                lines.append("FAIL \(error.description)")
            }
        }
        for failure in parseFailures { lines.append("PARSE \(failure)") }
        for file in skipped { lines.append("SKIP \(file): empty file") }
        let perDiagram = results.isEmpty ? 0 : seconds * 1000 / Double(results.count)
        lines.append(
            "render-corpus: \(documentCount) documents, \(requests.count) diagrams, \(results.count - failures) rendered, "
                + "\(failures) failed, \(parseFailures.count) unparseable, \(skipped.count) empty skipped; \(String(format: "%.1f", seconds)) s "
                + "(\(String(format: "%.1f", perDiagram)) ms per diagram), \(bytes / 1024) KiB of SVG")
        return Report(text: lines.joined(separator: "\n"), ok: failures == 0 && parseFailures.isEmpty)
    }

    /// Writes the rendered SVGs (themed) into `folder` and swaps it in.
    public func write(_ results: [Result<RenderOutput, RenderError>], theme: DiagramTheme, to folder: OutputFolder) throws {
        var files: [(name: String, bytes: [UInt8])] = []
        for (index, result) in results.enumerated() {
            guard case .success(let output) = result else { continue }
            files.append((fileNames[index], SVGTheming.apply(theme, to: output.data)))
        }
        try folder.commit(writing: files)
    }
}
