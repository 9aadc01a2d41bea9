import ArgumentParser
import Foundation
import GraphvizRender
import NibDOT
import NibDiagrams
import NibParsing
import NibPipeline

extension DiagramKind: ExpressibleByArgument {}
extension DiagramTheme: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension LayoutEngine: ExpressibleByArgument {}

/// `nibviz render FILE [--diagram KIND] -T FORMAT [-K ENGINE] [-o OUT] [--theme T] [--link-base URL] [--scene ID]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a .dot file (or, with --diagram, an IB document or scenario) to SVG, PNG, PDF, DOT or JSON.",
        discussion: """
            .dot/.gv input is laid out as is. A .xib, .storyboard, designable.nib or scenario .yaml is drawn \
            as the --diagram KIND (default graph); -T dot prints nibviz's DOT source. Big documents are drawn \
            in parts (one per scene, or per top-level object); --scene picks one by id or by name (a unique, \
            case-insensitive prefix of the title the part list shows), for every diagram kind; \
            --scene all -o DIR writes every part to DIR as <part>.<format>.
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

    @Option(help: "Part to draw: a scene or object id, its name (unique prefix, any case), 'overview', or 'all' (with -o DIR).")
    var scene: String?

    @Option(help: "Legend: include (in the diagram), omit, or only (the kind's legend on its own, no input read).")
    var legend: LegendChoice = .include

    func run() throws {
        if diagram == nil, legend != .only, InputClassifier.kind(of: URL(fileURLWithPath: file)) == .dot { return try renderDOTFile() }
        let options = DiagramOptions(theme: theme, linkBase: linkBase, legend: legend == .omit ? .omit : .include)
        if legend == .only {
            let kind = diagram ?? .graph
            let part = NamedDiagram(name: "legend", title: kind.rawValue, dot: DiagramLegend.dot(for: kind, options: options))
            return try writeOutput(try bytes(part), to: output)
        }
        let parts = try DiagramPicker.pick(file: file, kind: diagram ?? .graph, scene: scene, options: options, note: printError)
        if scene?.lowercased() == DiagramPicker.all { return try writeAll(parts) }
        guard let part = parts.first else { throw CommandFailure("\(file): nothing to draw") }
        try writeOutput(try bytes(part), to: output, inputs: [file])
    }

    /// `--scene all`: every part into the `-o` folder as `<part name>.<format>`.
    private func writeAll(_ parts: [NamedDiagram]) throws {
        guard let output else { throw CommandFailure("--scene all needs -o DIR (a folder for one file per part)") }
        // Rendered before the folder is opened: a failing part leaves the folder untouched.
        let files = try parts.map { (name: DiagramPicker.fileName($0, format: format), bytes: try bytes($0)) }
        let folder = try openOutputFolder(output, inputs: [file], force: false)
        try folder.commit(writing: files)
        for file in files { print(URL(fileURLWithPath: output).appendingPathComponent(file.name).path) }
    }

    /// A part's output bytes: its DOT for `-T dot`, else the rendering.
    private func bytes(_ part: NamedDiagram) throws -> [UInt8] {
        if format == .dot { return Array(part.dot.utf8) }
        return try render(part.dot, name: file, generated: true)
    }

    private func renderDOTFile() throws {
        // Not UTF-8: the first bad byte is named with its line and column.
        let source = try TextFile.readUTF8(URL(fileURLWithPath: file), displayName: file)
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

/// `--legend`: where the legend goes.
enum LegendChoice: String, CaseIterable, ExpressibleByArgument {
    case include, omit, only
}
