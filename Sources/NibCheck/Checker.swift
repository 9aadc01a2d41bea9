import NibClasses
import NibModel
import NibSources

/// Checks IB documents against the class table derived from the app's sources: every outlet,
/// action, custom class, storyboard reference and identifier literal (R-CHK-1…9), and the
/// documents that could not be read (R-CHK-10). The runtime
/// texts come from `RuntimeMessages`, the same words the simulator prints.
public struct Checker {
    /// The documents checked, in the order given.
    public let graphs: [NibGraph]
    /// What the sources declare.
    public let index: SourceIndex
    /// The OS versions the runtime texts are written for (macOS 11+ prefixes `[Nib Loading]`).
    public var iosVersion = OSVersion(17, 0)
    public var macVersion = OSVersion(14, 0)
    /// The folder relative document names start from, when it is not the current folder (a
    /// site names documents below its input's parent): where a document's target is looked up
    /// for `customModuleProvider="target"` (R-CHK-9).
    public var documentRoot: String?

    /// The documents that could not be read, each with its reader's error (R-CHK-10).
    public let unreadable: [LocatedError]

    /// A checker over `graphs` and `index`; `unreadable` are the inputs' documents that could
    /// not be read.
    public init(graphs: [NibGraph], index: SourceIndex, unreadable: [LocatedError] = []) {
        self.graphs = graphs
        self.index = index
        self.unreadable = unreadable
    }

    /// R-CHK-10: an unreadable document is an error where the reader stopped; one nibviz does
    /// not read (a format, one of its limits), a note.
    static func finding(unreadable error: LocatedError) -> CheckFinding {
        CheckFinding(
            error.isReaderLimitation ? .note : .error, .unreadableDocument, at: error.location,
            message: error.isReaderLimitation
                ? "not checked: \(error.message)" : "cannot be read, so nothing in it is checked: \(error.message)")
    }

    /// Counts behind the resolution figures (per project in the corpus tests and `--stats`).
    public struct Statistics: Sendable, Equatable {
        /// Outlets whose source object has a custom class: all, found, missing, unknown.
        public var outlets = Tally()
        /// Actions whose target has a custom class (First Responder actions apart).
        public var actions = Tally()
        /// Distinct custom class names (framework classes count as resolved).
        public var customClasses = Tally()

        /// Counts of one kind.
        public struct Tally: Sendable, Equatable {
            public var total = 0
            public var found = 0
            public var missing = 0
            public var unknown = 0

            /// Percentage found (100 when there is nothing to find).
            public var percentFound: Double { total == 0 ? 100 : Double(found) * 100 / Double(total) }

            mutating func count(_ answer: ClassLookup.Answer) {
                total += 1
                switch answer {
                case .found: found += 1
                case .missing: missing += 1
                case .unknown: unknown += 1
                }
            }
        }
    }

    /// The path of `graph`'s document on disk.
    func documentPath(_ graph: NibGraph) -> String {
        guard let root = documentRoot, !graph.file.hasPrefix("/") else { return graph.file }
        return root.hasSuffix("/") ? root + graph.file : root + "/" + graph.file
    }

    /// The findings, sorted by file, line, column and kind; and the statistics.
    public func run() -> (findings: [CheckFinding], statistics: Statistics) {
        var findings: [CheckFinding] = []
        var statistics = Statistics()
        let context = Context(index: index, graphs: graphs)
        var seenClasses: [String: ClassLookup.Answer] = [:]
        for graph in graphs {
            var document = DocumentCheck(graph: graph, context: context, checker: self)
            document.run()
            findings += document.findings
            statistics.outlets.total += document.statistics.outlets.total
            statistics.outlets.found += document.statistics.outlets.found
            statistics.outlets.missing += document.statistics.outlets.missing
            statistics.outlets.unknown += document.statistics.outlets.unknown
            statistics.actions.total += document.statistics.actions.total
            statistics.actions.found += document.statistics.actions.found
            statistics.actions.missing += document.statistics.actions.missing
            statistics.actions.unknown += document.statistics.actions.unknown
            for (name, answer) in document.classAnswers where seenClasses[name] == nil || answer == .found { seenClasses[name] = answer }
        }
        for answer in seenClasses.values { statistics.customClasses.count(answer) }
        findings += IdentifierCheck(context: context).run()
        findings += unreadable.map(Self.finding(unreadable:))
        return (Self.sorted(findings), statistics)
    }

    static func sorted(_ findings: [CheckFinding]) -> [CheckFinding] {
        findings.sorted {
            ($0.file, $0.line, $0.column, $0.kind.rawValue, $0.key ?? $0.selector ?? "")
                < ($1.file, $1.line, $1.column, $1.kind.rawValue, $1.key ?? $1.selector ?? "")
        }
    }

    /// Shared, precomputed facts about the sources and all documents.
    struct Context {
        let index: SourceIndex
        let graphs: [NibGraph]
        /// The storyboards among `graphs`, in their order, each keyed by its file (R-CHK-6).
        let storyboards: [StoryboardDocument]
        let table: [String: ClassInfo]
        /// Every action selector a class of the sources or a known framework class implements.
        let implementedActions: Set<String>

        init(index: SourceIndex, graphs: [NibGraph]) {
            self.index = index
            self.graphs = graphs
            storyboards = graphs.filter(\.isStoryboard).map { StoryboardDocument(key: $0.file, graph: $0) }
            table = index.table
            var actions = Set(table.values.flatMap(\.actions))
            actions.formUnion(ClassLookup.allFrameworkActions)
            implementedActions = actions
        }

        /// The lookup for an object of class `name` declared for `module`: the declaration the
        /// runtime loads for it, or none (every answer unknown) when that is undecidable.
        func lookup(_ name: String, module: String?) -> ClassLookup {
            guard index.candidates[name] != nil else { return ClassLookup(table: table) }
            return ClassLookup(table: table, replacing: name, with: index.resolve(name, module: module)?.info)
        }
    }
}
