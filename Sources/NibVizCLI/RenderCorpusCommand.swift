import ArgumentParser
import Foundation
import GraphvizRender
import NibDOT
import NibDiagrams
import NibModel
import NibPipeline

/// `nibviz render-corpus DIR`: draws `graph` (every part) and, for storyboards, `flow` for every
/// document under DIR through the worker pool, and reports count, failures and time.
struct RenderCorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-corpus",
        abstract: "Render the graph (and flow) diagram of every IB document under a folder; report count, failures and time."
    )

    @Argument(help: "Folder searched for .xib, .storyboard and designable.nib files.")
    var directory: String

    @Option(help: "Worker processes (default: one per core; at most two per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .shortAndLong, help: "Write every SVG into this folder, replaced atomically (default: render only).")
    var output: String?
    @Flag(help: "Write into an output folder holding files nibviz did not write (they are kept, never deleted).")
    var force = false

    @Option(help: "Colours: light, dark or auto.")
    var theme: DiagramTheme = .light

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        let started = Date()
        let usable = RenderWorkerPool.usableJobs(jobs)
        usable.note.map { printError("render-corpus: \($0)") }
        let folder = try output.map { try openOutputFolder($0, inputs: [directory], force: force) }
        let batch = CorpusBatch.prepare(root: directory, options: DiagramOptions(theme: theme))
        let pool = RenderWorkerPool.forCurrentExecutable(workerCount: usable.jobs, timeout: 120)
        let results = pool.render(batch.requests)
        let report = batch.report(results, seconds: Date().timeIntervalSince(started))
        try folder.map { try batch.write(results, theme: theme, to: $0) }
        print(report.text)
        if !report.ok { throw ExitCode(1) }
    }
}
