import Foundation
import GraphvizRender

/// Renders DOT to SVG: in a pool of worker processes, or in this process.
public protocol DiagramBackend: Sendable {
    /// How many diagrams it renders at once.
    var lanes: Int { get }
    /// Renders every request, keeping order; `progress` gets the number done so far.
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>]
    /// Renders every request, handing each result to `completed` (request index, result) as soon
    /// as it is done, from any thread; returns when all are done.
    func render(_ requests: [RenderRequest], completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void)
}

extension DiagramBackend {
    /// One at a time.
    public var lanes: Int { 1 }

    /// Renders the whole batch, then hands the results over in order.
    public func render(_ requests: [RenderRequest], completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) {
        for (index, result) in render(requests, progress: { _ in }).enumerated() { completed(index, result) }
    }
}

/// The worker pool of the running `nibviz` binary (libgvc is not thread-safe, processes are).
public struct PoolBackend: DiagramBackend {
    let pool: RenderWorkerPool

    /// Creates a backend over `pool`.
    public init(pool: RenderWorkerPool) { self.pool = pool }

    public var lanes: Int { pool.workerCount }

    public func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        pool.render(requests, progress: progress)
    }

    public func render(_ requests: [RenderRequest], completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) {
        _ = pool.render(requests, completed: completed)
    }
}

/// Serial rendering in this process (`--jobs 1`, tests, and hosts that are not the `nibviz`
/// binary).
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

    public func render(_ requests: [RenderRequest], completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) {
        // Longest first, like the pool, so the order of work (and of writing) is the same.
        let order = requests.indices.sorted { requests[$0].dot.utf8.count > requests[$1].dot.utf8.count }
        for index in order {
            do { completed(index, .success(try GraphvizRenderer.shared.render(requests[index]))) } catch {
                completed(index, .failure(error))
            }
        }
    }
}
