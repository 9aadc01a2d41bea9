import Foundation
import GraphvizRender

/// Renders DOT to SVG: in a pool of worker processes, or in this process.
public protocol DiagramBackend: Sendable {
    /// How many diagrams it renders at once.
    var lanes: Int { get }
    /// Renders every request, keeping order; `progress` gets the number done so far.
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>]
    /// Starts rendering requests as they are submitted (`DiagramSession`), handing each result
    /// to `completed` (the id it was submitted under, the result) from any thread.
    func session(completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) -> DiagramSession
    /// `session(completed:)`, with its workers started now (`startingWorkers`) rather than at
    /// their first request: a build opens it before it reads its documents, so the workers'
    /// start-up runs while one thread reads the rules and scenarios and a core is free.
    func session(startingWorkers: Bool, completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void)
        -> DiagramSession
}

/// Requests submitted while the build goes on; `finish()` returns once all are rendered.
public protocol DiagramSession: Sendable {
    /// Adds a request.
    func submit(_ id: Int, _ request: RenderRequest)
    /// Renders what was submitted so far, when the session renders only when asked (one lane);
    /// a pool renders as requests come and returns at once.
    func flush()
    /// No more requests: returns when every result was handed over.
    func finish()
    /// Drops the requests not started yet and returns when the ones started are done.
    func cancel()
}

extension RenderSession: DiagramSession {
    public func flush() {}
}

/// A session that collects the requests and renders them as one batch when finished (a
/// backend without a pool of its own).
final class BatchSession: DiagramSession, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [(Int, RenderRequest)] = []
    private let run: @Sendable ([(Int, RenderRequest)]) -> Void

    init(run: @escaping @Sendable ([(Int, RenderRequest)]) -> Void) { self.run = run }

    func submit(_ id: Int, _ request: RenderRequest) {
        lock.lock()
        requests.append((id, request))
        lock.unlock()
    }

    func flush() { finish() }

    func finish() {
        lock.lock()
        let all = requests
        requests = []
        lock.unlock()
        run(all)
    }

    func cancel() {
        lock.lock()
        requests = []
        lock.unlock()
    }
}

extension DiagramBackend {
    /// One at a time.
    public var lanes: Int { 1 }

    /// A backend without workers of its own has nothing to start early.
    public func session(
        startingWorkers: Bool, completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) -> DiagramSession {
        session(completed: completed)
    }

    /// Renders the whole batch when finished, then hands the results over in order.
    public func session(completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) -> DiagramSession {
        BatchSession { submitted in
            let results = render(submitted.map(\.1), progress: { _ in })
            // Every request gets an answer, even from a backend that returned too few: the build
            // waits for one per request.
            for (index, job) in submitted.enumerated() {
                completed(
                    job.0,
                    index < results.count
                        ? results[index]
                        : .failure(RenderError(stage: .worker, name: job.1.name, message: "the renderer returned no result")))
            }
        }
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

    public func session(completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) -> DiagramSession {
        pool.session(completed: completed)
    }

    public func session(
        startingWorkers: Bool, completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) -> DiagramSession {
        pool.session(startingWorkers: startingWorkers, completed: completed)
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

    /// Renders serially when finished, longest first like the pool.
    public func session(completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void) -> DiagramSession {
        BatchSession { submitted in
            for (id, request) in submitted.sorted(by: { $0.1.dot.utf8.count > $1.1.dot.utf8.count }) {
                do throws(RenderError) {
                    let output = try GraphvizRenderer.shared.render(request)
                    completed(id, .success(output))
                } catch {
                    completed(id, .failure(error))
                }
            }
        }
    }
}
