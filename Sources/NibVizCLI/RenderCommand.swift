import ArgumentParser
import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibParsing

extension OutputFormat: ExpressibleByArgument {}
extension LayoutEngine: ExpressibleByArgument {}

/// `nibviz render FILE [--diagram KIND] -T FORMAT [-K ENGINE] [-o OUT] [--theme T] [--link-base URL] [--scene ID]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a .dot file (or, with --diagram, an IB document or scenario) to SVG, PNG, PDF, DOT or JSON.",
        discussion: """
            .dot/.gv input is laid out as is. A .xib, .storyboard, designable.nib or scenario .yaml is drawn \
            as the --diagram KIND (default graph); -T dot prints nibviz's DOT source. Storyboards with many \
            scenes draw an overview; --scene ID (or --scene overview) picks one part.
            """
    )

    @Argument(help: "Input: .dot/.gv, .xib, .storyboard, designable.nib or scenario .yaml.")
    var file: String

    @Option(help: "Diagram: \(DiagramKind.allCases.map(\.rawValue).joined(separator: ", ")) (IB documents and scenarios).")
    var diagram: DiagramKind?

    @Option(name: .customShort("T"), help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .svg

    @Option(name: .customShort("K"), help: "Layout engine: \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", ")).")
    var layout: LayoutEngine = .dot

    @Option(name: .shortAndLong, help: "Output file (default or -: stdout; a symlink, FIFO or device is written through).")
    var output: String?

    @Option(help: "Colours: light, dark, or auto (SVG follows prefers-color-scheme).")
    var theme: DiagramTheme = .light

    @Option(
        name: .customLong("link-base"),
        help: "Prefix for links: objects link to <base>obj-<id>, scenes to <base>scene-<id>, rules to <base>rule-<id>.")
    var linkBase: String?

    @Option(help: "Storyboard part to draw: a scene id, or 'overview'.")
    var scene: String?

    func run() throws {
        if diagram == nil, InputClassifier.kind(of: URL(fileURLWithPath: file)) == .dot { return try renderDOTFile() }
        let part = try DiagramPicker.pick(
            file: file, kind: diagram ?? .graph, scene: scene, options: DiagramOptions(theme: theme, linkBase: linkBase))
        if format == .dot { return try writeOutput(Array(part.dot.utf8), to: output, inputs: [file]) }
        try writeOutput(try render(part.dot, name: file, generated: true), to: output, inputs: [file])
    }

    private func renderDOTFile() throws {
        let source: String
        do {
            source = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw CommandFailure("\(file): cannot read: \(error.localizedDescription)")
        }
        try writeOutput(try render(source, name: file), to: output, inputs: [file])
    }

    /// Lays out and renders in a worker process; SVG gets the theme's post-processing.
    private func render(_ dot: String, name: String, generated: Bool = false) throws -> [UInt8] {
        let request = RenderRequest(dot: dot, engine: layout, format: format, name: name, generated: generated)
        let rendered = try RenderWorkerPool.renderIsolated(request)
        for warning in rendered.warnings { printError("warning: \(name): \(warning)") }
        return format == .svg ? SVGTheming.apply(theme, to: rendered.data) : rendered.data
    }
}

/// Chooses the diagram part the user asked for.
enum DiagramPicker {
    /// The id a user types for a part: the scene or object id token, or `overview`.
    static func partID(_ part: NamedDiagram) -> String {
        for prefix in ["scene-", "object-"] where part.name.hasPrefix(prefix) { return String(part.name.dropFirst(prefix.count)) }
        return part.name
    }

    static func pick(file: String, kind: DiagramKind, scene: String?, options: DiagramOptions) throws -> NamedDiagram {
        let source = try DiagramSource.load(file)
        let parts = try source.diagrams(kind, options: options)
        guard let scene else {
            if parts.count > 1 {
                printError("note: \(file): \(parts.count - 1) parts; drawing the overview. Pick one with --scene ID:")
                for part in parts.dropFirst() { printError("  \(partID(part))  \(part.title)") }
            }
            guard let first = parts.first else { throw LocatedError(at: FileLocation(file: file), "nothing to draw") }
            return first
        }
        if kind == .graph, parts.count == 1, let graph = source.graph, graph.scenes.contains(where: { $0.id == scene }) {
            return NamedDiagram(name: "scene-" + scene, title: scene, dot: ObjectGraphDiagram.dot(graph, scene: scene, options: options))
        }
        let token = DOTEscaping.token(scene)
        guard let part = parts.first(where: { $0.name == scene || partID($0) == token }) else {
            let names = parts.map(partID).joined(separator: ", ")
            throw LocatedError(at: FileLocation(file: file), "no part '\(scene)' in the \(kind.rawValue) diagram (parts: \(names))")
        }
        return part
    }
}
