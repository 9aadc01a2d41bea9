import Foundation
import GraphvizRender
import NibDiagrams
import NibSite

/// Renders DOT to SVG: in a pool of worker processes, or in this process.
public protocol DiagramBackend: Sendable {
    /// Renders every request, keeping order; `progress` gets the number done so far.
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>]
}

/// The worker pool of the running `nibviz` binary (libgvc is not thread-safe, processes are).
public struct PoolBackend: DiagramBackend {
    let pool: RenderWorkerPool

    /// Creates a backend over `pool`.
    public init(pool: RenderWorkerPool) { self.pool = pool }

    public func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        pool.render(requests, progress: progress)
    }
}

/// Serial rendering in this process (tests, and hosts that are not the `nibviz` binary).
public struct InProcessBackend: DiagramBackend {
    /// Creates the backend.
    public init() {}

    public func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        var results: [Result<RenderOutput, RenderError>] = []
        for (index, request) in requests.enumerated() {
            do { results.append(.success(try GraphvizRenderer.shared.render(request))) } catch { results.append(.failure(error)) }
            progress(index + 1)
        }
        return results
    }
}

/// Every diagram of a build, deduplicated by content hash, with an on-disk cache: a key is the
/// hash of DOT + engine + format + tool version, so an unchanged rebuild renders nothing.
final class DiagramStore {
    struct Entry {
        var request: RenderRequest
        var svg: String?
        var error: String?
    }

    private(set) var entries: [String: Entry] = [:]
    private var order: [String] = []
    /// Where cached SVGs are read and written; set once the output folder is open.
    var cache: DiagramCache?
    let toolVersion: String
    /// Diagrams rendered by Graphviz in this build (cache misses).
    private(set) var renderedCount = 0
    /// Diagrams taken from the cache.
    private(set) var cachedCount = 0

    init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    /// Registers a diagram and returns its key.
    func add(dot: String, name: String) -> String {
        let request = RenderRequest(dot: dot, engine: .dot, format: .svg, name: name, generated: true)
        let key = StableHash.hex([dot, request.engine.rawValue, request.format.rawValue, toolVersion])
        if entries[key] == nil {
            entries[key] = Entry(request: request)
            order.append(key)
        }
        return key
    }

    /// Number of distinct diagrams.
    var count: Int { order.count }

    /// Loads cache hits, renders the misses through `backend`, stores them in the cache.
    func renderAll(backend: DiagramBackend, progress: @escaping @Sendable (Int, Int) -> Void) {
        var missing: [String] = []
        for key in order {
            if let cache, let data = cache.read(key) {
                entries[key]?.svg = String(decoding: data, as: UTF8.self)
                cachedCount += 1
                cache.keep(key)
            } else {
                missing.append(key)
            }
        }
        let requests = missing.compactMap { entries[$0]?.request }
        let total = requests.count
        let results = total == 0 ? [] : backend.render(requests) { done in progress(done, total) }
        for (key, result) in zip(missing, results) {
            switch result {
            case .success(let output):
                let svg = String(decoding: output.data, as: UTF8.self)
                entries[key]?.svg = svg
                renderedCount += 1
                cache?.write(key, output.data)
            case .failure(let error):
                entries[key]?.error = error.description
            }
        }
    }

    /// Why the diagram `key` could not be rendered; nil when it was.
    func error(_ key: String) -> String? { entries[key]?.svg == nil ? entries[key]?.error ?? "not rendered" : nil }

    /// What became of the diagram `key`.
    func rendered(_ key: String) -> RenderedFigure {
        RenderedFigure(key: key, svg: entries[key]?.svg, error: entries[key]?.svg == nil ? entries[key]?.error ?? "not rendered" : nil)
    }
}
