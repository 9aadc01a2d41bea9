import ArgumentParser
import Foundation
import NibDOT
import NibDiffing
import NibPipeline
import NibReview

extension DiffArtifact.Report: ExpressibleByArgument {}
extension DiffArtifact.Diagram: ExpressibleByArgument {}

/// `nibviz diff OLD NEW [--format text|markdown|json|mermaid] [-T svg|png|dot] [-o OUT]`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Semantic diff of two versions of an IB document: objects, connections, properties, risks.",
        discussion:
            "Prints a text summary, Markdown (--format markdown), JSON (--format json, schema in site/pages/reference/diff-json.md), a Mermaid flowchart (--format mermaid) or a diff diagram (-T). Exits 0 whether or not the documents differ, 1 on errors, 2 when --fail-on finds what it names."
    )

    @Argument(help: "The old version (.xib, .storyboard, designable.nib).") var old: String
    @Argument(help: "The new version.") var new: String
    @Option(help: "Report format: text, markdown, json or mermaid.") var format: DiffArtifact.Report?
    @Option(name: .customShort("T"), help: "Diagram format: svg, png or dot.") var diagram: DiffArtifact.Diagram?
    @Option(name: .shortAndLong, help: "Output file (default or -: stdout; a symlink, FIFO or device is written through).")
    var output: String?
    @Flag(help: "Same as --format markdown.") var markdown = false
    @Option(help: "Diagram colours: light, dark or auto (SVG follows the reader's setting).") var theme: DiagramTheme = .light
    @Option(help: "Exit 2 when any risk note (risk) or any non-cosmetic change (change) is found.") var failOn: FailOn?
    @Option(help: "Source folder to search for code using removed or renamed names (repeatable).") var sources: [String] = []

    func validate() throws {
        try validateSources(sources)
        if (markdown || format != nil) && diagram != nil { throw ValidationError("--format/--markdown and -T are exclusive.") }
        if markdown && format != nil && format != .markdown {
            throw ValidationError("--markdown and --format \(format?.rawValue ?? "") are exclusive.")
        }
    }

    func run() throws {
        let diff = try loadDiff()
        try writeOutput(try artifact(for: diff), to: output, inputs: [old, new])
        try failIfAsked(failOn, [diff])
    }

    private func loadDiff() throws -> NibDiff {
        let (before, after) = (try DocumentLoader.load(old), try DocumentLoader.load(new))
        return NibDiffer.diff(
            old: before.graph, new: after.graph, oldXML: before.data, newXML: after.data, simulate: true,
            usages: sources.isEmpty ? nil : SourceUsages(folders: sources))
    }

    /// The report or the rendered diagram.
    private func artifact(for diff: NibDiff) throws -> [UInt8] {
        guard let diagram else {
            return Array(DiffArtifact.report(diff, as: markdown ? .markdown : format ?? .text, old: old, new: new).utf8)
        }
        return try DiffArtifact.diagram(diff, as: diagram, old: old, new: new, theme: theme)
    }
}
