import NibDOT
import NibModel

/// The app map: every storyboard of a project as a box of its scenes, joined by segues and by
/// storyboard references (a segue into a reference is drawn to the scene it opens in the other
/// storyboard). The caller owns the pages, so it gives the links.
public enum AppMapDiagram {
    /// One storyboard of the project (references resolve by `StoryboardReferenceResolver`).
    public typealias Storyboard = StoryboardDocument

    /// Where the boxes and scenes link to; nil draws no link.
    public struct Links: Sendable {
        /// The page of a storyboard, by key.
        public var storyboard: @Sendable (String) -> String?
        /// The page of a scene: storyboard key, scene id.
        public var scene: @Sendable (String, String) -> String?

        /// Creates links.
        public init(storyboard: @escaping @Sendable (String) -> String?, scene: @escaping @Sendable (String, String) -> String?) {
            self.storyboard = storyboard
            self.scene = scene
        }
    }

    /// Where a storyboard reference leads, in `storyboards` (`StoryboardReferenceResolver`, the
    /// one resolver the site and `nibviz check` share).
    public static func target(of reference: NibObject, from: Int, in storyboards: [Storyboard]) -> (storyboard: Int, scene: String?)? {
        StoryboardReferenceResolver.target(of: reference, from: from, in: storyboards)
    }

    /// The DOT text of the map.
    public static func dot(_ storyboards: [Storyboard], links: Links?, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(storyboards, links: links, options: options))
    }

    static func nodeID(_ storyboard: Int, _ scene: String) -> String { "sb\(storyboard):" + scene }

    static func build(_ storyboards: [Storyboard], links: Links?, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        var dot = DOTGraph(
            name: "app map", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        let sceneCount = storyboards.reduce(0) { $0 + $1.graph.scenes.count }
        dot.attributes["label"] = .text(
            "App map — \(storyboards.count) storyboard\(storyboards.count == 1 ? "" : "s"), \(sceneCount) scenes")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-appmap")
        dot.attributes["compound"] = "true"
        // A reference resolved to a scene of the map is drawn as that scene; one that is not
        // (its storyboard is not in the project) stays a reference node of its own storyboard.
        var targetOf: [String: String] = [:]
        var drawn = Set<String>()
        var edges: [String: (from: String, to: String, role: StyleRole, names: [String])] = [:]
        var order: [String] = []
        for (index, storyboard) in storyboards.enumerated() {
            let graph = storyboard.graph
            let objects = graph.objectsByID
            var cluster = DOTSubgraph("cluster_sb\(index)", style.attributes(.sceneBox))
            // Two storyboards of one name (an app's and an extension's `Main`) say where they live.
            let folder = storyboard.key.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") }.last.map(String.init)
            let repeated = storyboards.filter { $0.name == storyboard.name }.count > 1
            cluster.attributes["label"] = .text(repeated && folder != nil ? "\(storyboard.name) (\(folder ?? ""))" : storyboard.name)
            cluster.attributes["tooltip"] = .tooltip(storyboard.key)
            if let href = links?.storyboard(storyboard.key) { cluster.attributes["href"] = .url(href) }
            let initial = graph.initialViewController
            var sceneOf: [ObjectID: String] = [:]
            for scene in graph.scenes { if let controller = scene.controller { sceneOf[controller] = scene.id } }
            for object in graph.objects where sceneOf[object.id] == nil {
                if let scene = object.scene { sceneOf[object.id] = scene }
            }
            for object in graph.objects where object.placeholder == PlaceholderIdentifier.storyboardReference {
                let id = nodeID(index, "ref:" + object.id.rawValue)
                if let target = target(of: object, from: index, in: storyboards), let scene = target.scene {
                    targetOf[id] = nodeID(target.storyboard, scene)
                    continue
                }
                targetOf[id] = id
                drawn.insert(id)
                var attrs = style.attributes(.reference)
                let name = [object.attributes["storyboardName"], object.attributes["referencedIdentifier"]].compactMap { $0 }
                attrs["label"] = .text(
                    DOTEscaping.truncated(
                        "→ " + (name.isEmpty ? "storyboard reference" : name.joined(separator: " · ")), limit: options.labelLimit))
                attrs["tooltip"] = .tooltip("storyboard reference " + object.id.rawValue + " (not in this project)")
                cluster.statements.append(.node(DOTNode(id, attrs)))
            }
            for scene in graph.scenes {
                let id = nodeID(index, scene.id)
                let controller = scene.controller.flatMap { objects[$0] }
                if controller?.placeholder == PlaceholderIdentifier.storyboardReference { continue }
                guard drawn.insert(id).inserted else { continue }
                var attrs = style.attributes(scene.controller != nil && scene.controller == initial ? .initial : .scene)
                let title = ObjectNaming.sceneTitle(scene, in: graph, objects: objects)
                attrs["label"] = .text(DOTEscaping.truncated(title, limit: options.labelLimit))
                attrs["tooltip"] = .tooltip(storyboard.name + ": " + title + "\nscene " + scene.id)
                if let href = links?.scene(storyboard.key, scene.id) { attrs["href"] = .url(href) }
                cluster.statements.append(.node(DOTNode(id, attrs)))
            }
            if cluster.statements.isEmpty {
                var attrs = style.attributes(.note)
                attrs["label"] = "no scenes"
                cluster.statements.append(.node(DOTNode("sb\(index):empty", attrs)))
            }
            dot.append(.subgraph(cluster))
            // One edge per scene pair and kind, its identifiers in the label.
            func node(_ object: ObjectID) -> String? {
                if objects[object]?.placeholder == PlaceholderIdentifier.storyboardReference {
                    return targetOf[nodeID(index, "ref:" + object.rawValue)]
                }
                return sceneOf[object].map { nodeID(index, $0) }
            }
            for connection in graph.connections {
                guard case .segue(let destination, let segue) = connection.kind, segue.kind != "unwind",
                    let fromID = sceneOf[connection.source].map({ nodeID(index, $0) }), let toID = node(destination)
                else { continue }
                let role: StyleRole = segue.relationship != nil ? .relationship : .segue
                let key = fromID + "\u{0}" + toID + "\u{0}" + role.rawValue
                if edges[key] == nil {
                    edges[key] = (fromID, toID, role, [])
                    order.append(key)
                }
                if let name = segue.identifier ?? segue.relationship, edges[key]?.names.contains(name) == false {
                    edges[key]?.names.append(name)
                }
            }
        }
        for key in order {
            guard let edge = edges[key], drawn.contains(edge.from), drawn.contains(edge.to) else { continue }
            var attrs = style.attributes(edge.role)
            if !edge.names.isEmpty {
                attrs["label"] = .text(DOTEscaping.truncated(edge.names.joined(separator: ", "), limit: options.labelLimit))
                attrs["tooltip"] = .tooltip(edge.names.joined(separator: "\n"))
            }
            dot.append(.edge(DOTEdge(edge.from, edge.to, attrs)))
        }
        return dot
    }
}
