import NibDOT
import NibModel

/// The `graph` diagram: objects as nodes, containment as clusters, one styled edge per
/// connection, a legend. Storyboards above `sceneSplitThreshold` scenes become an overview
/// plus one diagram per scene (`parts`).
public enum ObjectGraphDiagram {
    /// The whole document in one diagram (every scene as a box).
    public static func dot(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(graph, scene: nil, options: options))
    }

    /// One scene of a storyboard; connections leaving it end at stub nodes.
    public static func dot(_ graph: NibGraph, scene: String, options: DiagramOptions = DiagramOptions()) -> String {
        DOTEncoder.encode(build(graph, scene: scene, options: options))
    }

    /// One part of a document (`DocumentPartition`): its objects; connections leaving it end at
    /// stub nodes.
    static func dot(_ graph: NibGraph, part: DocumentPart, options: DiagramOptions) -> String {
        var builder = Builder(graph: graph, subtitle: part.title, options: options) { part.members.contains($0.id) }
        return DOTEncoder.encode(builder.run())
    }

    /// One top-level object of a document and everything it contains.
    public static func dot(_ graph: NibGraph, root: ObjectID, options: DiagramOptions = DiagramOptions()) -> String {
        let ids = subtree(root, in: graph)
        let title = graph.objectsByID[root].map(ObjectNaming.short) ?? root.rawValue
        var builder = Builder(graph: graph, subtitle: title, options: options) { ids.contains($0.id) }
        return DOTEncoder.encode(builder.run())
    }

    /// The diagrams to draw for `graph`: one `graph` diagram; for a storyboard with more scenes
    /// than the threshold, `scene-<id>` per scene and no overview (the `flow` diagram is the
    /// storyboard's overview; drawing it again here drew the same picture twice); for a
    /// document with more objects than `objectSplitThreshold`, an `overview` of its top-level
    /// objects (with their sizes and the connections between them, which no other diagram
    /// shows) plus `object-<id>` per top-level object that contains others.
    public static func parts(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> [NamedDiagram] {
        let whole = whole(graph, options: options)
        guard let split = whole.split else { return whole.diagram.map { [$0] } ?? [] }
        return (whole.diagram.map { [$0] } ?? []) + diagrams(of: split, in: graph, options: options)
    }

    /// What stands for the whole of `graph` where its parts get places of their own (a document
    /// page): the whole graph when it is not split (`split` nil); else the overview `parts`
    /// starts with, if any (a storyboard split per scene has none: its flow diagram is the
    /// overview), and the parts, not yet built (`diagrams(of:in:options:)` builds them).
    public static func whole(_ graph: NibGraph, options: DiagramOptions = DiagramOptions()) -> (
        diagram: NamedDiagram?, split: [DocumentPart]?
    ) {
        // A document over the threshold whose top-level objects hold nothing has no parts: whole.
        guard let split = DocumentPartition.parts(graph, options: options), !split.isEmpty else {
            return (NamedDiagram(name: "graph", title: fileTitle(graph), dot: dot(graph, options: options)), nil)
        }
        guard split.first?.kind == .object else { return (nil, split) }
        let dot = DOTEncoder.encode(TopLevelOverview.overview(graph, options: options))
        return (NamedDiagram(name: "overview", title: fileTitle(graph) + " — overview", dot: dot), split)
    }

    /// The diagram of each part of a split document (`whole(_:options:)`'s `split`).
    public static func diagrams(of split: [DocumentPart], in graph: NibGraph, options: DiagramOptions) -> [NamedDiagram] {
        split.map { part in
            let dot: String
            switch part.kind {
            case .scene: dot = self.dot(graph, scene: part.id, options: options)
            case .object: dot = self.dot(graph, part: part, options: options)
            }
            return NamedDiagram(name: part.name, title: part.title, dot: dot)
        }
    }

    static func fileTitle(_ graph: NibGraph) -> String { lastSegment(graph.file) }

    /// `path`'s last non-empty `/`-separated segment, or `path` when it has none:
    /// `split(separator: "/").last`, found on the bytes of an ASCII path (every diagram of a
    /// document asks), by characters otherwise (a `/` before a combining mark is no separator).
    static func lastSegment(_ path: String) -> String {
        var bytesOfPath = path
        let found: String?? = bytesOfPath.withUTF8 { bytes in
            guard UTF8Validation.isASCII(bytes) else { return nil }
            let last = PathBytes.lastComponent(bytes)
            guard !last.isEmpty else { return .some(nil) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[last]), as: UTF8.self)
        }
        let segment = found ?? path.split(separator: "/").last.map(String.init)
        return segment ?? path
    }

    /// The graph value (tests and other diagrams reuse it).
    static func build(_ graph: NibGraph, scene: String?, options: DiagramOptions) -> DOTGraph {
        var subtitle: String?
        if let scene, let value = graph.scenes.first(where: { $0.id == scene }) {
            subtitle = ObjectNaming.sceneTitle(value, in: graph, objects: graph.objectsByID)
        }
        var builder = Builder(graph: graph, subtitle: subtitle, options: options, boxScenes: scene == nil) { object in
            scene == nil || object.scene == scene
        }
        return builder.run()
    }

    /// The ids of `root` and every object it contains.
    static func subtree(_ root: ObjectID, in graph: NibGraph) -> Set<ObjectID> {
        let children = graph.childrenByParent
        var ids: Set<ObjectID> = [root]
        var stack = [root]
        while let next = stack.popLast() {
            for child in children[next] ?? [] where ids.insert(child).inserted { stack.append(child) }
        }
        return ids
    }
}

/// Walks one document (or part of one) once, in document order.
struct Builder {
    let graph: NibGraph
    let subtitle: String?
    let boxScenes: Bool
    let options: DiagramOptions
    let style: DiagramStyle
    let objects: [ObjectID: NibObject]
    let children: [ObjectID: [ObjectID]]
    let included: [NibObject]
    let includedIDs: Set<ObjectID>
    var clusterCount = 0
    /// Objects already drawn, each with the root of the tree (outermost container) it is drawn in.
    var drawn: [ObjectID: ObjectID] = [:]
    var nodeRoles: Set<StyleRole> = []
    var edgeRoles: Set<StyleRole> = []
    /// Object nodes' style attributes by role and element, each made once per diagram (a class
    /// list per node was an eighth of drawing a graph).
    var nodeStyles: [NodeStyleKey: DOTAttributes] = [:]

    struct NodeStyleKey: Hashable {
        var role: StyleRole
        var element: String
    }

    init(graph: NibGraph, subtitle: String?, options: DiagramOptions, boxScenes: Bool = false, include: (NibObject) -> Bool) {
        self.graph = graph
        self.subtitle = subtitle
        self.boxScenes = boxScenes
        self.options = options
        self.style = options.style
        self.objects = graph.objectsByID
        self.children = graph.childrenByParent
        var seen = Set<ObjectID>()
        var list: [NibObject] = []
        for object in graph.objects where include(object) && !seen.contains(object.id) {
            seen.insert(object.id)
            list.append(object)
        }
        self.included = list
        self.includedIDs = seen
    }

    mutating func run() -> DOTGraph {
        var title = ObjectGraphDiagram.fileTitle(graph)
        if let subtitle { title += " — " + subtitle }
        var dot = DOTGraph(
            name: title, attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = TypeScale.titleLabel(title + " (\(graph.platform))")
        dot.attributes["labelloc"] = "t"
        dot.attributes["compound"] = "true"
        // View hierarchies nest deeply and each level costs width: tighter spacing than the
        // other kinds (measured: 5–8 % narrower scene graphs, same legibility).
        dot.attributes["nodesep"] = "0.2"
        dot.attributes["ranksep"] = "0.3"
        if floatsEdgeLabels { dot.attributes["forcelabels"] = "true" }
        dot.attributes["class"] = .text("diagram-graph")
        let roots = included.filter { object in object.parent.map { !includedIDs.contains($0) } ?? true }
        if boxScenes, !graph.scenes.isEmpty {
            let loose = roots.filter { $0.scene == nil }
            for root in loose { dot.statements += tree(root) }
            var boxed = Set<String>()
            for value in graph.scenes where boxed.insert(value.id).inserted {
                var box = DOTSubgraph(nextCluster(), style.attributes(.sceneBox))
                box.attributes["label"] = .text(
                    DOTEscaping.truncated(ObjectNaming.sceneTitle(value, in: graph, objects: objects), limit: 60))
                box.attributes["tooltip"] = .tooltip("scene \(value.id)")
                if let link = options.link(.scene(value.id)) { box.attributes["href"] = link }
                for root in roots where root.scene == value.id { box.statements += tree(root) }
                dot.append(.subgraph(box))
            }
        } else {
            for root in roots { dot.statements += tree(root) }
        }
        dot.statements += edges()
        if options.legend == .include, !edgeRoles.isEmpty || nodeRoles.contains(.placeholder) {
            dot.append(.subgraph(Legend.subgraph(edgeRoles: edgeRoles, nodeRoles: nodeRoles, style: style, leftToRight: true)))
        }
        return dot
    }

    /// Objects above which edge labels float (`xlabel`) instead of taking layout space.
    static let floatingLabelThreshold = 12

    var floatsEdgeLabels: Bool { included.count > Self.floatingLabelThreshold }

    mutating func nextCluster() -> String {
        clusterCount += 1
        return "cluster_\(clusterCount)"
    }

    /// An object and, when it contains others, a cluster holding it and its subtree.
    mutating func tree(_ object: NibObject, root: ObjectID? = nil) -> [DOTStatement] {
        // Valid DOT by construction: a node in two clusters crashes Graphviz 2.43, so an object
        // is drawn once whatever the model says (a repeated scene, a parent cycle).
        guard drawn[object.id] == nil else { return [] }
        drawn[object.id] = root ?? object.id
        let name = ObjectNaming.name(object)
        let node = DOTStatement.node(objectNode(object, name: name))
        let kids = (children[object.id] ?? []).filter { includedIDs.contains($0) && $0 != object.id }
        guard !kids.isEmpty else { return [node] }
        var box = DOTSubgraph(nextCluster(), style.attributes(.container))
        box.attributes["margin"] = "4"
        box.attributes["label"] = ""
        box.attributes["tooltip"] = .tooltip("contents of " + ObjectNaming.short(object, name: name))
        box.append(node)
        var visited = Set<ObjectID>()
        for kid in kids where !visited.contains(kid) {
            visited.insert(kid)
            if let child = objects[kid], child.parent == object.id {
                box.statements += tree(child, root: root ?? object.id)
                // Keeps a container above its contents.
                box.append(.edge(DOTEdge(object.id.rawValue, kid.rawValue, ["style": "invis", "class": "containment"])))
            }
        }
        return [.subgraph(box)]
    }

    mutating func objectNode(_ object: NibObject, name: ObjectNaming.Name) -> DOTNode {
        let role = ObjectNaming.role(object)
        nodeRoles.insert(role)
        let key = NodeStyleKey(role: role, element: object.element)
        var attrs: DOTAttributes
        if let known = nodeStyles[key] {
            attrs = known
        } else {
            attrs = style.attributes(role, classes: [object.element])
            nodeStyles[key] = attrs
        }
        attrs["label"] = .html(ObjectNaming.htmlLabel(object, name: name, limit: options.labelLimit))
        attrs["tooltip"] = .tooltip(ObjectNaming.tooltip(object, name: name))
        if let link = options.link(.object(object.id.rawValue)) { attrs["href"] = link }
        return DOTNode(object.id.rawValue, attrs)
    }

    /// One edge per connection whose source is drawn; ends outside the drawing become stubs.
    mutating func edges() -> [DOTStatement] {
        var out: [DOTStatement] = []
        var stubs = Set<String>()
        let responder = included.first { $0.placeholder == PlaceholderIdentifier.firstResponder }
        let positions = graph.relationshipPositions
        for connection in graph.connections where includedIDs.contains(connection.source) {
            guard let source = objects[connection.source] else { continue }
            var target: String
            var targetName: String
            if let destination = connection.destination {
                if includedIDs.contains(destination), let object = objects[destination] {
                    target = destination.rawValue
                    targetName = ObjectNaming.short(object)
                } else {
                    target = "stub:" + destination.rawValue
                    targetName = stubName(destination)
                    if stubs.insert(target).inserted { out.append(.node(stubNode(target, destination: destination, name: targetName))) }
                }
            } else if let responder {
                target = responder.id.rawValue
                targetName = "First Responder"
            } else {
                target = "stub:responder-chain"
                targetName = "First Responder"
                if stubs.insert(target).inserted {
                    nodeRoles.insert(.placeholder)
                    var attrs = style.attributes(.placeholder, classes: ["responder-chain"])
                    attrs["label"] = .html("<B>First Responder</B><BR/>" + TypeScale.detailHTML("responder chain (nil target)"))
                    attrs["tooltip"] = .tooltip("nil-target actions go up the responder chain at action time")
                    out.append(.node(DOTNode(target, attrs)))
                }
            }
            let drawing = ConnectionDrawing(
                connection, source: ObjectNaming.short(source), destination: targetName, position: positions[connection])
            edgeRoles.insert(drawing.role)
            var attrs = style.attributes(drawing.role)
            // In a large drawing, edge labels float beside their edge (`xlabel`): a `label`
            // takes a rank of its own in `dot`, which made big graphs a third wider.
            attrs[floatsEdgeLabels ? "xlabel" : "label"] = .text(DOTEscaping.truncated(drawing.label, limit: options.labelLimit))
            attrs["tooltip"] = .tooltip(drawing.tooltip)
            if !constrainsRanks(from: source.id, to: connection.destination) { attrs["constraint"] = "false" }
            out.append(.edge(DOTEdge(source.id.rawValue, target, attrs)))
        }
        return out
    }

    /// Whether a connection takes part in ranking. In a large drawing, a connection across one
    /// tree — between two objects of the same tree, neither containing the other — does not:
    /// containment ranks a tree's objects and the connection is drawn over it. Ranked, a chain
    /// of such connections (the `nextKeyView` loop through 80 sibling buttons of one sheet) put
    /// each sibling one rank after the previous one: the drawing grew to 150 ranks and ten
    /// thousand points, and `dot` spent over five seconds placing the virtual nodes of the
    /// edges spanning them (one diagram bounded the whole site build). A connection along
    /// containment (a controller's outlet to a subview, an action back to it) goes the way the
    /// ranks already go and keeps ranking, as do connections between trees (File's Owner → its
    /// view) and to stubs, so the drawing still reads from owner to owned.
    func constrainsRanks(from source: ObjectID, to destination: ObjectID?) -> Bool {
        guard floatsEdgeLabels, let destination, source != destination, let sourceRoot = drawn[source],
            let destinationRoot = drawn[destination], sourceRoot == destinationRoot
        else { return true }
        return contains(source, destination) || contains(destination, source)
    }

    /// Whether `ancestor` contains `object` (through drawn parents).
    func contains(_ ancestor: ObjectID, _ object: ObjectID) -> Bool {
        var current = objects[object]?.parent
        var steps = 0
        while let id = current, drawn[id] != nil, steps < objects.count {
            if id == ancestor { return true }
            current = objects[id]?.parent
            steps += 1
        }
        return false
    }

    func stubName(_ destination: ObjectID) -> String {
        guard let object = objects[destination] else { return "missing object \(destination.rawValue)" }
        if let sceneID = object.scene, let value = graph.scenes.first(where: { $0.id == sceneID }) {
            return ObjectNaming.short(object) + " in “" + ObjectNaming.sceneTitle(value, in: graph, objects: objects) + "”"
        }
        return ObjectNaming.short(object)
    }

    mutating func stubNode(_ name: String, destination: ObjectID, name label: String) -> DOTNode {
        nodeRoles.insert(.external)
        var attrs = style.attributes(.external, classes: objects[destination] == nil ? ["missing"] : [])
        attrs["label"] = .text("→ " + DOTEscaping.truncated(label, limit: options.labelLimit))
        attrs["tooltip"] = .tooltip(
            objects[destination].map(ObjectNaming.tooltip) ?? "no object with id \(destination.rawValue) in this document")
        if let object = objects[destination], let sceneID = object.scene, let link = options.link(.scene(sceneID)) {
            attrs["href"] = link
        }
        return DOTNode(name, attrs)
    }
}
