import NibModel

/// Which diagrams are drawn for an input: one answer for `nibviz render`, `render-corpus` and
/// the site's document pages.
public enum DiagramSet {
    /// The diagrams of `kind` for a document (`graph`) and/or a simulated run (`timeline`): the
    /// whole drawing (or the overview) first, then one part per scene or object of a split
    /// document (`DocumentPartition`); empty when `kind` needs a document and there is none.
    /// `title` names the input in diagram titles; a storyboard's `launch` gives each scene's
    /// timeline parts the run that shows the scene.
    public static func diagrams(
        _ kind: DiagramKind, graph: NibGraph?, timeline: Timeline, platform: Platform, title: String, launch: StoryboardLaunch? = nil,
        options: DiagramOptions
    ) -> [NamedDiagram] {
        switch kind {
        case .graph:
            return graph.map { ObjectGraphDiagram.parts($0, options: options) } ?? []
        case .flow:
            return graph.map { FlowDiagram.parts($0, options: options) } ?? []
        case .instantiation:
            return InstantiationDiagram.parts(timeline, graph: graph, platform: platform, title: title, launch: launch, options: options)
        case .timeline:
            return TimelineDiagram.parts(timeline, title: title, graph: graph, launch: launch, options: options)
        case .lifecycle:
            return LifecycleDiagram.parts(timeline, title: title, graph: graph, launch: launch, options: options)
        }
    }

    /// A document's own diagrams in reading order: the storyboard flow, the object graph (its
    /// parts when split) and, given the document's simulated load, its instantiation.
    public static func document(_ graph: NibGraph, load: Timeline?, options: DiagramOptions) -> [(DiagramKind, NamedDiagram)] {
        var out = flow(graph, options: options)
        out += ObjectGraphDiagram.parts(graph, options: options).map { (.graph, $0) }
        out += instantiation(graph, load: load, options: options)
        return out
    }

    /// What a document's own page draws: `document`'s diagrams when the object graph is drawn
    /// whole; when it is split, only the diagram standing for the whole
    /// (`ObjectGraphDiagram.whole`), and `split` lists the parts for pages of their own (not
    /// built here).
    public static func documentPage(_ graph: NibGraph, load: Timeline?, options: DiagramOptions) -> (
        diagrams: [(DiagramKind, NamedDiagram)], split: [DocumentPart]?
    ) {
        let whole = ObjectGraphDiagram.whole(graph, options: options)
        let graphDiagrams = whole.diagram.map { [(DiagramKind.graph, $0)] } ?? []
        if let split = whole.split { return (graphDiagrams, split) }
        return (flow(graph, options: options) + graphDiagrams + instantiation(graph, load: load, options: options), nil)
    }

    private static func flow(_ graph: NibGraph, options: DiagramOptions) -> [(DiagramKind, NamedDiagram)] {
        guard graph.isStoryboard else { return [] }
        return [(.flow, NamedDiagram(name: "flow", title: "Storyboard flow", dot: FlowDiagram.dot(graph, options: options)))]
    }

    private static func instantiation(_ graph: NibGraph, load: Timeline?, options: DiagramOptions) -> [(DiagramKind, NamedDiagram)] {
        guard let load else { return [] }
        let title = graph.file.split(separator: "/").last.map(String.init) ?? graph.file
        let dot = InstantiationDiagram.dot(load, graph: graph, platform: graph.platform, title: title, options: options)
        return [(.instantiation, NamedDiagram(name: "instantiation", title: "Instantiation", dot: dot))]
    }
}
