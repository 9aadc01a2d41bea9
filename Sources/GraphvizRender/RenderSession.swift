import Foundation

/// Renders requests in a pool's workers while the caller is still adding them: each worker
/// takes the largest request waiting (layout time grows with size, so a big graph is not left
/// for last while the other workers idle), and `completed` gets every result, with the id it
/// was submitted under, from the worker's thread. `finish()` says no more will come and waits
/// for the last result. With `startingWorkers`, each lane starts its worker process at once, so
/// the workers load while the caller prepares its first requests.
public final class RenderSession: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(id: Int, size: Int, request: RenderRequest)] = []
    private var closed = false
    private let group = DispatchGroup()

    init(
        pool: RenderWorkerPool, lanes: Int, startingWorkers: Bool = false,
        completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) {
        // One thread per worker (not `concurrentPerform`, which runs no more lanes than cores).
        for _ in 0..<max(1, lanes) {
            group.enter()
            let thread = Thread { [self] in
                // A worker that cannot start is started again, and reported, by the first job.
                var worker = startingWorkers ? try? WorkerProcess(executable: pool.executable, arguments: pool.arguments) : nil
                while let job = take() { completed(job.id, pool.renderOne(job.request, worker: &worker)) }
                worker?.stop()
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Adds a request; `id` comes back with its result.
    public func submit(_ id: Int, _ request: RenderRequest) {
        condition.lock()
        waiting.append((id, request.dot.utf8.count, request))
        condition.signal()
        condition.unlock()
    }

    /// No more requests: returns once every submitted one is done and the workers stopped.
    public func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        group.wait()
    }

    /// Drops the requests not started yet; returns once the started ones are done.
    public func cancel() {
        condition.lock()
        waiting.removeAll()
        closed = true
        condition.broadcast()
        condition.unlock()
        group.wait()
    }

    /// The largest waiting request, waiting for one; nil once finished and empty.
    private func take() -> (id: Int, request: RenderRequest)? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed { condition.wait() }
        guard var largest = waiting.indices.first else { return nil }
        for index in waiting.indices where waiting[index].size > waiting[largest].size { largest = index }
        let job = waiting[largest]
        waiting.swapAt(largest, waiting.count - 1)
        waiting.removeLast()
        return (job.id, job.request)
    }
}
