import ArgumentParser
import GraphvizRender
import NibSiteBuild

/// The hidden worker mode the render pool starts: requests on stdin, answers on a pipe.
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "__render-worker",
        abstract: "Internal: serve render requests for the worker pool.",
        shouldDisplay: false
    )

    @Option(help: "Exit after this many graphs (Graphviz leaks; a fresh worker replaces this one).")
    var maxJobs = RenderWorker.defaultMaxJobs

    @Option(help: "Exit once resident memory passes this many MiB.")
    var maxRssMb = 768

    @Option(help: "MiB a server's memory may grow by from graphs it leaves to its exit instead of freeing (0: free each).")
    var keptMb = RenderWorker.defaultKeptBytes >> 20

    @Option(help: "Address space limit (RLIMIT_AS) in MiB; a graph that needs more fails alone.")
    var maxMemoryMb = RenderLimits.maxAddressBytes >> 20

    @Flag(help: .hidden) var slowMarker = false  // lets tests find one worker by its command line

    func run() throws {
        // One allocator arena: each extra one reserves 64 MiB of address space (128 MiB while it
        // is made), which counts against the worker's limit — a second thread (Pango's font
        // loading) that made one at the wrong moment left a small graph no room under a low
        // `--max-memory-mb`, and it crashed. The worker draws on one thread.
        ProcessMemory.limitArenas(to: 1)
        // Its pool's process may not be a batch job (`render`, tests); a worker always is.
        ProcessScheduling.runAsBatch()
        let status = RenderWorker.run(
            maxJobs: maxJobs, maxResidentBytes: maxRssMb << 20, keptBytes: max(0, keptMb) << 20, maxAddressBytes: maxMemoryMb << 20)
        if status != 0 { throw ExitCode(status) }
    }
}
