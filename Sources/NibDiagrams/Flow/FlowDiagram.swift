import NibDOT
import NibModel

/// The `flow` diagram: one node per storyboard scene (titled, never a bare id), segues between
/// scenes with kind and identifier, the initial controller's entry arrow, storyboard references.
public enum FlowDiagram {
    /// The flow of `graph` (a xib gives a single node per top-level controller, if any).
    public static func dot(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(graph, options: options))
    }

    /// The flow and, for a storyboard `DocumentPartition` splits, one part per scene: that scene
    /// with the scenes it segues to and from (`scene-<id>`), so `--scene` works for flows too.
    public static func parts(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> [NamedDiagram] {
        var parts = [NamedDiagram(name: "flow", title: ObjectGraphDiagram.fileTitle(graph), dot: dot(graph, options: options))]
        guard graph.isStoryboard, let split = DocumentPartition.parts(graph, options: options) else { return parts }
        for part in split {
            parts.append(
                NamedDiagram(name: part.name, title: part.title, dot: DOTEncoder.encode(build(graph, focus: part.id, options: options))))
        }
        return parts
    }

    /// The scene `focus` and every scene a segue joins it to.
    static func neighbourhood(of focus: String, in graph: NibGraph, sceneOf: [ObjectID: String]) -> Set<String> {
        var scenes: Set<String> = [focus]
        for connection in graph.connections {
            guard case .segue(let destination, _) = connection.kind, let from = sceneOf[connection.source],
                let to = sceneOf[destination] ?? sceneForController(destination, graph)
            else { continue }
            if from == focus { scenes.insert(to) }
            if to == focus { scenes.insert(from) }
        }
        return scenes
    }

    static func build(_ graph: NibGraph, focus: String? = nil, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let objects = graph.objectsByID
        let title = ObjectGraphDiagram.fileTitle(graph)
        var dot = DOTGraph(
            name: title + " flow", attributes: style.graphAttributes(rankdir: FlowShape(graph).rankdir),
            nodeDefaults: style.nodeDefaults, edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = TypeScale.titleLabel(title + " — \(graph.scenes.count) scene\(graph.scenes.count == 1 ? "" : "s")")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-flow")
        dot.attributes["ranksep"] = "0.7"
        // Which scene each object belongs to, so a segue from a button finds its scene.
        var sceneOf: [ObjectID: String] = [:]
        for object in graph.objects where sceneOf[object.id] == nil {
            if let scene = object.scene { sceneOf[object.id] = scene }
        }
        var sceneIDs = Set<String>()
        let shown = focus.map { neighbourhood(of: $0, in: graph, sceneOf: sceneOf) }
        if let focus, let scene = graph.scenes.first(where: { $0.id == focus }) {
            dot.name += " — " + ObjectNaming.sceneTitle(scene, in: graph, objects: objects)
            dot.attributes["label"] = TypeScale.titleLabel(
                title + " — " + ObjectNaming.sceneTitle(scene, in: graph, objects: objects) + " and the scenes it segues to and from")
        }
        var edgeRoles: Set<StyleRole> = []
        var nodeRoles: Set<StyleRole> = []
        let initialScene = graph.initialViewController.flatMap { sceneOf[$0] }
        for scene in graph.scenes where shown?.contains(scene.id) ?? true && sceneIDs.insert(scene.id).inserted {
            let controller = scene.controller.flatMap { objects[$0] }
            let isReference = controller?.placeholder == PlaceholderIdentifier.storyboardReference
            let role: StyleRole = isReference ? .reference : (scene.id == initialScene ? .initial : .scene)
            nodeRoles.insert(role)
            var attrs = style.attributes(role, classes: (controller.map { [$0.element] } ?? []) + (scene.id == focus ? ["focus"] : []))
            if scene.id == focus { attrs["penwidth"] = "2.4" }
            attrs["label"] = .html(sceneLabel(scene, controller: controller, graph: graph, objects: objects, limit: options.labelLimit))
            attrs["tooltip"] = .tooltip(sceneTooltip(scene, controller: controller))
            if let link = options.link(.scene(scene.id)) { attrs["href"] = link }
            dot.append(.node(DOTNode("scene:" + scene.id, attrs)))
        }
        if graph.scenes.isEmpty {
            var attrs = style.attributes(.note)
            attrs["label"] = .text(graph.isStoryboard ? "this storyboard has no scenes" : "no scenes: only storyboards have a flow")
            dot.append(.node(DOTNode("empty", attrs)))
        }
        if let initialScene, sceneIDs.contains(initialScene) {
            dot.append(
                .node(
                    DOTNode(
                        "entry",
                        [
                            "shape": "point", "width": "0.12", "class": "entry",
                            "color": .text(Palette.colors(.initial, dark: style.theme.drawsDark).stroke),
                            "tooltip": .tooltip("initial view controller"),
                        ])))
            var attrs = style.attributes(.segue, classes: ["entry"])
            attrs["color"] = .text(Palette.colors(.initial, dark: style.theme.drawsDark).stroke)
            attrs["tooltip"] = .tooltip("initial view controller")
            dot.append(.edge(DOTEdge("entry", "scene:" + initialScene, attrs)))
        }
        let positions = graph.relationshipPositions
        for connection in graph.connections {
            guard case .segue(let destination, let segue) = connection.kind,
                let from = sceneOf[connection.source], let to = sceneOf[destination] ?? sceneForController(destination, graph),
                sceneIDs.contains(from), sceneIDs.contains(to)
            else { continue }
            if segue.kind == "unwind" && from == to { continue }
            let source = objects[connection.source].map(ObjectNaming.short) ?? connection.source.rawValue
            let target = objects[destination].map(ObjectNaming.short) ?? destination.rawValue
            let drawing = ConnectionDrawing(connection, source: source, destination: target, position: positions[connection])
            edgeRoles.insert(drawing.role)
            var attrs = style.attributes(drawing.role)
            attrs["label"] = .text(DOTEscaping.truncated(drawing.label, limit: options.labelLimit))
            attrs["tooltip"] = .tooltip(drawing.tooltip)
            dot.append(.edge(DOTEdge("scene:" + from, "scene:" + to, attrs)))
        }
        if options.legend == .include, !edgeRoles.isEmpty || nodeRoles.contains(.reference) {
            dot.append(
                .subgraph(
                    Legend.subgraph(
                        edgeRoles: edgeRoles, nodeRoles: nodeRoles, style: style, leftToRight: dot.attributes["rankdir"] != "TB")))
        }
        return dot
    }

    private static func sceneForController(_ id: ObjectID, _ graph: NibGraph) -> String? {
        graph.scenes.first { $0.controller == id }?.id
    }

    private static func sceneLabel(_ scene: Scene, controller: NibObject?, graph: NibGraph, objects: [ObjectID: NibObject], limit: Int)
        -> String
    {
        let title = ObjectNaming.sceneTitle(scene, in: graph, objects: objects)
        // Long titles wrap onto a second line instead of widening the node.
        var html = "<B>" + TypeScale.wrappedHTML(title, width: min(limit, 24)) + "</B>"
        var details: [String] = []
        if let controller {
            if controller.isPlaceholder {
                if let identifier = controller.attributes["referencedIdentifier"], !title.contains(identifier) {
                    details.append(identifier)
                }
            } else if controller.runtimeClass != title, !title.hasSuffix(controller.runtimeClass) {
                details.append(controller.runtimeClass)
            }
            if let identifier = controller.storyboardIdentifier { details.append("id “" + identifier + "”") }
        }
        if !details.isEmpty {
            html += "<BR/>" + TypeScale.detailHTML(TypeScale.wrappedHTML(details.joined(separator: " · "), width: min(limit, 30)))
        }
        return html
    }

    private static func sceneTooltip(_ scene: Scene, controller: NibObject?) -> String {
        var lines = ["scene \(scene.id)"]
        if let controller { lines.append(ObjectNaming.tooltip(controller)) }
        return lines.joined(separator: "\n")
    }
}

/// The shape of a storyboard's segue graph, which picks the direction that keeps the flow
/// narrow: left to right while its longest chain of scenes fits the legible width, else top
/// to bottom when that is narrower (a long navigation chain becomes a column, not a strip).
/// No `size`/`ratio` attribute: those scale the drawing, text included, below the type scale.
struct FlowShape {
    /// Scenes per layer of a breadth-first walk from the scenes nothing segues to.
    var layers: [Int]

    /// Roughly the width of a scene node plus the space between ranks, in points (a labelled
    /// segue takes a rank of its own between them, so about two node widths).
    static let rankWidth = 320.0
    /// Roughly the height of a scene node plus the space between nodes of a rank, in points.
    static let nodeSpan = 60.0
    /// Roughly the width of a scene node plus the space between nodes of a rank, top to bottom.
    static let nodeWidth = 170.0

    init(_ graph: NibGraph) {
        var sceneOf: [ObjectID: String] = [:]
        for object in graph.objects where sceneOf[object.id] == nil { sceneOf[object.id] = object.scene }
        for scene in graph.scenes { if let controller = scene.controller { sceneOf[controller] = sceneOf[controller] ?? scene.id } }
        var next: [String: [String]] = [:]
        var incoming: [String: Int] = [:]
        for connection in graph.connections {
            guard case .segue(let destination, let segue) = connection.kind, segue.kind != "unwind",
                let from = sceneOf[connection.source], let to = sceneOf[destination], from != to
            else { continue }
            next[from, default: []].append(to)
            incoming[to, default: 0] += 1
        }
        let ids = graph.scenes.map(\.id)
        var level: [String: Int] = [:]
        var queue = ids.filter { incoming[$0] == nil }
        if queue.isEmpty, let first = ids.first { queue = [first] }
        for id in queue { level[id] = 0 }
        var index = 0
        while index < queue.count {
            let id = queue[index]
            index += 1
            for target in next[id] ?? [] where level[target] == nil {
                level[target] = (level[id] ?? 0) + 1
                queue.append(target)
            }
        }
        var counts: [Int] = []
        for id in ids {
            let value = level[id] ?? 0
            while counts.count <= value { counts.append(0) }
            counts[value] += 1
        }
        layers = counts
    }

    /// `LR` or `TB`.
    var rankdir: String {
        let depth = Double(layers.count)
        let breadth = Double(layers.max() ?? 1)
        let wideLR = depth * Self.rankWidth
        let wideTB = breadth * Self.nodeWidth
        if wideLR <= TypeScale.legibleWidth || wideLR <= wideTB { return "LR" }
        return "TB"
    }
}
