import NibModel

/// The split of a large document: an overview with one node per top-level object (and how many
/// objects it holds) and the connections between them counted per kind, plus one `graph`
/// diagram per top-level object that contains others.
enum TopLevelOverview {
    static func parts(_ graph: NibGraph, options: DiagramOptions) -> [NamedDiagram] {
        let title = ObjectGraphDiagram.fileTitle(graph)
        var parts = [NamedDiagram(name: "overview", title: title + " — overview", dot: DOTEncoder.encode(overview(graph, options: options)))]
        let children = graph.childrenByParent
        var seen = Set<ObjectID>()
        for root in graph.rootObjects where seen.insert(root.id).inserted && !(children[root.id] ?? []).isEmpty {
            parts.append(
                NamedDiagram(name: "object-" + DOTEscaping.token(root.id.rawValue), title: ObjectNaming.short(root), dot: ObjectGraphDiagram.dot(graph, root: root.id, options: options)))
        }
        return parts
    }

    static func overview(_ graph: NibGraph, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let title = ObjectGraphDiagram.fileTitle(graph)
        var dot = DOTGraph(name: title + " overview", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults, edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = .text(DOTEscaping.truncated(title, limit: 120) + " (\(graph.platform)) — \(graph.objects.count) objects, top level")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-graph overview")
        // Every object's top-level ancestor (cycles in broken documents end the walk).
        let objects = graph.objectsByID
        var rootOf: [ObjectID: ObjectID] = [:]
        var sizes: [ObjectID: Int] = [:]
        for object in graph.objects where rootOf[object.id] == nil {
            var current = object
            var steps = 0
            while let parent = current.parent, let next = objects[parent], steps < 10_000 {
                current = next
                steps += 1
            }
            rootOf[object.id] = current.id
            sizes[current.id, default: 0] += 1
        }
        var drawn = Set<ObjectID>()
        var nodeRoles: Set<StyleRole> = []
        for root in graph.rootObjects where drawn.insert(root.id).inserted {
            let role = ObjectNaming.role(root)
            nodeRoles.insert(role)
            var attrs = style.attributes(role, classes: [root.element, "top-level"])
            var html = ObjectNaming.htmlLabel(root, limit: options.labelLimit)
            let count = (sizes[root.id] ?? 1) - 1
            if count > 0 { html += "<BR/><FONT POINT-SIZE=\"9\">contains \(count) object\(count == 1 ? "" : "s")</FONT>" }
            attrs["label"] = .html(html)
            attrs["tooltip"] = .tooltip(ObjectNaming.tooltip(root))
            if let link = options.link("obj", root.id.rawValue) { attrs["href"] = link }
            dot.append(.node(DOTNode(root.id.rawValue, attrs)))
        }
        // Connections between top-level objects, counted per (tail, head, role) in first-seen order.
        let responder = graph.objects.first { $0.placeholder == PlaceholderIdentifier.firstResponder }?.id
        var keys: [String] = []
        var counts: [String: (ObjectID, ObjectID, StyleRole, Int)] = [:]
        for connection in graph.connections {
            guard let from = rootOf[connection.source], let to = (connection.destination ?? responder).flatMap({ rootOf[$0] }) else { continue }
            let role = ConnectionDrawing(connection, source: "", destination: "").role
            let key = "\(from.rawValue)\u{1}\(to.rawValue)\u{1}\(role.rawValue)"
            if let existing = counts[key] {
                counts[key] = (from, to, role, existing.3 + 1)
            } else {
                keys.append(key)
                counts[key] = (from, to, role, 1)
            }
        }
        var edgeRoles: Set<StyleRole> = []
        for key in keys {
            guard let (from, to, role, count) = counts[key] else { continue }
            edgeRoles.insert(role)
            var attrs = style.attributes(role)
            let noun = ConnectionDrawing.legendEntries.first { $0.0 == role }.map { String($0.1.prefix { $0 != "(" }).trimmingSuffixSpaces } ?? role.rawValue
            attrs["label"] = .text("\(count) \(noun)\(count == 1 ? "" : "s")")
            attrs["tooltip"] = .tooltip("\(count) \(noun) connection\(count == 1 ? "" : "s") from inside \(objects[from].map(ObjectNaming.short) ?? from.rawValue) to inside \(objects[to].map(ObjectNaming.short) ?? to.rawValue)")
            if count > 2 { attrs["penwidth"] = .text("\(min(4, 1 + count / 3))") }
            dot.append(.edge(DOTEdge(from.rawValue, to.rawValue, attrs)))
        }
        if !edgeRoles.isEmpty || nodeRoles.contains(.placeholder) {
            dot.append(.subgraph(Legend.subgraph(edgeRoles: edgeRoles, nodeRoles: nodeRoles, style: style, leftToRight: true)))
        }
        return dot
    }
}

extension String {
    /// The string without trailing spaces.
    fileprivate var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
