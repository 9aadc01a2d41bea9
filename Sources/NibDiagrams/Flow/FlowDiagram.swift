import NibModel

/// The `flow` diagram: one node per storyboard scene (titled, never a bare id), segues between
/// scenes with kind and identifier, the initial controller's entry arrow, storyboard references.
public enum FlowDiagram {
    /// The flow of `graph` (a xib gives a single node per top-level controller, if any).
    public static func dot(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(graph, options: options))
    }

    static func build(_ graph: NibGraph, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let objects = graph.objectsByID
        let title = ObjectGraphDiagram.fileTitle(graph)
        var dot = DOTGraph(
            name: title + " flow", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = .text(
            DOTEscaping.truncated(title, limit: 120) + " — \(graph.scenes.count) scene\(graph.scenes.count == 1 ? "" : "s")")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-flow")
        dot.attributes["ranksep"] = "0.7"
        // Which scene each object belongs to, so a segue from a button finds its scene.
        var sceneOf: [ObjectID: String] = [:]
        for object in graph.objects where sceneOf[object.id] == nil {
            if let scene = object.scene { sceneOf[object.id] = scene }
        }
        var sceneIDs = Set<String>()
        var edgeRoles: Set<StyleRole> = []
        var nodeRoles: Set<StyleRole> = []
        let initialScene = graph.initialViewController.flatMap { sceneOf[$0] }
        for scene in graph.scenes where sceneIDs.insert(scene.id).inserted {
            let controller = scene.controller.flatMap { objects[$0] }
            let isReference = controller?.placeholder == PlaceholderIdentifier.storyboardReference
            let role: StyleRole = isReference ? .reference : (scene.id == initialScene ? .initial : .scene)
            nodeRoles.insert(role)
            var attrs = style.attributes(role, classes: controller.map { [$0.element] } ?? [])
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
        for connection in graph.connections {
            guard case .segue(let destination, let segue) = connection.kind,
                let from = sceneOf[connection.source], let to = sceneOf[destination] ?? sceneForController(destination, graph),
                sceneIDs.contains(from), sceneIDs.contains(to)
            else { continue }
            if segue.kind == "unwind" && from == to { continue }
            let source = objects[connection.source].map(ObjectNaming.short) ?? connection.source.rawValue
            let target = objects[destination].map(ObjectNaming.short) ?? destination.rawValue
            let drawing = ConnectionDrawing(connection, source: source, destination: target)
            edgeRoles.insert(drawing.role)
            var attrs = style.attributes(drawing.role)
            attrs["label"] = .text(DOTEscaping.truncated(drawing.label, limit: options.labelLimit))
            attrs["tooltip"] = .tooltip(drawing.tooltip)
            dot.append(.edge(DOTEdge("scene:" + from, "scene:" + to, attrs)))
        }
        if !edgeRoles.isEmpty || nodeRoles.contains(.reference) {
            dot.append(.subgraph(Legend.subgraph(edgeRoles: edgeRoles, nodeRoles: nodeRoles, style: style, leftToRight: true)))
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
        var html = "<B>" + DOTEscaping.html(DOTEscaping.truncated(title, limit: limit)) + "</B>"
        var details: [String] = []
        if let controller {
            if controller.isPlaceholder {
                if let identifier = controller.attributes["referencedIdentifier"], !title.contains(identifier) {
                    details.append(identifier)
                }
            } else if controller.runtimeClass != title {
                details.append(controller.runtimeClass)
            }
            if let identifier = controller.storyboardIdentifier { details.append("id “" + identifier + "”") }
        }
        if !details.isEmpty {
            html +=
                "<BR/><FONT POINT-SIZE=\"9\">" + DOTEscaping.html(DOTEscaping.truncated(details.joined(separator: " · "), limit: limit))
                + "</FONT>"
        }
        return html
    }

    private static func sceneTooltip(_ scene: Scene, controller: NibObject?) -> String {
        var lines = ["scene \(scene.id)"]
        if let controller { lines.append(ObjectNaming.tooltip(controller)) }
        return lines.joined(separator: "\n")
    }
}
