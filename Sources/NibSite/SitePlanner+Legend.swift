import NibDiagrams

/// One legend per page: the diagrams of a page are drawn with `legend: .omit`, and the page
/// shows each kind's `DiagramLegend` once, behind a toggle, instead of a legend in every
/// diagram (often bigger than a small scene).
extension SitePlanner {
    /// The kinds that draw a legend of their own unless told `.omit` (timelines and view state
    /// diagrams label what they draw).
    static let legendKinds: Set<DiagramKind> = [.graph, .flow, .instantiation]

    /// Each legend's DOT, built once (every page with a diagram shows one).
    static let legendDOT: [DiagramKind: String] = Dictionary(
        uniqueKeysWithValues: legendKinds.map { ($0, DiagramLegend.dot(for: $0)) })

    /// The page's legend toggle for the diagram kinds it draws (in the order given, each once);
    /// empty when none of them has a legend.
    func legendToggle(_ kinds: [DiagramKind], page: String) -> PageContent {
        let shown = kinds.uniqued().filter { Self.legendKinds.contains($0) }
        guard !shown.isEmpty else { return PageContent() }
        var html = PageContent("<details class=\"legend\"><summary>Legend</summary><div class=\"figures\">")
        for kind in shown {
            html += figure(
                dot: Self.legendDOT[kind] ?? DiagramLegend.dot(for: kind), caption: "Legend of the \(kind.legendTitle)", kind: kind,
                name: "legend-\(kind.rawValue)", page: page)
        }
        html += "</div></details>"
        return html
    }
}

extension DiagramKind {
    /// How a legend caption names the diagram kind.
    var legendTitle: String {
        switch self {
        case .graph: "object graph"
        case .flow: "storyboard flow"
        case .instantiation: "instantiation diagram"
        case .timeline: "timeline"
        case .lifecycle: "view state diagram"
        }
    }
}
