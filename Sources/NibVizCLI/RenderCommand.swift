import ArgumentParser
import Foundation
import GraphvizRender

extension OutputFormat: ExpressibleByArgument {}
extension LayoutEngine: ExpressibleByArgument {}

/// `nibviz render FILE -T FORMAT [-K ENGINE] [-o OUT]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a .dot file (or, with --diagram, an IB document or scenario) to SVG, PNG, PDF, DOT or JSON."
    )

    @Argument(help: "Input: .dot/.gv, .xib, .storyboard, designable.nib or scenario .yaml.")
    var file: String

    @Option(name: .customShort("T"), help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .svg

    @Option(name: .customShort("K"), help: "Layout engine: \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", ")).")
    var layout: LayoutEngine = .dot

    @Option(name: .shortAndLong, help: "Output file (default: stdout).")
    var output: String?

    func run() throws {
        let source: String
        do {
            source = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw fail("\(file): cannot read: \(error.localizedDescription)")
        }
        do {
            let rendered = try GraphvizRenderer.shared.render(RenderRequest(dot: source, engine: layout, format: format, name: file))
            for warning in rendered.warnings { printError("warning: \(file): \(warning)") }
            try writeOutput(rendered.data, to: output)
        } catch let error as RenderError {
            throw fail(error.description)
        }
    }
}
