import ArgumentParser
import Foundation
import GraphvizRender
import NibModel
import NibReview
import NibSimulation

/// `nibviz diff OLD NEW [-T svg|png|dot] [-o OUT] [--markdown]`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Semantic diff of two versions of an IB document: objects, connections, classes, segues.",
        discussion:
            "Prints a text summary, a Markdown summary (--markdown) or a diff diagram (-T). Exits 0 whether or not the documents differ; 1 on errors."
    )

    @Argument(help: "The old version (.xib, .storyboard, designable.nib).") var old: String
    @Argument(help: "The new version.") var new: String
    @Option(name: .customShort("T"), help: "Diagram format: svg, png or dot.") var format: DiagramFormat?
    @Option(name: .shortAndLong, help: "Output file (default or -: stdout; a symlink, FIFO or device is written through).")
    var output: String?
    @Flag(help: "Print the Markdown summary for a pull request.") var markdown = false

    enum DiagramFormat: String, ExpressibleByArgument, CaseIterable { case svg, png, dot }

    func validate() throws {
        if markdown && format != nil { throw ValidationError("--markdown and -T are exclusive.") }
    }

    func run() throws {
        let bytes = try artifact(for: try loadDiff())
        try writeOutput(bytes, to: output, inputs: [old, new])
    }

    /// File names, not paths: a long title would stretch the legend under it.
    private var diagramTitle: String {
        let (before, after) = (URL(fileURLWithPath: old).lastPathComponent, URL(fileURLWithPath: new).lastPathComponent)
        return before == after ? after : "\(before) → \(after)"
    }

    private func loadDiff() throws -> NibDiff {
        do {
            let (before, after) = (try DocumentLoader.load(old), try DocumentLoader.load(new))
            return NibDiffer.diff(
                old: before.graph, new: after.graph, oldXML: before.data, newXML: after.data, trace: LoadTraceProvider.trace)
        } catch let error as LocatedError {
            throw fail(error.description)
        }
    }

    /// The text summary, the Markdown summary or the rendered diagram.
    private func artifact(for diff: NibDiff) throws -> [UInt8] {
        guard let format else {
            let text = markdown ? DiffMarkdown.render(diff, title: new) : DiffText.render(diff, title: "\(old) → \(new)")
            return Array(text.utf8)
        }
        let dot = DiffDiagram.dot(diff, title: diagramTitle)
        if format == .dot { return Array(dot.utf8) }
        do {
            return try GraphvizRenderer.shared.render(RenderRequest(dot: dot, format: format == .png ? .png : .svg, name: new)).data
        } catch {
            throw fail(error.description)
        }
    }
}

/// Where the simulated load timeline comes from for diffs and reviews: the simulator's default
/// load of the bare document (no class table, so missing outlet keys are the static
/// consequences' job), as text lines.
enum LoadTraceProvider {
    static let trace: LoadTrace? = { graph in
        TimelineFormatter.format(Simulator.run(document: graph)).split(separator: "\n").map(String.init)
    }
}
