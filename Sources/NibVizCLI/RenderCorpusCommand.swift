import ArgumentParser
import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibParsing

/// `nibviz render-corpus DIR`: draws `graph` (every part) and, for storyboards, `flow` for every
/// document under DIR through the worker pool, and reports count, failures and time.
struct RenderCorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-corpus",
        abstract: "Render the graph (and flow) diagram of every IB document under a folder; report count, failures and time."
    )

    @Argument(help: "Folder searched for .xib, .storyboard and designable.nib files.")
    var directory: String

    @Option(help: "Worker processes (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .shortAndLong, help: "Write every SVG into this folder (default: render only).")
    var output: String?

    @Option(help: "Colours: light, dark or auto.")
    var theme: DiagramTheme = .light

    func run() throws {
        let started = Date()
        let batch = CorpusBatch.prepare(
            InputClassifier.documents(under: URL(fileURLWithPath: directory)).map(\.url), root: directory,
            options: DiagramOptions(theme: theme))
        let pool = RenderWorkerPool.forCurrentExecutable(workerCount: jobs, timeout: 120)
        let results = pool.render(batch.requests)
        let report = batch.report(results, seconds: Date().timeIntervalSince(started))
        if let output { try batch.write(results, theme: theme, to: output) }
        print(report.text)
        if !report.ok { throw ExitCode(1) }
    }
}
