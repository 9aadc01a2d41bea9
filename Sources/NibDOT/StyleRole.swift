/// What a drawn element means. Each role is an SVG `class` (Graphviz `class` attribute) and
/// has one colour set per theme, so one stylesheet can theme every diagram.
public enum StyleRole: String, CaseIterable, Sendable {
    // Nodes of the object graph.
    case object, controller, window, placeholder, external
    // Flow diagram nodes.
    case scene, initial, reference
    // Timeline, instantiation and lifecycle nodes.
    case event, lifecycleEvent = "lifecycle-event", exception, crash, state, visited, note
    // Edges.
    case outlet, outletCollection = "outlet-collection", action, nilTarget = "nil-target", binding, segue
    case relationship, transition, sequence
    // Clusters.
    case container, sceneBox = "scene-box", phase, lane, legend
    // Review diffs: nodes and edges by change status.
    case diffAdded = "diff-added", diffRemoved = "diff-removed", diffChanged = "diff-changed"
    case diffCosmetic = "diff-cosmetic", diffUnchanged = "diff-unchanged"
    case diffAddedEdge = "diff-added-edge", diffRemovedEdge = "diff-removed-edge", diffChangedEdge = "diff-changed-edge"
    case diffUnchangedEdge = "diff-unchanged-edge", diffHierarchy = "diff-hierarchy"

    /// The kind of Graphviz element the role styles.
    public enum Element: Sendable { case node, edge, cluster }

    /// Which element the role applies to.
    public var element: Element {
        switch self {
        case .object, .controller, .window, .placeholder, .external, .scene, .initial, .reference, .event,
            .lifecycleEvent, .exception, .crash, .state, .visited, .note, .diffAdded, .diffRemoved, .diffChanged, .diffCosmetic,
            .diffUnchanged:
            .node
        case .outlet, .outletCollection, .action, .nilTarget, .binding, .segue, .relationship, .transition, .sequence,
            .diffAddedEdge, .diffRemovedEdge, .diffChangedEdge, .diffUnchangedEdge, .diffHierarchy:
            .edge
        case .container, .sceneBox, .phase, .lane, .legend:
            .cluster
        }
    }

    /// The SVG class name.
    public var cssClass: String { rawValue }
}

/// The colours of one role in one theme (hex `#rrggbb`).
public struct RoleColors: Hashable, Sendable {
    /// Fill of the shape (nodes, clusters, arrowheads use `stroke`).
    public var fill: String
    /// Outline or line colour.
    public var stroke: String
    /// Text colour.
    public var text: String
}

/// The two palettes; `auto` draws with the light one and switches by stylesheet.
public enum DiagramTheme: String, CaseIterable, Sendable {
    case light, dark, auto

    /// True when the DOT itself is drawn in dark colours.
    public var drawsDark: Bool { self == .dark }
}
