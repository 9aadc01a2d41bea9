import NibModel
import NibParsing

/// One file of `nibviz inspect DIR`: its counts, or the error that stopped it.
public struct InspectSummary: Hashable, Sendable {
    /// Per-file (or total) counts.
    public struct Counts: Hashable, Sendable {
        public var objects = 0
        public var placeholders = 0
        public var outlets = 0
        public var outletCollections = 0
        public var actions = 0
        public var bindings = 0
        public var segues = 0
        public var scenes = 0
        public var diagnostics = 0

        /// Zero counts.
        public init() {}

        /// Adds another file's counts.
        public mutating func add(_ other: Counts) {
            objects += other.objects
            placeholders += other.placeholders
            outlets += other.outlets
            outletCollections += other.outletCollections
            actions += other.actions
            bindings += other.bindings
            segues += other.segues
            scenes += other.scenes
            diagnostics += other.diagnostics
        }
    }

    /// The file as the user named it.
    public var file: String
    /// `document` or `archive`; nil when the file failed.
    public var format: String?
    /// The platform; nil when the file failed.
    public var platform: String?
    /// True for storyboards.
    public var isStoryboard = false
    /// The counts (zero when the file failed).
    public var counts = Counts()
    /// `file:line:col: message` when the file could not be read.
    public var error: String?
    /// `file:line:col: error: message`, compiler style, when the file could not be read.
    private var errorLine: String?

    /// The summary of a parsed graph.
    public init(graph: NibGraph) {
        file = graph.file
        format = graph.format.rawValue
        platform = graph.platform.rawValue
        isStoryboard = graph.isStoryboard
        counts.objects = graph.objects.count
        counts.placeholders = graph.objects.filter(\.isPlaceholder).count
        for connection in graph.connections {
            switch connection.kind {
            case .outlet: counts.outlets += 1
            case .outletCollection: counts.outletCollections += 1
            case .action: counts.actions += 1
            case .binding: counts.bindings += 1
            case .segue: counts.segues += 1
            }
        }
        counts.scenes = graph.scenes.count
        counts.diagnostics = graph.diagnostics.count
    }

    /// The summary of a file that failed.
    public init(file: String, error: LocatedError) {
        self.file = file
        self.error = error.description
        errorLine = "\(TextQuoting.printable(error.location.description)): error: \(TextQuoting.printable(error.message))"
    }

    /// Sum of every file's counts.
    public static func totals(_ summaries: [InspectSummary]) -> Counts {
        var total = Counts()
        for summary in summaries { total.add(summary.counts) }
        return total
    }

    /// `path: ios storyboard (document), 12 objects, 2 placeholders, 3 outlets, …`.
    public var line: String {
        if let errorLine { return errorLine }
        let kind = "\(platform ?? "?") \(isStoryboard ? "storyboard" : "xib") (\(format ?? "?"))"
        return "\(TextQuoting.printable(file)): \(kind), \(Self.describe(counts))"
    }

    /// The totals line: `N files (F failed): …`.
    public static func totalsLine(_ summaries: [InspectSummary]) -> String {
        let failed = summaries.filter { $0.error != nil }.count
        return "total: \(summaries.count) files (\(failed) failed), \(describe(totals(summaries)))"
    }

    static func describe(_ counts: Counts) -> String {
        [
            "\(counts.objects) objects", "\(counts.placeholders) placeholders", "\(counts.outlets) outlets",
            "\(counts.outletCollections) outlet collections", "\(counts.actions) actions",
            "\(counts.bindings) bindings", "\(counts.segues) segues", "\(counts.scenes) scenes",
            "\(counts.diagnostics) diagnostics",
        ].joined(separator: ", ")
    }
}
