/// The output formats nibviz renders through libgvc.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case svg, png, pdf
    /// Laid-out DOT with coordinates (Graphviz `-Tdot`).
    case dot
    /// Graphviz JSON with coordinates (`-Tjson`).
    case json

    /// Whether its renderer draws the Pango layouts of the text it measured (cairo's PNG and PDF)
    /// rather than the measured numbers alone: remembered measurements carry no layout.
    var drawsTextLayouts: Bool { self == .png || self == .pdf }

    /// The libgvc device name; PDF goes through cairo.
    var device: String {
        switch self {
        case .svg: "svg"
        case .png: "png"
        case .pdf: "pdf"
        case .dot: "dot"
        case .json: "json"
        }
    }
}

/// The Graphviz layout engines nibviz offers.
public enum LayoutEngine: String, CaseIterable, Sendable, Codable {
    case dot, neato, fdp, circo, twopi
}

/// What to render: DOT source, an engine and a format.
public struct RenderRequest: Hashable, Sendable, Codable {
    /// DOT source text.
    public var dot: String
    /// Layout engine.
    public var engine: LayoutEngine
    /// Output format.
    public var format: OutputFormat
    /// Name used in messages (the input file).
    public var name: String
    /// True when nibviz wrote the DOT (a diagram of `name`), false for a user's DOT file: a
    /// syntax error in generated DOT is nibviz's bug and never blames a line of the input.
    public var generated: Bool

    /// Creates a request.
    public init(dot: String, engine: LayoutEngine = .dot, format: OutputFormat = .svg, name: String = "<dot>", generated: Bool = false) {
        self.dot = dot
        self.engine = engine
        self.format = format
        self.name = name
        self.generated = generated
    }
}

/// A request without its DOT: what the worker protocol sends as a request's header frame (the
/// DOT follows as raw bytes, never escaped into JSON) and what the renderer needs besides them.
struct RenderJob: Hashable, Sendable {
    var engine: LayoutEngine
    var format: OutputFormat
    var name: String
    var generated: Bool

    init(engine: LayoutEngine, format: OutputFormat, name: String, generated: Bool) {
        self.engine = engine
        self.format = format
        self.name = name
        self.generated = generated
    }

    init(_ request: RenderRequest) {
        engine = request.engine
        format = request.format
        name = request.name
        generated = request.generated
    }
}

/// Rendered bytes and the warnings Graphviz printed while making them.
public struct RenderOutput: Hashable, Sendable {
    /// The output bytes.
    public var data: [UInt8]
    /// Warnings captured from Graphviz, one per message.
    public var warnings: [String]
    /// Where the time went (not part of equality: the same graph renders to the same output).
    public var timing = RenderTiming()

    /// Creates an output.
    public init(data: [UInt8], warnings: [String], timing: RenderTiming = RenderTiming()) {
        self.data = data
        self.warnings = warnings
        self.timing = timing
    }

    public static func == (lhs: RenderOutput, rhs: RenderOutput) -> Bool { lhs.data == rhs.data && lhs.warnings == rhs.warnings }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(warnings)
    }
}

/// Seconds one render took, by stage: Graphviz reading the DOT, laying it out and drawing it,
/// and the whole job as its caller saw it (a worker's round trip: request, pipes, response).
public struct RenderTiming: Hashable, Sendable, Codable {
    /// `agmemread`: DOT text to a graph.
    public var parse: Double = 0
    /// `gvLayout`.
    public var layout: Double = 0
    /// `gvRenderData`.
    public var render: Double = 0
    /// Freeing the graph and its layout (`gvFreeLayout`, `agclose`); 0 where the process leaves
    /// them to its exit (RenderWorker's servers).
    public var release: Double = 0
    /// The job from the caller's side; the part not in `graphviz` is nibviz's own
    /// work (framing, pipes, process hand-off) and time spent waiting for a core.
    public var total: Double = 0
    /// CPU seconds Graphviz used for the four stages (the thread's CPU clock): under load the
    /// stages' wall time includes waiting for a core, this does not.
    public var graphvizCPU: Double = 0
    /// CPU seconds nibviz itself spent on the job outside Graphviz: in a worker, reading the
    /// request and answering; in the caller, framing, writing and reading the pipes. 0 in process.
    public var ownCPU: Double = 0

    /// Creates a timing.
    public init(
        parse: Double = 0, layout: Double = 0, render: Double = 0, release: Double = 0, total: Double = 0, graphvizCPU: Double = 0,
        ownCPU: Double = 0
    ) {
        self.parse = parse
        self.layout = layout
        self.render = render
        self.release = release
        self.total = total
        self.graphvizCPU = graphvizCPU
        self.ownCPU = ownCPU
    }

    /// Time inside Graphviz.
    public var graphviz: Double { parse + layout + render + release }
}

/// Why a render failed.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What stage failed.
    public enum Stage: String, Sendable, Codable {
        case parse, layout, render, worker
    }

    /// The stage that failed.
    public var stage: Stage
    /// The input name.
    public var name: String
    /// 1-based line of the problem when Graphviz names one.
    public var line: Int?
    /// Graphviz's message, cleaned.
    public var message: String

    /// Creates an error.
    public init(stage: Stage, name: String, line: Int? = nil, message: String) {
        self.stage = stage
        self.name = name
        self.line = line
        self.message = message
    }

    /// The error for DOT nibviz generated: the line is one of nibviz's DOT, not of the input
    /// file, so it moves into the message and the error says whose fault it is.
    public var inGeneratedDOT: RenderError {
        let place = line.map { " (line \($0) of the generated DOT)" } ?? ""
        return RenderError(
            stage: stage, name: name, line: nil,
            message: "Graphviz rejected the DOT nibviz generated for this input\(place): \(message) — a nibviz bug, please report it")
    }

    /// `name:line: message`.
    public var description: String {
        if let line { return "\(name):\(line): \(message)" }
        return "\(name): \(message)"
    }
}
