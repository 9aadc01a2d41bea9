import NibDOT
import NibModel

/// The overview of a large document: one node per top-level object (and how many objects it
/// holds) and the connections between them counted per kind. The parts themselves are
/// `DocumentPartition`'s.
enum TopLevelOverview {
    static func overview(_ graph: NibGraph, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let title = ObjectGraphDiagram.fileTitle(graph)
        var dot = DOTGraph(
            name: title + " overview", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = TypeScale.titleLabel(title + " (\(graph.platform)) — \(graph.objects.count) objects, top level")
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
            let name = ObjectNaming.name(root)
            var html = ObjectNaming.htmlLabel(root, name: name, limit: options.labelLimit)
            let count = (sizes[root.id] ?? 1) - 1
            if count > 0 { html += "<BR/>" + TypeScale.detailHTML("contains \(count) object\(count == 1 ? "" : "s")") }
            attrs["label"] = .html(html)
            attrs["tooltip"] = .tooltip(ObjectNaming.tooltip(root, name: name))
            if let link = options.link(.object(root.id.rawValue)) { attrs["href"] = link }
            dot.append(.node(DOTNode(root.id.rawValue, attrs)))
        }
        // Connections between different top-level objects: one edge per pair in first-seen
        // order, drawn in the style of its most frequent kind, labelled with counts per kind.
        let responder = graph.objects.first { $0.placeholder == PlaceholderIdentifier.firstResponder }?.id
        var pairs: [String] = []
        var tally: [String: (from: ObjectID, to: ObjectID, counts: [StyleRole: Int])] = [:]
        for connection in graph.connections {
            guard let from = rootOf[connection.source], let to = (connection.destination ?? responder).flatMap({ rootOf[$0] }), from != to
            else { continue }
            let role = ConnectionDrawing(connection, source: "", destination: "").role
            let key = from.rawValue + "\u{1}" + to.rawValue
            if tally[key] == nil {
                pairs.append(key)
                tally[key] = (from, to, [:])
            }
            tally[key]?.counts[role, default: 0] += 1
        }
        var edgeRoles: Set<StyleRole> = []
        for key in pairs {
            guard let (from, to, counts) = tally[key] else { continue }
            let ordered = ConnectionDrawing.legendEntries.map(\.0).filter { counts[$0] != nil }
            guard let main = ordered.max(by: { (counts[$0] ?? 0) < (counts[$1] ?? 0) }) else { continue }
            edgeRoles.insert(main)
            let parts = ordered.map { role in "\(counts[role] ?? 0) \(noun(role, plural: (counts[role] ?? 0) != 1))" }
            let total = counts.values.reduce(0, +)
            var attrs = style.attributes(main, classes: ordered.count > 1 ? ["mixed"] : [])
            attrs["label"] = .text(parts.joined(separator: ", "))
            attrs["tooltip"] = .tooltip(
                parts.joined(separator: ", ")
                    + " from inside \(objects[from].map(ObjectNaming.short) ?? from.rawValue) to inside \(objects[to].map(ObjectNaming.short) ?? to.rawValue)"
            )
            if total > 2 { attrs["penwidth"] = .text("\(min(4, 1 + total / 3))") }
            dot.append(.edge(DOTEdge(from.rawValue, to.rawValue, attrs)))
        }
        if options.legend == .include, !edgeRoles.isEmpty || nodeRoles.contains(.placeholder) {
            dot.append(.subgraph(Legend.subgraph(edgeRoles: edgeRoles, nodeRoles: nodeRoles, style: style, leftToRight: true)))
        }
        return dot
    }
}

/// Short nouns for edge counts.
private func noun(_ role: StyleRole, plural: Bool) -> String {
    let word: String
    switch role {
    case .outlet: word = "outlet"
    case .outletCollection: word = "outlet collection"
    case .action: word = "action"
    case .nilTarget: word = "nil-target action"
    case .binding: word = "binding"
    case .segue: word = "segue"
    case .relationship: word = "relationship"
    default: word = role.rawValue
    }
    return plural ? word + "s" : word
}
