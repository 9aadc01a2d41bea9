import Foundation
import NibDiagrams
import NibModel

/// A scenario run as the site shows it.
public struct ScenarioRun: Hashable, Sendable {
    /// A readable title (the scenario's own, else its file name).
    public var title: String
    /// The platform the scenario declares.
    public var platform: String
    /// The simulated timeline; nil when the simulator is not available or the scenario failed.
    public var timeline: SiteTimeline?
    /// Why there is no timeline, or notes the simulator printed.
    public var notes: [String]

    /// Creates a run.
    public init(title: String, platform: String, timeline: SiteTimeline?, notes: [String] = []) {
        self.title = title
        self.platform = platform
        self.timeline = timeline
        self.notes = notes
    }
}

/// The boundary between the site and the other modules: "document → graph", "scenario →
/// timeline", "model → DOT". `standard` plugs in the real parser, simulator and diagrams;
/// tests substitute their own. Every closure is optional except parsing, so the concept site
/// builds while a module is still incomplete.
public struct SiteServices: Sendable {
    /// Reads one `.xib` / `.storyboard` / `designable.nib`; the display name is the path shown to users.
    public var parseDocument: @Sendable (_ url: URL, _ displayName: String) throws -> NibGraph
    /// Runs a scenario file.
    public var runScenario: @Sendable (_ url: URL, _ displayName: String) -> ScenarioRun
    /// Simulates loading a document on its own platform; nil when no simulator is available.
    public var simulateDocument: @Sendable (_ graph: NibGraph) -> SiteTimeline?
    /// DOT for a document diagram (`graph`, `flow`, `instantiation`); `linkBase` prefixes node hrefs.
    public var documentDOT: @Sendable (_ kind: DiagramKind, _ graph: NibGraph, _ timeline: SiteTimeline?) -> [NamedDiagram]
    /// DOT for a timeline diagram (`timeline`, `lifecycle`).
    public var timelineDOT: @Sendable (_ kind: DiagramKind, _ timeline: SiteTimeline, _ title: String) -> String
    /// The version string folded into cache keys (changes when rendering code changes).
    public var toolVersion: String
    /// Dark-palette CSS rules for diagrams drawn in their light palette (NibDiagrams'
    /// `SVGTheming.rules(dark: true)`); the site scopes them to its dark theme. Empty: none.
    public var diagramDarkCSS: @Sendable () -> String = { "" }

    /// Creates services.
    public init(
        parseDocument: @escaping @Sendable (URL, String) throws -> NibGraph,
        runScenario: @escaping @Sendable (URL, String) -> ScenarioRun,
        simulateDocument: @escaping @Sendable (NibGraph) -> SiteTimeline?,
        documentDOT: @escaping @Sendable (DiagramKind, NibGraph, SiteTimeline?) -> [NamedDiagram],
        timelineDOT: @escaping @Sendable (DiagramKind, SiteTimeline, String) -> String,
        toolVersion: String
    ) {
        self.parseDocument = parseDocument
        self.runScenario = runScenario
        self.simulateDocument = simulateDocument
        self.documentDOT = documentDOT
        self.timelineDOT = timelineDOT
        self.toolVersion = toolVersion
    }

    /// Built-in fallbacks only: no parser, no simulator; diagrams from `FallbackDiagrams`.
    public static func fallback(toolVersion: String) -> SiteServices {
        SiteServices(
            parseDocument: { url, name in
                throw LocatedError(at: FileLocation(file: name), "no document parser is available in this build")
            },
            runScenario: { url, name in
                ScenarioRun(
                    title: url.deletingPathExtension().lastPathComponent, platform: "?", timeline: nil,
                    notes: ["the simulator is not available in this build"])
            },
            simulateDocument: { _ in nil },
            documentDOT: { kind, graph, timeline in FallbackDiagrams.document(kind, graph: graph, timeline: timeline) },
            timelineDOT: { kind, timeline, title in FallbackDiagrams.timeline(kind, timeline, title: title) },
            toolVersion: toolVersion
        )
    }
}
