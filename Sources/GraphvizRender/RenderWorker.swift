import Foundation
import GraphvizShim

/// The worker side of `RenderWorkerPool`: the `nibviz` binary runs this in its hidden worker
/// mode, reading requests on stdin and answering on a private copy of the original stdout.
public enum RenderWorker {
    /// The environment variable through which the pool names itself (its process id).
    static let parentVariable = "NIBVIZ_RENDER_POOL_PARENT"

    /// How many graphs a worker's server draws before a fresh one replaces it (`run`).
    public static let defaultMaxJobs = 500

    /// Serves requests until stdin closes and returns the process exit status. The graphs are
    /// drawn by servers forked from this process (`serveThroughForkedServers`), each until a
    /// graph fails, or `maxJobs` graphs or `maxResidentBytes` of resident memory are reached
    /// (Graphviz 2.43 leaks on clustered graphs and HTML labels), or it kept `keptBytes` of the
    /// graphs it leaves to its exit instead of freeing (`KeptMemory`). The process dies with
    /// its parent (no orphan keeps running after a killed `site`), its servers with it, and
    /// none can map more than `maxAddressBytes`: a graph that needs more fails alone instead
    /// of taking the machine's memory.
    ///
    /// `maxJobs`: Graphviz slows as one process draws more graphs (what it leaks stays in its
    /// heap: 30-node graphs with HTML labels and clusters drew ~5 % slower after 1,000 in one
    /// process than over the first 250). Over the corpus site (3,304 diagrams, 2 lanes), when
    /// each replacement was a new process, retiring after 500 graphs instead of 1,000 took
    /// 0.982× the wall time and less Graphviz CPU in 7 of 8 paired runs; after 250 the extra
    /// start-ups (~22 ms CPU each) ate the gain.
    public static func run(
        maxJobs: Int = defaultMaxJobs, maxResidentBytes: Int = 768 << 20, keptBytes: Int = defaultKeptBytes,
        maxAddressBytes: Int = RenderLimits.maxAddressBytes
    )
        -> Int32
    {
        let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap { Int32($0) } ?? 0
        guard nibviz_die_with_parent(parent) != 0 else { return 0 }
        // A process started from one that ignores SIGCHLD ignores it too, and then its children
        // are reaped without it: this worker could not tell a retired server from a crashed one.
        signal(SIGCHLD, SIG_DFL)
        if maxAddressBytes > 0 { _ = nibviz_limit_address_space(maxAddressBytes) }
        // After a failed gvRenderData Graphviz 2.43 writes the next SVG to fd 1: keep the
        // protocol off fd 1 by moving it to a private descriptor and pointing fd 1 at /dev/null.
        let protocolFD = dup(STDOUT_FILENO)
        let devNull = open("/dev/null", O_WRONLY)
        guard protocolFD >= 0, devNull >= 0 else { return 1 }
        dup2(devNull, STDOUT_FILENO)
        close(devNull)
        let limits = Limits(maxJobs: maxJobs, maxResidentBytes: maxResidentBytes, keptBytes: keptBytes, maxAddressBytes: maxAddressBytes)
        // The first graph is drawn here: it loads Graphviz's plugins and fonts into this
        // process, so every server forked after it starts with them (a one-graph `render` pays
        // for no fork).
        let first = serve(protocolFD, limits, as: .first)
        guard first == retiredStatus else { return first }
        return serveThroughForkedServers(protocolFD, limits)
    }

    /// Waits until a request is there to read (true) or the pool closed the pipe (false).
    static func anotherRequestComes() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while poll(&input, 1, -1) < 0 && errno == EINTR {}
        return input.revents & Int16(POLLIN) != 0
    }

    /// When a worker's server stops taking graphs.
    struct Limits {
        var maxJobs: Int
        var maxResidentBytes: Int
        /// How much a server's memory may grow from the graphs it leaves to its exit instead of
        /// freeing (0: it frees each; see `KeptMemory`). Graphviz's `agclose` and `gvFreeLayout`
        /// walk the whole graph again, node by node, and a server's exit hands its memory back
        /// at once: over the corpus site (3,304 diagrams, 2 workers) leaving them took 0.89× the
        /// wall time and 0.88× the CPU of freeing them (medians of 8 alternating builds of one
        /// binary; 128 MiB and 256 MiB did alike; against the binary before, 0.90× and 0.89×).
        /// The price is up to this much memory per worker, a `fork` per server, and the page
        /// faults of memory never reused (~540 MB more over the corpus site, before the graph
        /// itself went to an arena the next graph reuses, GraphArena.c: what a server keeps now
        /// is its layouts' memory, and Graphviz's leaks).
        var keptBytes: Int
        /// The address space each process of the worker may map (`RLIMIT_AS`; 0: no limit).
        var maxAddressBytes: Int
    }

    /// What a server has kept of the graphs it did not free, held against its budget: its
    /// anonymous resident memory (`/proc/self/statm`: resident less file-backed and shared
    /// pages, so not the libraries, fonts or shared text table its graphs touch again after the
    /// fork) grown past `Limits.keptBytes`, or its address space grown past a quarter of what
    /// it had left under `Limits.maxAddressBytes` when it started, so a graph drawn after the
    /// kept ones still finds most of the room it would have in a fresh server.
    struct KeptMemory {
        var startAnonymous: Int
        var startAddress: Int
        var maxAnonymousGrowth: Int
        var maxAddressGrowth: Int
        /// `/proc/self/statm`, open for the server's life (read once per graph) and closed by
        /// its exit: a server ends with `_exit` once it retires.
        let statm: Int32

        /// Nil when the server frees each graph: `keptBytes` is 0, or `/proc/self/statm`
        /// cannot be read.
        init?(_ limits: Limits) {
            guard limits.keptBytes > 0 else { return nil }
            statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
            guard statm >= 0, let now = RenderWorker.memory(statm: statm) else {
                if statm >= 0 { close(statm) }
                return nil
            }
            startAnonymous = now.anonymous
            startAddress = now.address
            maxAnonymousGrowth = limits.keptBytes
            maxAddressGrowth = limits.maxAddressBytes > 0 ? max(0, limits.maxAddressBytes - now.address) / 4 : Int.max
        }

        /// Whether the server has kept its share and should retire.
        func isSpent() -> Bool {
            guard let now = RenderWorker.memory(statm: statm) else { return true }
            return now.anonymous - startAnonymous > maxAnonymousGrowth || now.address - startAddress > maxAddressGrowth
        }
    }

    /// This process's address space, resident memory and anonymous resident memory (resident
    /// less file-backed and shared pages), in bytes, from `/proc/self/statm` (or the descriptor
    /// `statm` open on it).
    static func memory(statm: Int32? = nil) -> (address: Int, resident: Int, anonymous: Int)? {
        let numbers =
            statm.map { ProcFile.leadingNumbers(descriptor: $0, count: 3) } ?? ProcFile.leadingNumbers("/proc/self/statm", count: 3)
        let pages = numbers.compactMap { Int(exactly: $0) }
        guard pages.count == 3 else { return nil }
        let size = Int(sysconf(Int32(_SC_PAGESIZE)))
        return (pages[0] * size, pages[1] * size, max(0, pages[1] - pages[2]) * size)
    }

    /// `Limits.keptBytes` unless told otherwise: 128 MiB.
    public static let defaultKeptBytes = 128 << 20

    /// Who draws: the worker alone (retiring by telling the pool), the worker's first graph
    /// before it forks servers, or a forked server.
    enum Role {
        case alone, first, server
    }

    /// The exit status of a server that retired (job or memory limit, or a failed graph), and
    /// what the worker's first graph returns when it went well: the worker forks the next server.
    static let retiredStatus: Int32 = 75

    /// Draws the graphs in servers forked from this warm worker, one after another, each until it
    /// retires: a fresh server costs a `fork` (~1 ms of CPU) where a fresh worker cost a
    /// process start, its libraries and Graphviz's plugins and fonts (~18 ms; nine of them per
    /// corpus site with `--jobs 2`), and each starts with the worker's heap, not with what the
    /// last one leaked. To the pool this stays one process: its pipes, its exit (a server
    /// killed by a signal ends the worker by the same signal), and each server names itself
    /// in a notice before its first answer, so a graph's CPU limit counts the process drawing it.
    private static func serveThroughForkedServers(_ protocolFD: Int32, _ limits: Limits) -> Int32 {
        while true {
            // No server for a pool that is done (a one-graph `render`, the end of a build): it
            // closed the pipe after the last answer.
            guard anotherRequestComes() else { return 0 }
            let server = waitForOneThread() ? nibviz_fork_server() : -1
            if server == -2 { _exit(0) }
            if server == 0 { _exit(serve(protocolFD, limits, as: .server)) }
            // No server could be forked (or not safely): this process draws, and retires as a
            // worker does. It names itself, so the pool stops counting the CPU of the server
            // before it.
            if server < 0 {
                guard WorkerProtocol.writeFrame(WorkerProtocol.serverNotice(pid: getpid()), to: protocolFD) else { return 1 }
                return serve(protocolFD, limits, as: .alone)
            }
            var code: Int32 = 0
            switch nibviz_wait_child(server, &code) {
            case 1 where code == retiredStatus: continue
            case 1: return code
            case 2: nibviz_die_by_signal(code)
            default: return 1
            }
        }
    }

    /// Waits for the threads Graphviz's first graph started (Pango's font set-up) to end, since
    /// a `fork` copies only the calling thread (they live ~2 ms); false if this process is
    /// still not single-threaded after two seconds.
    static func waitForOneThread() -> Bool {
        for _ in 0..<2_000 {
            if threadCount() == 1 { return true }
            usleep(1_000)
        }
        return false
    }

    /// This process's threads (`/proc/self/task`); 0 where it cannot be read.
    static func threadCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
    }

    /// Serves requests on stdin until it closes (status 0), a graph fails, or the limits are
    /// reached. The worker's first graph and a forked server read exactly their requests (the
    /// next server takes the rest); a server names itself first and retires with
    /// `retiredStatus`, as the first graph does when it went well; a failed first graph, or a
    /// worker drawing alone, says `retiring` in its last answer and exits with 0.
    private static func serve(_ protocolFD: Int32, _ limits: Limits, as role: Role) -> Int32 {
        let requests = WorkerProtocol.FrameReader(fd: STDIN_FILENO, readsAhead: role == .alone)
        if role == .server, !WorkerProtocol.writeFrame(WorkerProtocol.serverNotice(pid: getpid()), to: protocolFD) { return 1 }
        var served = 0
        // A server leaves its graphs to its exit instead of freeing each (see `Limits.keptBytes`;
        // the graph itself is in an arena the next graph reuses, the layout's memory is left);
        // the worker's first graph frees it, since the servers are forked from what it leaves.
        let kept = role == .server ? KeptMemory(limits) : nil
        while true {
            guard case .bytes(let headerFrame) = requests.readFrame() else { return 0 }
            let cpuStart = CPUClock.thread()
            guard case .bytes(let dot) = requests.readFrame() else { return 1 }
            served += 1
            // The answer: its header, and the output where Graphviz wrote it (not copied).
            func answer(_ header: WorkerProtocol.Header, _ data: UnsafeRawBufferPointer) -> (written: Bool, exit: Int32?) {
                var header = header
                // A failed graph retires the server too: Graphviz 2.43 is not trusted after one
                // (out of memory under the address-space limit, the next graph could crash on
                // what the failed one left behind; after a failed gvRenderData it writes the next
                // SVG to fd 1). Nor is a worker whose first graph failed, or left it over the
                // memory limit, one to fork servers from: it retires, and the pool starts another.
                let overMemory = residentBytes(role) > limits.maxResidentBytes || kept?.isSpent() == true
                let spent = !header.ok || overMemory || served >= limits.maxJobs
                // What this process does after the answer: go on (nil), or exit with a status.
                let exit: Int32?
                switch role {
                case .alone: exit = spent ? 0 : nil
                case .server: exit = spent ? retiredStatus : nil
                case .first: exit = header.ok && !overMemory ? retiredStatus : 0
                }
                // Only an exit with 0 ends the worker; the pool then starts another.
                header.retiring = exit == 0
                if var timing = header.timing {
                    timing.ownCPU = max(0, CPUClock.thread() - cpuStart - timing.graphvizCPU)
                    header.timing = timing
                }
                let written = header.wireBytes.withUnsafeBytes { WorkerProtocol.writeFrames([$0, data], to: protocolFD) }
                return (written, exit)
            }
            let outcome: (written: Bool, exit: Int32?)
            do {
                let job = try RenderJob(wire: headerFrame)
                do {
                    outcome = try GraphvizRenderer.shared.render(dot: dot, job: job, freeing: kept == nil) { output, bytes in
                        answer(.init(ok: true, warnings: output.warnings, error: nil, retiring: false, timing: output.timing), bytes)
                    }
                } catch {
                    outcome = answer(.init(ok: false, warnings: [], error: error.wire, retiring: false, timing: nil), Self.noBytes)
                }
            } catch {
                let failure = RenderError(stage: .worker, name: "<request>", message: "bad request: the header frame is not a render job")
                outcome = answer(.init(ok: false, warnings: [], error: failure.wire, retiring: false, timing: nil), Self.noBytes)
            }
            guard outcome.written else { return 1 }
            if let exit = outcome.exit { return exit }
        }
    }

    /// The output of a failed graph.
    private static var noBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: nil, count: 0) }

    /// The resident memory the limit is held against: a forked server's peak (`getrusage`, one
    /// system call per graph), else the current size (`/proc/self/statm`). Not the peak in a
    /// worker: across `execve` the kernel keeps the parent's peak in `ru_maxrss`, so a worker of
    /// a `site` that once held 900 MiB would retire after every graph. A server's peak starts at
    /// what the fork mapped of the worker (its anonymous memory; libraries and fonts count once
    /// touched again), and what Graphviz leaks or the server keeps stays in its heap, so its
    /// peak and its size part only after a big graph's layout, which is what the limit is for.
    /// 0 where unavailable.
    static func residentBytes(_ role: Role) -> Int {
        if role == .server {
            var usage = rusage()
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return usage.ru_maxrss * 1024
        }
        return memory()?.resident ?? 0
    }
}
