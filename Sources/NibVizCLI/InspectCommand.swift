import ArgumentParser
import Foundation
import NibAppArchive
import NibInspect
import NibParsing
import NibPipeline

/// How `inspect` prints a graph.
enum InspectFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `nibviz inspect FILE|DIR [--format text|json]`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the object graph of an IB document (or summarise a folder).",
        discussion: """
            FILE: .xib, .storyboard or designable.nib (both XML formats), a compiled .nib (file or \
            bundle), a .storyboardc or an .ipa. DIR: every such input below it, one summary line each \
            plus totals; exits 1 if any could not be read.
            """
    )

    @Argument(help: "An IB document, or a folder to summarise.")
    var path: String

    @Option(
        name: .customLong("exclude"),
        help: "With a folder: leave out documents matching GLOB (repeatable), as `site --exclude` does; .nibviz.yml's exclude applies too.")
    var excludes: [String] = []
    @Option(help: "Output format: text or json.")
    var format: InspectFormat = .text
    @Option(help: "With a folder: documents read at once (default: the machine's cores; 1 reads them in order on one thread).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        // An `.ipa` is read as the folder it holds.
        let url = try AppArchivePath.url(for: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CommandFailure("\(path): no such file or folder")
        }
        // A nib bundle (`Foo.nib/`) or a `.storyboardc` is one document; any other folder is summarised.
        if isDirectory.boolValue && InputClassifier.kind(of: url) == nil {
            let bar = ProgressBar()
            let result = try InspectFolder(folder: path, excludes: excludes).read(
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: bar.update)
            bar.finish()
            for line in result.skipped { printError(line) }
            try writeOutput(Array(result.report(json: format == .json).utf8), to: nil)
            if result.failed > 0 { throw CommandFailure("\(path): \(result.failed) of \(result.summaries.count) files could not be read") }
            return
        }
        let graph = try NibDocumentParser.parse(contentsOf: url, displayName: path)
        let text = format == .json ? InspectJSON.encode(graph) : InspectText.render(graph)
        try writeOutput(Array(text.utf8), to: nil)
    }
}
