import ArgumentParser
import Foundation
import GraphvizRender
import NibModel
import NibReview

/// `nibviz diff OLD NEW [-T svg|png|dot] [-o OUT] [--markdown]`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Semantic diff of two versions of an IB document: objects, connections, classes, segues.",
        discussion: "Prints a text summary, a Markdown summary (--markdown) or a diff diagram (-T). Exits 0 whether or not the documents differ; 1 on errors."
    )

    @Argument(help: "The old version (.xib, .storyboard, designable.nib).") var old: String
    @Argument(help: "The new version.") var new: String
    @Option(name: .customShort("T"), help: "Diagram format: svg, png or dot.") var format: DiagramFormat?
    @Option(name: .shortAndLong, help: "Output file (default: stdout).") var output: String?
    @Flag(help: "Print the Markdown summary for a pull request.") var markdown = false

    enum DiagramFormat: String, ExpressibleByArgument, CaseIterable { case svg, png, dot }

    func validate() throws {
        if markdown && format != nil { throw ValidationError("--markdown and -T are exclusive.") }
    }

    func run() throws {
        let diff: NibDiff
        do {
            let (before, after) = (try DocumentLoader.load(old), try DocumentLoader.load(new))
            diff = NibDiffer.diff(old: before.graph, new: after.graph, oldXML: before.data, newXML: after.data, trace: LoadTraceProvider.trace)
        } catch let error as LocatedError {
            throw fail(error.description)
        }
        let title = new == old ? new : "\(old) → \(new)"
        guard let format else {
            let text = markdown ? DiffMarkdown.render(diff, title: new) : DiffText.render(diff, title: title)
            return try writeOutput(Array(text.utf8), to: output)
        }
        let dot = DiffDiagram.dot(diff, title: title)
        if format == .dot { return try writeOutput(Array(dot.utf8), to: output) }
        do {
            let rendered = try GraphvizRenderer.shared.render(RenderRequest(dot: dot, format: format == .png ? .png : .svg, name: new))
            try writeOutput(rendered.data, to: output)
        } catch let error as RenderError {
            throw fail(error.description)
        }
    }
}

/// Where the simulated load timeline comes from for diffs.
enum LoadTraceProvider {
    // SEAM(sim): a closure running `Simulator.run` on the default load scenario once branch
    // `sim` is on main; until then the diff reports the static consequences only.
    static let trace: LoadTrace? = nil
}
