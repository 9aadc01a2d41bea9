import Foundation
import GraphvizShim

/// The worker side of `RenderWorkerPool`: the `nibviz` binary runs this in its hidden worker
/// mode, reading requests on stdin and answering on a private copy of the original stdout.
public enum RenderWorker {
    /// The environment variable through which the pool names itself (its process id).
    static let parentVariable = "NIBVIZ_RENDER_POOL_PARENT"

    /// How many graphs a worker serves before a fresh one replaces it (`run`).
    public static let defaultMaxJobs = 500

    /// Serves requests until stdin closes, a graph fails, or `maxJobs` graphs or `maxResidentBytes` of
    /// resident memory are reached (Graphviz 2.43 leaks on clustered graphs and HTML labels),
    /// and returns the process exit status. The process dies with its parent (no orphan keeps
    /// running after a killed `site`) and cannot map more than `maxAddressBytes`: a graph that
    /// needs more fails alone instead of taking the machine's memory.
    ///
    /// `maxJobs`: a worker's Graphviz slows as it serves more graphs (what it leaks stays in
    /// its heap: 30-node graphs with HTML labels and clusters drew ~5 % slower after 1,000 in one
    /// process than over the first 250). Over the corpus site (3,304 diagrams, 2 lanes), retiring after 500 graphs
    /// instead of 1,000 took 0.982× the wall time and less Graphviz CPU in 7 of 8 paired runs;
    /// after 250 the extra start-ups (~22 ms CPU each) ate the gain.
    public static func run(
        maxJobs: Int = defaultMaxJobs, maxResidentBytes: Int = 768 << 20, maxAddressBytes: Int = RenderLimits.maxAddressBytes
    )
        -> Int32
    {
        let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap { Int32($0) } ?? 0
        guard nibviz_die_with_parent(parent) != 0 else { return 0 }
        if maxAddressBytes > 0 { _ = nibviz_limit_address_space(maxAddressBytes) }
        // After a failed gvRenderData Graphviz 2.43 writes the next SVG to fd 1: keep the
        // protocol off fd 1 by moving it to a private descriptor and pointing fd 1 at /dev/null.
        let protocolFD = dup(STDOUT_FILENO)
        let devNull = open("/dev/null", O_WRONLY)
        guard protocolFD >= 0, devNull >= 0 else { return 1 }
        dup2(devNull, STDOUT_FILENO)
        close(devNull)
        let requests = WorkerProtocol.FrameReader(fd: STDIN_FILENO)
        var served = 0
        while true {
            guard case .bytes(let headerFrame) = requests.readFrame() else { return 0 }
            let cpuStart = CPUClock.thread()
            guard case .bytes(let dot) = requests.readFrame() else { return 1 }
            served += 1
            var header: WorkerProtocol.Header
            var data: [UInt8] = []
            do {
                let job = try RenderJob(wire: headerFrame)
                do {
                    let output = try GraphvizRenderer.shared.render(dot: dot, job: job)
                    data = output.data
                    header = .init(ok: true, warnings: output.warnings, error: nil, retiring: false, timing: output.timing)
                } catch {
                    header = .init(ok: false, warnings: [], error: error.wire, retiring: false, timing: nil)
                }
            } catch {
                let failure = RenderError(stage: .worker, name: "<request>", message: "bad request: the header frame is not a render job")
                header = .init(ok: false, warnings: [], error: failure.wire, retiring: false, timing: nil)
            }
            // A failed graph retires the worker too: Graphviz 2.43 is not trusted after one (out of
            // memory under the address-space limit, the next graph could crash on what the failed
            // one left behind; after a failed gvRenderData it writes the next SVG to fd 1).
            header.retiring = !header.ok || served >= maxJobs || residentBytes() > maxResidentBytes
            if var timing = header.timing {
                timing.ownCPU = max(0, CPUClock.thread() - cpuStart - timing.graphvizCPU)
                header.timing = timing
            }
            guard WorkerProtocol.writeFrames([header.wireBytes, data], to: protocolFD) else { return 1 }
            if header.retiring { return 0 }
        }
    }

    /// The worker's peak resident set size (`getrusage`, one system call per job where
    /// `/proc/self/statm` took an open, a read and a close). The peak, not the current size:
    /// what Graphviz leaks stays in the heap, so the two part only after a big graph's layout,
    /// and retiring after one of those is what the limit is for. 0 where unavailable.
    static func residentBytes() -> Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
    }
}
