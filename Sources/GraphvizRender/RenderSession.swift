import Foundation

/// Renders requests in a pool's workers while the caller is still adding them: each worker
/// takes the largest request waiting (layout time grows with size, so a big graph is not left
/// for last while the other workers idle) unless one has been overtaken by `overtakeLimit`
/// later requests (then that one: a small request is not starved while bigger ones keep coming,
/// and its page and the cache writes after it do not wait for it to the end of the build), and
/// `completed` gets every result, with the id it was submitted under, from the worker's thread.
/// `finish()` says no more will come and waits for the last result. With `startingWorkers`,
/// each lane starts its worker process at once, so the workers load while the caller prepares
/// its first requests.
public final class RenderSession: @unchecked Sendable {
    private let condition = NSCondition()
    /// Each waiting request with its size (DOT bytes), its place in the submission order and how
    /// many requests submitted after it were taken before it.
    private var waiting: [(id: Int, size: Int, order: Int, overtaken: Int, request: RenderRequest)] = []
    /// Requests submitted so far.
    private var submitted = 0
    private var closed = false
    private let group = DispatchGroup()
    private let laneCount: Int

    init(
        pool: RenderWorkerPool, lanes: Int, startingWorkers: Bool = false,
        completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) {
        laneCount = max(1, lanes)
        overtakeLimit = 24 * laneCount
        // One thread per worker (not `concurrentPerform`, which runs no more lanes than cores).
        for _ in 0..<max(1, lanes) {
            group.enter()
            let thread = Thread { [self] in
                // A worker that cannot start is started again, and reported, by the first job.
                var worker = startingWorkers ? try? WorkerProcess(executable: pool.executable, arguments: pool.arguments) : nil
                lane(pool: pool, worker: &worker, completed: completed)
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
        waiting.append((id, request.dot.utf8.count, submitted, 0, request))
        submitted += 1
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

    /// One worker's loop. The worker's next graph is written to its pipe while it draws the
    /// current one (when enough are waiting for every lane), so it never waits for this thread
    /// between graphs. Answers come in the order graphs were sent: a crash or a time-out is the
    /// graph being drawn; the one behind it is sent again to the next worker, as is the one
    /// behind a retiring worker's last answer.
    private func lane(
        pool: RenderWorkerPool, worker: inout WorkerProcess?, completed: @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) {
        var resend: [(id: Int, request: RenderRequest)] = []
        var inFlight: [(id: Int, request: RenderRequest, sent: WorkerProcess.Submission)] = []
        var lastAnswer = ContinuousClock.now
        while true {
            while inFlight.count < 2 {
                let next = !resend.isEmpty ? resend.removeFirst() : inFlight.isEmpty ? take() : takeIfPlenty()
                guard let job = next else { break }
                if worker == nil {
                    do { worker = try WorkerProcess(executable: pool.executable, arguments: pool.arguments) } catch {
                        let message = "cannot start render worker \(pool.executable.path): \(error)"
                        completed(job.id, .failure(RenderError(stage: .worker, name: job.request.name, message: message)))
                        continue
                    }
                }
                guard let current = worker else { break }
                let sent = current.submit(job.request)
                if sent.ok {
                    inFlight.append((job.id, job.request, sent))
                } else if inFlight.isEmpty {
                    // Gone before taking its first graph: that graph fails, the next worker goes on.
                    completed(job.id, .failure(RenderError(stage: .worker, name: job.request.name, message: current.notTaken)))
                    current.kill()
                    worker = nil
                } else {
                    // The answer to the graph before it says what became of the worker.
                    resend.insert(job, at: 0)
                    break
                }
            }
            guard !inFlight.isEmpty, let current = worker else {
                if resend.isEmpty { return }
                continue
            }
            let first = inFlight.removeFirst()
            let outcome = current.receive(
                first.request, timeout: pool.timeout, since: max(first.sent.at, lastAnswer), ownCPU: first.sent.ownCPU)
            lastAnswer = ContinuousClock.now
            switch outcome {
            case .rendered(let result, let retiring):
                completed(first.id, result)
                if retiring {
                    current.stop()
                    worker = nil
                    resend = inFlight.map { ($0.id, $0.request) } + resend
                    inFlight = []
                }
            case .died(let reason):
                completed(first.id, .failure(RenderError(stage: .worker, name: first.request.name, message: reason)))
                current.kill()
                worker = nil
                resend = inFlight.map { ($0.id, $0.request) } + resend
                inFlight = []
            }
        }
    }

    /// The largest waiting request when at least one is waiting for every lane (so taking a
    /// second one early leaves no other lane idle) and it fits in the worker's pipe; nil
    /// otherwise, without waiting. A request larger than the pipe would block this thread while
    /// the worker blocks writing its answer to it.
    private func takeIfPlenty() -> (id: Int, request: RenderRequest)? {
        condition.lock()
        defer { condition.unlock() }
        guard waiting.count >= laneCount, let next = nextWaiting(), waiting[next].size <= Self.pipelinedBytes else { return nil }
        return removeWaiting(at: next)
    }

    /// The most DOT a request written ahead may hold: well under Linux's 64 KiB pipe capacity
    /// (the request's header is a few hundred bytes).
    public static let pipelinedBytes = 56 << 10

    /// The next waiting request (`nextWaiting`), waiting for one; nil once finished and empty.
    private func take() -> (id: Int, request: RenderRequest)? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed { condition.wait() }
        return nextWaiting().map(removeWaiting)
    }

    /// How many later requests may be taken before a waiting one until it goes next: as many as
    /// a caller keeps in flight for every lane (24 each: enough to pick the largest from).
    let overtakeLimit: Int

    /// The index of the request to render next (lock held): the largest waiting, or the oldest
    /// once `overtakeLimit` later ones were taken before it.
    private func nextWaiting() -> Int? {
        guard var largest = waiting.indices.first else { return nil }
        var oldest = largest
        for index in waiting.indices {
            if waiting[index].size > waiting[largest].size { largest = index }
            if waiting[index].order < waiting[oldest].order { oldest = index }
        }
        return waiting[oldest].overtaken >= overtakeLimit ? oldest : largest
    }

    /// Takes the waiting request at `index` out of the queue (lock held).
    private func removeWaiting(at index: Int) -> (id: Int, request: RenderRequest) {
        let job = waiting[index]
        for other in waiting.indices where waiting[other].order < job.order { waiting[other].overtaken += 1 }
        // Swapped out of place: `order` keeps the submission order.
        waiting.swapAt(index, waiting.count - 1)
        waiting.removeLast()
        return (job.id, job.request)
    }
}
