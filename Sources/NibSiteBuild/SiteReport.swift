import Foundation
import GraphvizRender

/// What a build did.
public struct SiteReport: Sendable {
    /// HTML pages written.
    public var pages: Int
    /// Document pages among them.
    public var documentPages: Int
    /// Diagrams rendered by Graphviz (cache misses).
    public var diagramsRendered: Int
    /// Diagrams taken from the cache.
    public var diagramsCached: Int
    /// Inputs that failed (each has an error page): `file:line:col: message`.
    public var failures: [String]
    /// Diagrams Graphviz could not render (their figure shows an error box): `page: caption: message`.
    public var diagramFailures: [String]
    /// Seconds per step, in step order.
    public var stepSeconds: [(String, Double)]
    /// Where the time went (`site --timings`).
    public var timings = SiteTimings()
    /// Nothing changed since the build that wrote the output: it was left alone.
    public var upToDate = false
    /// Pages kept as the previous build wrote them (unchanged fingerprint and file).
    public var pagesKept = 0
    /// Diagrams not tried again because Graphviz failed on the same content before.
    public var knownFailures = 0
}

/// Where a build's time went: per step, per diagram (Graphviz's parse, layout and render, and
/// the job as a whole, the rest being nibviz's own work), and how long workers sat idle.
public struct SiteTimings: Sendable {
    /// Seconds per step, in step order.
    public var steps: [(String, Double)] = []
    /// Resident memory after each step (same order as `steps`; empty where unknown).
    var memory: [ProcessMemory] = []
    /// The whole build.
    public var total: Double = 0
    /// Diagrams rendered at once.
    public var lanes = 1
    /// From the first render request to the last result.
    public var renderWall: Double = 0
    /// Every diagram rendered in this build: (name, timing), longest first.
    public var diagrams: [(name: String, timing: RenderTiming)] = []
    /// Pages kept and written.
    public var pagesKept = 0
    public var pagesWritten = 0
    /// Documents whose pages were planned, and those whose pages were kept from the previous
    /// build without planning (their bytes and context unchanged).
    public var documentsPlanned = 0
    public var documentsKept = 0
    /// Documents read from the previous build's summaries instead of parsed (same bytes; parsed
    /// still when their pages are planned).
    public var documentsSummarized = 0
    /// Source files (`--sources`) parsed, and those whose declarations the previous build's
    /// reading gave (same bytes, same modules).
    public var sourceFilesParsed = 0
    public var sourceFilesKept = 0
    /// Project files (`.xcodeproj`, `Package.swift`, `Pods`) under `--sources` read, and those
    /// whose modules the previous build's reading gave (every answer the disk gave it the same).
    public var projectFilesRead = 0
    public var projectFilesKept = 0
    /// Diagrams drawn twice: a later document shows one whose earlier pages were written and
    /// its SVG let go, and no cache held it (`--no-cache`).
    public var diagramsDrawnAgain = 0
    /// This process's CPU time over the build (Graphviz's included only when it renders here,
    /// with one lane).
    var processCPU: ProcessCPU?
    /// The CPU time of the thread that ran the build, in every step: reading documents, checking
    /// links and saving state it shares with `jobs` − 1 other threads.
    var mainThreadCPU: Double?
    /// Its CPU time in the steps where it alone adopts, links and hands on every page in order
    /// while the other threads plan, draw and write: with render workers, one of the build's two
    /// serial parts.
    var mainThreadSerialCPU: Double?
    /// The CPU time of the queues that write the page files (each page's SVG inlined, its file
    /// written, its links read), and of the busiest of them: each runs one page after another.
    var pageFilesCPU: PageFinisher.CPU?
    /// What the whole machine's cores did over the build (every process, this build's and any
    /// other's, and the kernel's interrupts), and over how many cores.
    var machineCPU: MachineCPU?

    /// Creates empty timings.
    public init() {}

    /// Worker time not spent on a diagram while diagrams were rendering: lanes × the render
    /// span − the jobs' time.
    public var idleWorkerSeconds: Double { max(0, Double(lanes) * renderWall - diagrams.reduce(0) { $0 + $1.timing.total }) }

    /// nibviz's own CPU in this process: all of it less Graphviz's, which runs here with one
    /// lane and in the workers with more.
    var processOwnCPU: Double? {
        processCPU.map { $0.user + $0.system - (lanes <= 1 ? graphvizCPU : 0) }
    }

    /// Graphviz's CPU over every job (in this process with one lane, in the workers with more).
    var graphvizCPU: Double { diagrams.reduce(0) { $0 + $1.timing.graphvizCPU } }

    /// The `--timings` report: steps, totals by stage, the longest diagrams, idle workers.
    public func table(longest count: Int = 10) -> String {
        func format(_ value: Double) -> String { String(format: "%.2f s", value) }
        var lines = ["timings:"]
        func mebibytes(_ bytes: Int) -> String { String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
        for (index, (name, seconds)) in steps.enumerated() {
            let memory =
                memory.indices.contains(index)
                ? "   resident \(mebibytes(memory[index].resident)), peak \(mebibytes(memory[index].peak))" : ""
            lines.append("  step \(name.padding(toLength: 29, withPad: " ", startingAt: 0)) \(format(seconds))\(memory)")
        }
        lines.append("  total \(format(total))")
        let parse = diagrams.reduce(0) { $0 + $1.timing.parse }
        let layout = diagrams.reduce(0) { $0 + $1.timing.layout }
        let render = diagrams.reduce(0) { $0 + $1.timing.render }
        let release = diagrams.reduce(0) { $0 + $1.timing.release }
        let graphviz = parse + layout + render + release
        let jobs = diagrams.reduce(0) { $0 + $1.timing.total }
        let ownCPU = diagrams.reduce(0) { $0 + $1.timing.ownCPU }
        lines.append(
            "  diagrams rendered \(diagrams.count) in \(format(renderWall)) with \(lanes) lane(s): Graphviz parse \(format(parse)), "
                + "layout \(format(layout)), render \(format(render)), freeing \(format(release)) (\(format(graphvizCPU)) CPU)"
        )
        // The jobs' wall time beyond Graphviz's is nibviz's own CPU work plus time the worker
        // waited for a core (other processes, or this build planning pages on the same cores):
        // told apart, so a loaded machine does not read as per-job overhead.
        // With one lane Graphviz runs on this thread: no framing, no pipes, no core to wait for.
        if lanes > 1 {
            let perJob = diagrams.isEmpty ? 0 : ownCPU / Double(diagrams.count) * 1000
            lines.append(
                "  nibviz's own work on the jobs (framing, pipes, both sides) \(format(ownCPU)) CPU, "
                    + String(format: "%.3f ms per job", perJob)
                    + "; waiting for a core \(format(max(0, jobs - graphviz - ownCPU)))")
        }
        if let processCPU, let own = processOwnCPU {
            lines.append(
                "  this process \(format(processCPU.user + processCPU.system)) CPU (user \(format(processCPU.user)), system "
                    + "\(format(processCPU.system))): nibviz's own work \(format(own)) CPU next to Graphviz's \(format(graphvizCPU))")
        }
        if let machineCPU {
            // Busy nearly all the time: only less work shortens the build, not more lanes.
            lines.append(
                "  the machine's \(machineCPU.cores) cores over the build: busy \(String(format: "%.0f %%", machineCPU.busyShare * 100)) "
                    + "(\(format(machineCPU.busy)) busy, by every process and the kernel; \(format(machineCPU.idle)) idle or waiting for "
                    + "I/O; \(format(machineCPU.stolen)) stolen by the host)")
        }
        if let mainThreadCPU, let mainThreadSerialCPU, let pageFilesCPU, lanes > 1 {
            // Each runs one thing after another, so on any number of cores the build lasts at
            // least as long as the longer of the two (on 2 cores all the CPU is the bound; on
            // many, these are).
            lines.append(
                "  serial parts, which no number of cores shortens: the main thread \(format(mainThreadSerialCPU)) CPU (adopting, "
                    + "linking and handing on every page in order; \(format(mainThreadCPU)) in all steps), the busiest page-files "
                    + "queue \(format(pageFilesCPU.busiest)) CPU (the page files \(format(pageFilesCPU.total)) over "
                    + "\(pageFilesCPU.queues) queues: each page's SVG inlined, its file written, its links read)")
        }
        if lanes > 1 {
            lines.append("  idle worker time \(format(idleWorkerSeconds)) (\(lanes) × \(format(renderWall)) − \(format(jobs)) of jobs)")
        } else {
            // The one lane is the thread that also plans and writes the pages: its time off
            // Graphviz is that work, not a worker waiting.
            lines.append(
                "  one lane, in this process: of the \(format(renderWall)) it spent, \(format(jobs)) went to Graphviz's jobs and "
                    + "\(format(idleWorkerSeconds)) to planning and writing pages")
        }
        lines.append("  pages written \(pagesWritten), kept unchanged \(pagesKept)")
        if diagramsDrawnAgain > 0 {
            lines.append("  diagrams drawn again \(diagramsDrawnAgain) (shared with pages written earlier; no cache to read them back)")
        }
        lines.append("  documents planned \(documentsPlanned), kept without planning \(documentsKept)")
        if documentsSummarized > 0 {
            lines.append(
                "  documents not parsed \(documentsSummarized) (unchanged: the previous build's summaries stand in until a page needs one)")
        }
        if sourceFilesParsed + sourceFilesKept > 0 {
            lines.append("  source files parsed \(sourceFilesParsed), kept from the previous build \(sourceFilesKept)")
        }
        if projectFilesRead + projectFilesKept > 0 {
            lines.append(
                "  project files (.xcodeproj, Package.swift, Pods) read \(projectFilesRead), their modules kept from the previous build \(projectFilesKept)"
            )
        }
        lines.append(
            "  summary graphviz=\(String(format: "%.3f", graphviz)) graphviz-freeing=\(String(format: "%.3f", release)) jobs=\(String(format: "%.3f", jobs)) "
                + "render-wall=\(String(format: "%.3f", renderWall)) idle=\(String(format: "%.3f", idleWorkerSeconds)) diagrams=\(diagrams.count) lanes=\(lanes) "
                + "graphviz-cpu=\(String(format: "%.3f", graphvizCPU)) own-cpu=\(String(format: "%.3f", ownCPU))"
                + (processOwnCPU.map { " process-cpu=\(String(format: "%.3f", $0))" } ?? "")
                + (mainThreadCPU.map { " main-cpu=\(String(format: "%.3f", $0))" } ?? "")
                + (mainThreadSerialCPU.map { " main-serial-cpu=\(String(format: "%.3f", $0))" } ?? "")
                + (pageFilesCPU.map {
                    " files-cpu=\(String(format: "%.3f", $0.total)) files-busiest-cpu=\(String(format: "%.3f", $0.busiest))"
                } ?? "")
                + (machineCPU.map {
                    " machine-busy-share=\(String(format: "%.3f", $0.busyShare)) machine-stolen=\(String(format: "%.3f", $0.stolen))"
                } ?? "")
        )
        if !diagrams.isEmpty {
            lines.append("  longest diagrams (job = parse + layout + render + freeing + overhead):")
            for (name, timing) in diagrams.prefix(count) {
                lines.append(
                    "    \(format(timing.total))  layout \(format(timing.layout))  render \(format(timing.render))  \(name)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
