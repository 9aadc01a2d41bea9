import NibDiffing
import NibModel

/// The object-graph diff of a xib: objects as nodes (view hierarchy as thin grey edges),
/// connections as edges styled by kind and coloured by change.
struct GraphDiffDiagram {
    let diff: NibDiff

    func picture(title: String, maxNodes: Int) -> DiffPicture {
        let index = DiffIndex(diff)
        var nodes: [DiffNode] = []
        var parents: [String: String] = [:]
        var seen = Set<ObjectID>()
        for object in diff.new.objects where seen.insert(object.id).inserted {
            let key = index.key(new: object.id)
            nodes.append(node(object, key: key, name: index.newNames.name(object.id), index: index))
            if let parent = object.parent { parents[key] = index.key(new: parent) }
        }
        seen = []
        for object in diff.old.objects where seen.insert(object.id).inserted && diff.matching.oldToNew[object.id] == nil {
            let key = index.key(old: object.id)
            nodes.append(node(object, key: key, name: index.oldNames.name(object.id), index: index))
            if let parent = object.parent { parents[key] = index.key(old: parent) }
        }
        var edges: [DiffEdge] = nodes.compactMap { node in
            parents[node.key].map {
                DiffEdge(
                    from: $0, to: node.key, label: nil, status: node.status == .removed ? .removed : .unchanged, style: "solid",
                    arrowhead: "none", isHierarchy: true)
            }
        }
        for item in index.allConnections {
            let style = DiffIndex.edgeStyle(item.connection.kind)
            // A nil-target action goes to First Responder; draw it as a self-loop-free stub.
            guard let to = item.to ?? firstResponderKey(index) else { continue }
            edges.append(
                DiffEdge(
                    from: item.from, to: to, label: index.edgeLabel(item.connection), status: item.status, style: style.style,
                    arrowhead: style.arrowhead))
        }
        var note: String?
        if nodes.count > maxNodes {
            var kept = interesting(nodes: nodes, edges: edges, parents: parents)
            var hidden =
                kept.count < nodes.count ? ["\(nodes.count - kept.count) objects not shown (unchanged, or cosmetic changes only)"] : []
            // A new or deleted document changes everything: show its top of the hierarchy only.
            let limit = maxNodes * 2
            if kept.count > limit {
                let shallow = nodes.filter { kept.contains($0.key) }.map { ($0.key, depth($0.key, parents)) }
                    .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.prefix(limit).map(\.element.0)
                hidden.append("\(kept.count - limit) deeper changed objects not shown")
                kept = Set(shallow)
            }
            note = hidden.isEmpty ? nil : hidden.joined(separator: "; ")
            nodes = nodes.filter { kept.contains($0.key) }
            edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        }
        return DiffPicture(
            title: title, headline: DiffSummary.headline(diff), note: note,
            kindLegend: [("outlet", "solid"), ("action", "dashed"), ("binding", "dotted"), ("hierarchy", "thin grey")], nodes: nodes,
            edges: edges)
    }

    private func node(_ object: NibObject, key: String, name: String, index: DiffIndex) -> DiffNode {
        let subtitle = object.customClass.map { "\($0) : \(object.className)" } ?? object.className
        return DiffNode(
            key: key, title: name, subtitle: subtitle == name ? nil : subtitle, status: index.status(of: key), lines: index.fieldLines(key))
    }

    private func depth(_ key: String, _ parents: [String: String]) -> Int {
        var depth = 0
        var current = parents[key]
        while let parent = current, depth < 256 {
            depth += 1
            current = parents[parent]
        }
        return depth
    }

    private func firstResponderKey(_ index: DiffIndex) -> String? {
        diff.new.objects.first { $0.placeholder == PlaceholderIdentifier.firstResponder }.map { index.key(new: $0.id) }
    }

    /// Changed nodes, their ancestors, the ends of changed edges and the placeholders. A node
    /// whose changes are all cosmetic is left out as an unchanged one is, as the report folds
    /// them (an archive document's Interface Builder records change with every save).
    private func interesting(nodes: [DiffNode], edges: [DiffEdge], parents: [String: String]) -> Set<String> {
        var kept = Set(nodes.filter { ($0.status != .unchanged && $0.status != .cosmetic) || $0.key.hasPrefix("N:-") }.map(\.key))
        for edge in edges where edge.status != .unchanged && !edge.isHierarchy {
            kept.insert(edge.from)
            kept.insert(edge.to)
        }
        for key in kept {
            var current = parents[key]
            var depth = 0  // bounded: a hand-edited document may have a parent cycle
            while let parent = current, depth < 256 {
                kept.insert(parent)
                current = parents[parent]
                depth += 1
            }
        }
        return kept
    }
}
