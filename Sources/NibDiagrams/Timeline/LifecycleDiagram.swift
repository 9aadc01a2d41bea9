import NibDOT
import NibModel

/// The `lifecycle` diagram: the view state machine of each view controller (notLoaded → loaded
/// → appearing → visible → disappearing → hidden → unloaded), with the path a scenario took as
/// numbered transitions; unload (R-MEM-2) and reload (R-REL-1) drawn in their own styles.
public enum LifecycleDiagram {
    /// The machine's possible transitions, drawn faintly under the path.
    static let machine: [(ViewState, ViewState)] = [
        (.notLoaded, .loaded), (.loaded, .appearing), (.appearing, .visible), (.visible, .disappearing),
        (.disappearing, .hidden), (.hidden, .appearing), (.appearing, .disappearing), (.disappearing, .visible),
        (.hidden, .unloaded), (.loaded, .unloaded), (.unloaded, .loaded),
    ]

    /// The diagram of every controller with transitions in `timeline`; with `graph`,
    /// controllers are named as in every other diagram (`ObjectNaming`). `rows` maps an event's
    /// index in `timeline.events` to its row in a table shown beside the diagram: a transition
    /// whose cause has a row names it (`#5`), so the two can be read together.
    public static func dot(
        _ timeline: Timeline, title: String, graph: NibGraph? = nil, rows: [Int: Int] = [:], options: DiagramOptions = DiagramOptions()
    ) -> String {
        DOTEncoder.encode(build(timeline, title: title, graph: graph, rows: rows, options: options))
    }

    /// Every controller (`lifecycle`) and, for a document `DocumentPartition` splits, one part
    /// per scene or top-level object whose controllers changed view state.
    public static func parts(
        _ timeline: Timeline, title: String, graph: NibGraph?, launch: StoryboardLaunch? = nil, options: DiagramOptions = DiagramOptions()
    ) -> [NamedDiagram] {
        var parts = [NamedDiagram(name: "lifecycle", title: title, dot: dot(timeline, title: title, graph: graph, options: options))]
        guard let graph, let split = DocumentPartition.parts(graph, options: options) else { return parts }
        for part in split {
            let run = PartTimeline(part, in: timeline, launch: launch, platform: graph.platform)
            guard !run.timeline.transitions.isEmpty else { continue }
            parts.append(
                NamedDiagram(
                    name: part.name, title: part.title,
                    dot: dot(run.timeline, title: run.title(title, part: part), graph: graph, options: options)))
        }
        return parts
    }

    static func build(_ timeline: Timeline, title: String, graph: NibGraph?, rows: [Int: Int] = [:], options: DiagramOptions) -> DOTGraph {
        let style = options.style
        var dot = DOTGraph(
            name: title + " lifecycle", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = TypeScale.titleLabel(title + " — view lifecycle")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-lifecycle")
        var controllers: [EventObject] = []
        var seen = Set<Int>()
        for transition in timeline.transitions where seen.insert(transition.controller.instance).inserted {
            controllers.append(transition.controller)
        }
        if controllers.isEmpty {
            var attrs = style.attributes(.note)
            attrs["label"] = "no view controller changed view state in this run"
            dot.append(.node(DOTNode("empty", attrs)))
            return dot
        }
        for (number, controller) in controllers.enumerated() {
            let path = timeline.transitions.filter { $0.controller.instance == controller.instance }
            dot.append(
                .subgraph(
                    machineCluster(
                        controller, number: number, path: path, timeline: timeline, objects: graph?.objectsByID ?? [:], rows: rows,
                        options: options)))
        }
        return dot
    }

    private static func machineCluster(
        _ controller: EventObject, number: Int, path: [ViewStateTransition], timeline: Timeline, objects: [ObjectID: NibObject],
        rows: [Int: Int], options: DiagramOptions
    ) -> DOTSubgraph {
        let style = options.style
        var box = DOTSubgraph("cluster_vc_\(number)", style.attributes(.sceneBox))
        box.attributes["label"] = .text(DOTEscaping.truncated(TimelineDiagram.laneTitle(controller, objects), limit: 60))
        if let id = controller.id, let link = options.link(.object(id)) { box.attributes["href"] = link }
        let visited = Set(path.flatMap { [$0.from, $0.to] })
        let prefix = "vc\(controller.instance):"
        for state in ViewState.allCases {
            var attrs = style.attributes(visited.contains(state) ? .visited : .state, classes: ["state-" + state.rawValue])
            attrs["label"] = .text(state.rawValue)
            attrs["shape"] = state == .notLoaded ? "circle" : "box"
            if state == .notLoaded { attrs["width"] = "0.9" }
            attrs["tooltip"] = .tooltip("\(controller.label): view \(state.rawValue)")
            box.append(.node(DOTNode(prefix + state.rawValue, attrs)))
        }
        for (from, to) in machine {
            var attrs = style.attributes(.sequence, classes: ["possible"])
            attrs["style"] = "dashed"
            attrs["arrowhead"] = "normal"
            attrs["arrowsize"] = "0.5"
            attrs["penwidth"] = "0.6"
            box.append(.edge(DOTEdge(prefix + from.rawValue, prefix + to.rawValue, attrs)))
        }
        for (step, transition) in path.enumerated() {
            let kind = transition.to == .unloaded ? "unload" : (transition.from == .unloaded ? "reload" : "step")
            var attrs = style.attributes(.transition, classes: [kind])
            if kind == "unload" { attrs["color"] = .text(Palette.colors(.exception, dark: style.theme.drawsDark).stroke) }
            if kind == "reload" { attrs["color"] = .text(Palette.colors(.initial, dark: style.theme.drawsDark).stroke) }
            attrs["penwidth"] = "1.8"
            attrs["constraint"] = "false"
            let (cause, causeIndex) = cause(of: transition, in: timeline)
            let row = causeIndex.flatMap { rows[$0] }.map { " (#\($0))" } ?? ""
            attrs["label"] = .text("\(step + 1) " + (kind == "step" ? "" : kind + " ") + DOTEscaping.truncated(cause, limit: 28) + row)
            attrs["tooltip"] = .tooltip(
                "\(step + 1). \(transition.from.rawValue) → \(transition.to.rawValue) after \(cause)\nrule \(transition.rule)")
            if let link = options.link(.rule(transition.rule)) { attrs["href"] = link }
            box.append(.edge(DOTEdge(prefix + transition.from.rawValue, prefix + transition.to.rawValue, attrs)))
        }
        return box
    }

    /// The message that names a transition, with its event's index when it is one: the
    /// simulator's trigger, else the last message the controller received before the change,
    /// else the rule.
    private static func cause(of transition: ViewStateTransition, in timeline: Timeline) -> (String, Int?) {
        let events = timeline.events
        let end = min(max(transition.eventIndex, 0), events.count)
        // A message to the controller at `index`: `selector` when given, else any.
        func sent(_ index: Int, _ selector: String?) -> Bool {
            guard events.indices.contains(index), events[index].receiver?.instance == transition.controller.instance,
                let sent = events[index].selector
            else { return false }
            return selector.map { sent == $0 } ?? true
        }
        if let trigger = transition.trigger {
            // The message just sent (an appearance callback) or sent right after the change
            // (`viewDidLoad`, once the view is loaded): its row, when the run has it.
            return (trigger, [end - 1, end].first { sent($0, trigger) })
        }
        for index in stride(from: end - 1, through: 0, by: -1) where sent(index, nil) {
            return (events[index].selector ?? transition.rule, index)
        }
        return (transition.rule, nil)
    }
}
