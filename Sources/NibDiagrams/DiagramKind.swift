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

/// What every diagram builder takes besides its input.
public struct DiagramOptions: Hashable, Sendable {
    /// Colours the DOT is drawn in (`auto`: light, switched by `SVGTheming`).
    public var theme: DiagramTheme
    /// Prefix of links: objects link to `<base>obj-<id>`, scenes to `<base>scene-<id>`, rules
    /// to `<base>rule-<id>`. Nil draws no links.
    public var linkBase: String?
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
        theme: DiagramTheme = .light, linkBase: String? = nil, labelLimit: Int = 40, sceneSplitThreshold: Int = 6,
        objectSplitThreshold: Int = 80, legend: LegendPlacement = .include
    ) {
        self.theme = theme
        self.linkBase = linkBase
        self.labelLimit = labelLimit
        self.sceneSplitThreshold = sceneSplitThreshold
        self.objectSplitThreshold = objectSplitThreshold
        self.legend = legend
    }

    /// The style for the theme.
    var style: DiagramStyle { DiagramStyle(theme: theme) }

    /// The link to an anchor kind (`obj`, `scene`, `rule`) and id, when links are on.
    func link(_ kind: String, _ id: String) -> DOTValue? {
        linkBase.map { .url($0 + kind + "-" + DOTEscaping.percentEncoded(id)) }
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
