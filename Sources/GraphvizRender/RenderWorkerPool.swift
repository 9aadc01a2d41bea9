import Foundation
import GraphvizShim
import Synchronization

/// Renders many graphs in parallel with a pool of worker processes (libgvc cannot run on two
/// threads of one process). A worker that crashes or exceeds the timeout is killed and
/// replaced; its graph is reported as failed and the batch goes on. Results keep input order.
public final class RenderWorkerPool: Sendable {
    /// How to start a worker: the `nibviz` binary and its hidden worker arguments.
    public let executable: URL
    /// Arguments that put the binary in worker mode.
    public let arguments: [String]
    /// Number of worker processes.
    public let workerCount: Int
    /// Longest CPU time one graph may take before its worker is killed (wall-clock time where the
    /// kernel does not report a process's CPU time).
    public let timeout: TimeInterval

    /// The most workers a pool starts: twice the machine's cores (at least 2). Graphviz is
    /// CPU-bound, so more processes than cores draw no faster, while each costs a start-up
    /// (~20 ms of CPU; its servers, forked every 500 graphs, ~2 ms) and memory of its own: a site of 148 documents
    /// took 2.1 s with 2 workers on 2 cores and 10.5 s with `--jobs 500` (500 workers started).
    public static var workerLimit: Int { max(2, 2 * ProcessInfo.processInfo.activeProcessorCount) }

    /// `requested` workers or lanes, at most `workerLimit`, and a note saying so when it was
    /// more (`site --jobs`, `render-corpus --jobs`).
    public static func usableJobs(_ requested: Int) -> (jobs: Int, note: String?) {
        guard requested > workerLimit else { return (max(1, requested), nil) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return (
            workerLimit,
            "--jobs \(requested) is more than this machine can use (\(cores) core\(cores == 1 ? "" : "s")): using \(workerLimit)"
        )
    }

    /// Creates a pool of `workerCount` workers (at most `workerLimit`); workers start on first use.
    public init(
        executable: URL, arguments: [String] = ["__render-worker"], workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeout: TimeInterval = RenderLimits.timeout
    ) {
        self.executable = executable
        self.arguments = arguments
        self.workerCount = Self.usableJobs(workerCount).jobs
        self.timeout = timeout
        signal(SIGPIPE, SIG_IGN)
    }

    /// The pool for the running `nibviz` binary itself.
    public static func forCurrentExecutable(
        workerCount: Int = ProcessInfo.processInfo.activeProcessorCount, timeout: TimeInterval = RenderLimits.timeout
    ) -> RenderWorkerPool {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return RenderWorkerPool(executable: URL(fileURLWithPath: path), workerCount: workerCount, timeout: timeout)
    }

    /// Renders one graph in a worker process of the running `nibviz` binary: a Graphviz crash,
    /// abort, hang or memory blow-up becomes a `RenderError` naming `request.name`, never the
    /// end of this process. Every command that draws goes through here or through a pool.
    public static func renderIsolated(_ request: RenderRequest) throws(RenderError) -> RenderOutput {
        guard let result = forCurrentExecutable(workerCount: 1).render([request]).first else {
            throw RenderError(stage: .worker, name: request.name, message: "not rendered")
        }
        return try result.get()
    }

    /// Renders every request; `progress` is called (from any thread) after each one with the
    /// number done, `completed` with the request's index and its result as soon as it is done
    /// (so the caller can use it while the other workers go on).
    public func render(
        _ requests: [RenderRequest], progress: (@Sendable (Int) -> Void)? = nil,
        completed: (@Sendable (Int, Result<RenderOutput, RenderError>) -> Void)? = nil
    ) -> [Result<RenderOutput, RenderError>] {
        let done = Atomic<Int>(0)
        let results = Mutex<[Result<RenderOutput, RenderError>?]>(Array(repeating: nil, count: requests.count))
        let session = RenderSession(pool: self, lanes: min(workerCount, max(1, requests.count))) { index, result in
            results.withLock { $0[index] = result }
            completed?(index, result)
            progress?(done.wrappingAdd(1, ordering: .relaxed).newValue)
        }
        for (index, request) in requests.enumerated() { session.submit(index, request) }
        session.finish()
        return results.withLock { stored in
            stored.enumerated().map { index, result in
                result ?? .failure(RenderError(stage: .worker, name: requests[index].name, message: "not rendered"))
            }
        }
    }

    /// A batch that can grow while it renders (`RenderSession`): `completed` gets each result.
    /// `startingWorkers` starts every worker now instead of at its first request.
    public func session(
        startingWorkers: Bool = false, completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) -> RenderSession {
        RenderSession(pool: self, lanes: workerCount, startingWorkers: startingWorkers, completed: completed)
    }
}

/// One worker child process and its pipes.
final class WorkerProcess {
    enum Outcome {
        case rendered(Result<RenderOutput, RenderError>, retiring: Bool)
        case died(String)
    }

    private let process = Process()
    private let requestFD: Int32
    private let responses: WorkerProtocol.FrameReader
    private let requestPipe = Pipe()
    private let responsePipe = Pipe()
    /// The process drawing this worker's graphs: a server the worker forked (as its notice
    /// says), or the worker itself.
    private(set) var serverPID: Int32

    init(executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = requestPipe
        process.standardOutput = responsePipe
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment[RenderWorker.parentVariable] = String(getpid())
        process.environment = environment
        try process.run()
        serverPID = process.processIdentifier
        requestFD = requestPipe.fileHandleForWriting.fileDescriptor
        responses = WorkerProtocol.FrameReader(fd: responsePipe.fileHandleForReading.fileDescriptor)
    }

    func send(_ request: RenderRequest, timeout: TimeInterval) -> Outcome {
        let sent = submit(request)
        guard sent.ok else { return .died(notTaken) }
        return receive(request, timeout: timeout, since: sent.at, ownCPU: sent.ownCPU)
    }

    /// When a graph was handed to the worker, and this thread's CPU for it.
    struct Submission {
        var ok: Bool
        var at: ContinuousClock.Instant
        var ownCPU: Double
    }

    /// Writes a request to the worker (which takes it once it is done with those before it).
    func submit(_ request: RenderRequest) -> Submission {
        let at = ContinuousClock.now
        let cpuStart = CPUClock.thread()
        // The DOT goes from the string's own bytes, not a copy of them.
        var dot = request.dot
        let header = RenderJob(request).wireBytes
        let written = header.withUnsafeBytes { header in
            dot.withUTF8 { WorkerProtocol.writeFrames([header, UnsafeRawBufferPointer($0)], to: requestFD) }
        }
        guard written else {
            return Submission(ok: false, at: at, ownCPU: 0)
        }
        return Submission(ok: true, at: at, ownCPU: CPUClock.thread() - cpuStart)
    }

    /// Reads the answer to the oldest request written and not yet answered: `request`. The
    /// limit counts the worker's CPU time from now (the worker is on this request once the
    /// answers before it are read).
    func receive(_ request: RenderRequest, timeout: TimeInterval, since started: ContinuousClock.Instant, ownCPU: Double) -> Outcome {
        let cpuStart = CPUClock.thread()
        // The limit is the CPU time of the process drawing the graph, so a loaded machine (the
        // worker waiting for a core) does not fail diagrams; ten times the limit in wall-clock
        // time is the backstop.
        var cpuAtStart = CPUClock.process(serverPID)
        let backstop = Date(timeIntervalSinceNow: max(timeout * 10, timeout + 60))
        var deadline = Date(timeIntervalSinceNow: timeout)
        var headerFrame: WorkerProtocol.ReadResult
        while true {
            headerFrame = responses.readFrame(deadline: deadline)
            if case .bytes(let frame) = headerFrame, let server = WorkerProtocol.serverPID(in: frame) {
                // A server the worker forked after the last answer: all its CPU is this graph's.
                // (The worker itself, when it could not fork one: from now.)
                serverPID = server
                cpuAtStart = server == process.processIdentifier ? CPUClock.process(server) : 0
                continue
            }
            guard case .timedOut = headerFrame, let cpuAtStart, let now = CPUClock.process(serverPID) else { break }
            let used = now - cpuAtStart
            guard used < timeout, Date() < backstop else { break }
            deadline = min(backstop, Date(timeIntervalSinceNow: max(timeout - used, 0.005)))
        }
        guard case .bytes(let headerBytes) = headerFrame else {
            if case .timedOut = headerFrame {
                return .died(
                    "Graphviz timed out after \(Self.seconds(timeout)) (the per-diagram limit; NIBVIZ_RENDER_TIMEOUT=<seconds> raises it); "
                        + "its worker was killed")
            }
            return .died(
                "Graphviz crashed while laying out or drawing this graph (\(exitDescription())); nibviz went on without it")
        }
        guard case .bytes(let data) = responses.readFrame(deadline: deadline),
            let header = try? WorkerProtocol.Header(wire: headerBytes)
        else {
            return .died("render worker sent a broken response (\(exitDescription())); worker replaced")
        }
        if header.ok {
            var timing = header.timing ?? RenderTiming()
            timing.total = GraphvizRenderer.seconds(ContinuousClock.now - started)
            // This thread's CPU for the job: framing, the pipes, decoding (waiting costs none).
            timing.ownCPU += ownCPU + CPUClock.thread() - cpuStart
            return .rendered(.success(RenderOutput(data: data, warnings: header.warnings, timing: timing)), retiring: header.retiring)
        }
        let error = header.error.map(RenderError.init(wire:)) ?? RenderError(stage: .worker, name: request.name, message: "unknown failure")
        return .rendered(.failure(error), retiring: header.retiring)
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Why a graph could not be written to the worker.
    var notTaken: String { "render worker exited before taking the graph (status \(exitDescription()))" }

    private func exitDescription() -> String {
        // Give a just-crashed child a moment to be reaped so the signal can be named.
        for _ in 0..<1_000 where process.isRunning { usleep(2_000) }
        if process.isRunning { return "still running" }
        switch process.terminationReason {
        case .uncaughtSignal: return "killed by signal \(process.terminationStatus)\(Self.signalName(process.terminationStatus))"
        case .exit: return "exit status \(process.terminationStatus)"
        @unknown default: return "status \(process.terminationStatus)"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: " (SIGABRT: a Graphviz assertion, or out of memory under NIBVIZ_RENDER_MEMORY_MB)"
        case SIGSEGV: " (SIGSEGV)"
        case SIGKILL: " (SIGKILL)"
        case SIGBUS: " (SIGBUS)"
        default: ""
        }
    }

    /// Closes stdin so the worker exits on its own, then reaps it.
    func stop() {
        try? requestPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try? responsePipe.fileHandleForReading.close()
    }

    /// Kills a crashed or hung worker.
    func kill() {
        // The server first, which its worker reaps and then ends by the same signal: killed
        // with its worker instead, it would be left to process 1, which in a container may be
        // this process, and it does not reap what it did not start.
        if serverPID != process.processIdentifier, process.isRunning,
            nibviz_kill_child(serverPID, process.processIdentifier, SIGKILL) != 0
        {
            for _ in 0..<500 where process.isRunning { usleep(2_000) }
        }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        try? requestPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try? responsePipe.fileHandleForReading.close()
    }

    /// The worker's process id (tests kill it to check replacement).
    var pid: Int32 { process.processIdentifier }
}
