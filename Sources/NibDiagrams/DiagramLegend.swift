import NibDOT

/// A legend drawn on its own, so a page showing many diagrams drawn with
/// `DiagramOptions.legend = .omit` explains their styles once: every node and edge style the
/// diagram kind uses, whether or not one diagram happens to use it.
public enum DiagramLegend {
    /// The legend of `kind` as DOT (small and narrow: node samples stacked in one column, each
    /// edge style a straight sample in its own row).
    public static func dot(for kind: DiagramKind, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(kind, options: options))
    }

    /// The node and edge roles a kind draws, in legend order.
    static func roles(_ kind: DiagramKind) -> (nodes: Set<StyleRole>, edges: Set<StyleRole>) {
        switch kind {
        case .graph:
            return (
                [.controller, .window, .object, .placeholder, .external],
                [.outlet, .outletCollection, .action, .nilTarget, .binding, .segue, .relationship]
            )
        case .flow: return ([.scene, .initial, .reference], [.segue, .relationship])
        case .instantiation: return ([.placeholder], [])
        case .timeline: return ([.lifecycleEvent, .event, .note, .exception, .crash], [])
        case .lifecycle: return ([.visited, .state], [])
        }
    }

    static func build(_ kind: DiagramKind, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        var dot = DOTGraph(
            name: kind.rawValue + " legend", attributes: style.graphAttributes(rankdir: "TB"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["class"] = .text("diagram-legend legend-" + kind.rawValue)
        let (nodes, edges) = roles(kind)
        if kind == .instantiation {
            dot.append(
                .subgraph(
                    InstantiationDiagram.legend(used: Set(InstantiationDiagram.initializers.map(\.selector)), style: style, chained: true)))
        } else {
            dot.append(.subgraph(Legend.subgraph(edgeRoles: edges, nodeRoles: nodes, style: style, leftToRight: false)))
        }
        return dot
    }
}
