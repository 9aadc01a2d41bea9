import Foundation
import NibCheck
import NibModel
import NibParsing
import NibScenario
import NibSimulation

/// Everything a site shows, computed once by the real parser and simulator before any page is
/// planned: the rule catalog, the concept pages, every scenario with its timeline, every user
/// document with its graph (or parse error) and its load timeline. Pages only read this value.
public struct SiteContent: Sendable {
    /// A Markdown page of `site/pages/`.
    public struct ConceptSource: Sendable {
        /// Path under `pages/` (`view-cycle.md`).
        public var path: String
        /// The Markdown text.
        public var markdown: String

        /// Creates a page source.
        public init(path: String, markdown: String) {
            self.path = path
            self.markdown = markdown
        }
    }

    /// A scenario file and its simulated run.
    public struct ScenarioRecord: Sendable {
        /// `spec/G-REL-1`, `seeds/…`, `user/…`.
        public var name: String
        /// The YAML source, shown on its page.
        public var source: String
        /// The scenario's title, else its file name.
        public var title: String
        /// The platform it declares (`?` when it could not be read).
        public var platform: String
        /// The simulator's timeline; nil when the scenario could not be read.
        public var timeline: Timeline?
        /// Simulator notes, or why there is no timeline.
        public var notes: [String]
        /// Set when the scenario could not be read: `file:line:col: message`.
        public var error: String?

        /// Creates a record.
        public init(
            name: String, source: String, title: String, platform: String, timeline: Timeline?, notes: [String], error: String? = nil
        ) {
            self.name = name
            self.source = source
            self.title = title
            self.platform = platform
            self.timeline = timeline
            self.notes = notes
            self.error = error
        }

        /// The last path component of `name`.
        public var shortName: String { String(name.split(separator: "/").last ?? Substring(name)) }
    }

    /// A user document and what became of it.
    public struct DocumentRecord: Sendable {
        /// Path relative to its input's parent (`project/Views/Card.xib`).
        public var relative: String
        /// The parsed graph or the located parse error.
        public var graph: Result<NibGraph, LocatedError>
        /// The simulator's load of the document (R-NIB-1), at L2.
        public var timeline: Timeline?
        /// A storyboard launched as the main storyboard (R-LAUNCH-1, R-SB-1): one part per scene
        /// with a controller, the run that shows it. Nil for xibs and unreadable documents.
        public var launch: StoryboardLaunch? = nil
        /// `check`'s findings located in this document (empty without sources).
        public var findings: [CheckFinding] = []
        /// Its bytes on disk (a bundle's: all its files'), when it was read from disk.
        public var size = 0
        /// What its simulations read of the app's classes (`SiteContent.classesDigest`).
        public var classesDigest = ""
        /// The simulations (`timeline`, `launch`) of the full graph, not run yet: a build runs
        /// them only for the documents whose pages it plans (`inFull`).
        public var pendingSimulation: (@Sendable (NibGraph) -> (timeline: Timeline?, launch: StoryboardLaunch?))?
        /// Parses the document again, as it was parsed first (set by a build that may keep only
        /// `graph`'s summary, `summarized`).
        public var reread: (@Sendable () -> Result<NibGraph, LocatedError>)?
        /// Whether `graph` is `NibGraph.siteSummary` and the full graph is parsed again (`reread`)
        /// when the document's pages are planned.
        public private(set) var isSummary = false
        /// Whether `graph` is a summary a previous build kept (`fromSummary`), not one this
        /// build made.
        public private(set) var isKeptSummary = false
        /// The graph's `siteSummary` as read, for the next build to take instead of parsing the
        /// document again when its bytes are unchanged (set when a build asks for it).
        public var summary: NibGraph?

        /// Creates a record.
        public init(
            relative: String, graph: Result<NibGraph, LocatedError>, timeline: Timeline?, launch: StoryboardLaunch? = nil,
            findings: [CheckFinding] = []
        ) {
            self.relative = relative
            self.graph = graph
            self.timeline = timeline
            self.launch = launch
            self.findings = findings
        }

        /// The record with its graph in full (parsed again when it was summarized) and its
        /// simulations run, when they were left pending. Throws when the document parsed again
        /// is not the one summarized (it changed or went away since it was read): every other
        /// page shows the summary, and its own pages would not match them.
        public func inFull() throws(SiteBuildError) -> DocumentRecord {
            var document = self
            if document.isSummary, let reread = document.reread, case .success(let summary) = graph {
                let again = reread()
                guard case .success(let graph) = again, graph.siteSummary == summary else {
                    let reason = if case .failure(let error) = again { " (reading it again: \(error.description))" } else { "" }
                    var error = SiteBuildError(
                        step: "plan, render and write pages",
                        message: "\(relative) changed while the site was being built\(reason); build again once it stays put "
                            + "(with --no-cache if this repeats)")
                    error.keptSummaryStale = document.isKeptSummary
                    throw error
                }
                document.graph = again
                document.isSummary = false
            }
            if let simulate = document.pendingSimulation, case .success(let graph) = document.graph {
                (document.timeline, document.launch) = simulate(graph)
            }
            document.pendingSimulation = nil
            return document
        }

        /// The record with its graph's `siteSummary` in place of the graph, which `inFull` parses
        /// again; itself when it cannot be read again or was not read. The parsed graphs were most
        /// of a site build's memory while every document waited for its pages to be planned.
        public var summarized: DocumentRecord {
            guard reread != nil, !isSummary, case .success(let graph) = graph else { return self }
            var document = self
            document.graph = .success(summary ?? graph.siteSummary)
            document.isSummary = true
            return document
        }

        /// A record of a document not parsed: `summary`, kept by an earlier build of the same
        /// bytes, stands for its graph until its pages are planned (`inFull` parses it then with
        /// `reread`, and runs `simulation` on the full graph).
        public static func fromSummary(
            relative: String, summary: NibGraph, reread: @escaping @Sendable () -> Result<NibGraph, LocatedError>,
            simulation: @escaping @Sendable (NibGraph) -> (timeline: Timeline?, launch: StoryboardLaunch?)
        ) -> DocumentRecord {
            var record = DocumentRecord(relative: relative, graph: .success(summary), timeline: nil)
            record.reread = reread
            record.pendingSimulation = simulation
            record.isSummary = true
            record.isKeptSummary = true
            record.summary = summary
            return record
        }

        /// The record as other documents' pages read it once its own pages are planned: its
        /// path, whether it could be read, and its graph's header (format, platform, whether it
        /// is a storyboard) without objects, connections, scenes or diagnostics; no simulations,
        /// no findings. What a parsed graph holds is most of a build's memory.
        public var outline: DocumentRecord {
            let header = graph.map { graph in
                NibGraph(
                    file: graph.file, format: graph.format, documentType: graph.documentType, platform: graph.platform,
                    targetRuntime: graph.targetRuntime, toolsVersion: graph.toolsVersion, isStoryboard: graph.isStoryboard,
                    initialViewController: graph.initialViewController)
            }
            var record = DocumentRecord(relative: relative, graph: header, timeline: nil)
            record.classesDigest = classesDigest
            return record
        }
    }

    /// SPEC's rules, in SPEC order.
    public var rules: [RuleEntry] = []
    /// The concept pages, sorted by path.
    public var conceptPages: [ConceptSource] = []
    /// Site scenarios then user scenarios, each sorted by name.
    public var scenarios: [ScenarioRecord] = []
    /// User documents sorted by relative path (the same inputs in any order give the same list).
    public var documents: [DocumentRecord] = []
    /// The app's sources, when the build was given some.
    public var sources: SourcesRecord?

    /// Whether the documents were simulated with a class table from the app's sources.
    public var hasClassTable: Bool { sources != nil }

    /// Creates empty content; the `read…` functions fill it.
    public init() {}

    /// Every input that could not be read, `file:line:col: message`, in page order.
    public var unreadable: [String] {
        scenarios.compactMap(\.error) + documents.compactMap { if case .failure(let error) = $0.graph { error.description } else { nil } }
    }

    /// The trace level a document page shows its load at.
    public static let documentLevel = TraceLevel.l2
}
