import NibDOT

/// The five diagrams nibviz draws.
public enum DiagramKind: String, CaseIterable, Sendable {
    /// Objects, containment and connections of one document (or one scene).
    case graph
    /// Which initializer each object receives, per phase, from a simulation.
    case instantiation
    /// Simulated events in order, one lane per object, phase bands.
    case timeline
    /// A view controller's view state machine with the path a scenario took.
    case lifecycle
    /// Storyboard scenes and segues.
    case flow
}

/// Where a diagram's nodes link to. The caller owns its pages and anchors, so it decides: a
/// target it returns nil for is drawn without a link.
public struct DiagramLinks: Sendable {
    /// Something a node can link to.
    public enum Target: Hashable, Sendable {
        /// A document object by XML id.
        case object(String)
        /// A storyboard scene by id.
        case scene(String)
        /// A SPEC rule by id (`R-OUT-1`).
        case rule(String)
    }

    /// The href for a target, or nil for no link.
    public let href: @Sendable (Target) -> String?

    /// Links chosen by `href`.
    public init(_ href: @escaping @Sendable (Target) -> String?) { self.href = href }

    /// `base` + `obj-`/`scene-`/`rule-` + the percent-encoded id, for every target (`nibviz
    /// render --link-base`).
    public static func prefixed(_ base: String) -> DiagramLinks {
        DiagramLinks { target in
            switch target {
            case .object(let id): base + "obj-" + DOTEscaping.percentEncoded(id)
            case .scene(let id): base + "scene-" + DOTEscaping.percentEncoded(id)
            case .rule(let id): base + "rule-" + DOTEscaping.percentEncoded(id)
            }
        }
    }
}

/// What every diagram builder takes besides its input.
public struct DiagramOptions: Sendable {
    /// Colours the DOT is drawn in (`auto`: light, switched by `SVGTheming`).
    public var theme: DiagramTheme
    /// Where nodes link to; nil draws no links.
    public var links: DiagramLinks?
    /// Prefix of links: objects link to `<base>obj-<id>`, scenes to `<base>scene-<id>`, rules
    /// to `<base>rule-<id>` (`DiagramLinks.prefixed`). Setting it replaces `links`.
    public var linkBase: String? {
        get { linkPrefix }
        set {
            linkPrefix = newValue
            links = newValue.map(DiagramLinks.prefixed)
        }
    }
    private var linkPrefix: String?
    /// Longest label line before it is cut with an ellipsis (full text stays in tooltips).
    public var labelLimit: Int
    /// Storyboards with more scenes than this get an overview plus one diagram per scene
    /// instead of one drawing.
    public var sceneSplitThreshold: Int
    /// Documents with more objects than this get an overview of their top-level objects plus
    /// one diagram per top-level object, storyboards one per scene (a 1.6 MB xib is unreadable
    /// as one drawing; 80 keeps most parts within a 960 px column, measured on the corpus).
    public var objectSplitThreshold: Int
    /// Whether each diagram draws its own legend, or leaves it to one `DiagramLegend` per page.
    public var legend: LegendPlacement

    /// Creates options.
    public init(
        theme: DiagramTheme = .light, linkBase: String? = nil, links: DiagramLinks? = nil, labelLimit: Int = 40,
        sceneSplitThreshold: Int = 6, objectSplitThreshold: Int = 80, legend: LegendPlacement = .include
    ) {
        self.theme = theme
        self.linkPrefix = linkBase
        self.links = links ?? linkBase.map(DiagramLinks.prefixed)
        self.labelLimit = labelLimit
        self.sceneSplitThreshold = sceneSplitThreshold
        self.objectSplitThreshold = objectSplitThreshold
        self.legend = legend
    }

    /// The style for the theme.
    var style: DiagramStyle { DiagramStyle(theme: theme) }

    /// The link to `target`, when the caller gives one.
    func link(_ target: DiagramLinks.Target) -> DOTValue? {
        links?.href(target).map { .url($0) }
    }
}

/// Where a diagram's legend goes.
public enum LegendPlacement: String, Hashable, Sendable, CaseIterable {
    /// Inside the diagram (the default, for a diagram that stands alone).
    case include
    /// Left out: the caller draws `DiagramLegend.dot(for:)` once for the page.
    case omit
}

/// One DOT diagram of a set, with a file-safe name and a human title.
public struct NamedDiagram: Hashable, Sendable {
    /// File-safe name (`overview`, `scene-BYZ-38-t0r`, `graph`).
    public var name: String
    /// What the diagram shows, for headings and messages.
    public var title: String
    /// The DOT text.
    public var dot: String

    /// Creates a named diagram.
    public init(name: String, title: String, dot: String) {
        self.name = name
        self.title = title
        self.dot = dot
    }
}
