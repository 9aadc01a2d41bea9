import NibDiffing
import NibModel

/// The flow diff of a storyboard: one node per scene listing what changed inside it, segues
/// as edges coloured by change, the initial controller marked by an entry arrow.
struct FlowDiffDiagram {
    let diff: NibDiff

    func picture(title: String, maxScenes: Int) -> DiffPicture {
        let index = DiffIndex(diff)
        var sceneOfNew: [ObjectID: String] = [:]
        var sceneOfOld: [ObjectID: String] = [:]
        var nodes: [DiffNode] = []
        var position: [String: Int] = [:]
        let newControllers = Dictionary(
            diff.new.scenes.compactMap { s in s.controller.map { (s.id, $0) } }, uniquingKeysWith: { a, _ in a })
        for object in diff.new.objects {
            if let scene = object.scene { sceneOfNew[object.id] = "S:" + scene }
        }
        for scene in diff.new.scenes {
            let controller = newControllers[scene.id]
            let key = "S:" + scene.id
            position[key] = nodes.count
            let status = controller.map { index.status(of: index.key(new: $0)) } ?? .unchanged
            nodes.append(
                sceneNode(
                    key, scene, controller.flatMap { diff.new.objectsByID[$0] }, index.newNames, status == .cosmetic ? .unchanged : status))
        }
        for scene in diff.old.scenes {
            let controller = scene.controller
            if let controller, let matched = diff.matching.oldToNew[controller], let newScene = diff.new.objectsByID[matched]?.scene {
                for object in diff.old.objects where object.scene == scene.id { sceneOfOld[object.id] = "S:" + newScene }
                continue
            }
            let key = "R:" + scene.id
            for object in diff.old.objects where object.scene == scene.id { sceneOfOld[object.id] = key }
            position[key] = nodes.count
            nodes.append(sceneNode(key, scene, controller.flatMap { diff.old.objectsByID[$0] }, index.oldNames, .removed))
        }
        // What changed inside each scene, listed in its node; the scene turns "changed".
        func note(_ key: String?, _ status: DiffStatus, _ text: String) {
            guard let key, let at = position[key] else { return }
            nodes[at].lines.append((status, text))
            if nodes[at].status == .unchanged || nodes[at].status == .cosmetic { nodes[at].status = .changed }
        }
        for change in diff.objects {
            let status = DiffStatus(change.kind)
            if let new = change.new {
                let key = sceneOfNew[new.id]
                let isController = newControllers.values.contains(new.id)
                if change.kind == .added && isController { continue }
                let fields = change.fields.map(\.summary).joined(separator: "; ")
                let text =
                    change.kind == .added
                    ? "\(index.newNames.name(new.id)) (\(new.runtimeClass))"
                    : isController ? fields : "\(index.newNames.name(new.id)): " + fields
                note(key, status, text)
            } else if let old = change.old, let key = sceneOfOld[old.id], !key.hasPrefix("R:") {
                note(key, status, "\(index.oldNames.name(old.id)) (\(old.runtimeClass))")
            }
        }
        for change in diff.properties where change.category != .cosmetic {
            guard let object = change.object, let key = sceneOfNew[object] else { continue }
            note(key, .changed, "\(index.newNames.name(object)) \(change.field): \(change.old ?? "∅") → \(change.new ?? "∅")")
        }
        var edges: [DiffEdge] = []
        for item in index.allConnections {
            let sceneKey = item.status == .removed ? sceneOfOld[item.connection.source] : sceneOfNew[item.connection.source]
            if case .segue(let destination, _) = item.connection.kind {
                let target = item.status == .removed ? sceneOfOld[destination] : sceneOfNew[destination]
                if let from = sceneKey, let to = target {
                    let style = item.status == .unchanged ? "solid" : "bold"
                    edges.append(DiffEdge(from: from, to: to, label: index.edgeLabel(item.connection), status: item.status, style: style))
                }
                continue
            }
            guard item.status != .unchanged, let key = sceneKey, !key.hasPrefix("R:") || item.status != .removed else { continue }
            let names = item.status == .removed ? index.oldNames : index.newNames
            let change = index.connectionStatus[item.connection]
            var text =
                "\(item.connection.kind.name) \(names.name(item.connection.source)).\(DiffIndex.edgeLabel(item.connection.kind)) → \(names.name(item.connection.destination))"
            if let fields = change?.fields, !fields.isEmpty {
                text =
                    "\(item.connection.kind.name) \(DiffIndex.edgeLabel(item.connection.kind)): "
                    + fields.map(\.summary).joined(separator: "; ")
            }
            note(key, item.status, text)
        }
        for (at, node) in nodes.enumerated() where node.lines.count > 6 {
            let more = node.lines.count - 5
            nodes[at].lines = Array(node.lines.prefix(5)) + [(.unchanged, "… \(more) more")]
        }
        var note: String?
        if nodes.count > maxScenes {
            let changed = Set(nodes.filter { $0.status != .unchanged }.map(\.key))
            var kept = changed
            for edge in edges where edge.status != .unchanged {
                kept.insert(edge.from)
                kept.insert(edge.to)
            }
            // Some context around changed scenes, while it stays small (a hub would pull in everything).
            for edge in edges where kept.count < maxScenes && (changed.contains(edge.from) || changed.contains(edge.to)) {
                kept.insert(edge.from)
                kept.insert(edge.to)
            }
            note = kept.count < nodes.count ? "\(nodes.count - kept.count) unchanged scenes not shown" : nil
            nodes = nodes.filter { kept.contains($0.key) }
            edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        }
        if let initial = diff.new.initialViewController, let key = sceneOfNew[initial], nodes.contains(where: { $0.key == key }) {
            let changed = diff.document.contains { $0.field == "initialViewController" }
            nodes.insert(DiffNode(key: "entry", title: "", subtitle: nil, status: changed ? .changed : .unchanged, isEntry: true), at: 0)
            edges.insert(DiffEdge(from: "entry", to: key, label: "initial", status: changed ? .changed : .unchanged, style: "solid"), at: 0)
        }
        return DiffPicture(
            title: title, headline: DiffSummary.headline(diff), note: note, kindLegend: [("segue", "arrow between scenes")], nodes: nodes,
            edges: edges)
    }

    private func sceneNode(_ key: String, _ scene: Scene, _ controller: NibObject?, _ names: ObjectNames, _ status: DiffStatus) -> DiffNode
    {
        let title = names.sceneTitle(scene.id) ?? controller.map { names.name($0.id) } ?? "Scene"
        var subtitle = controller.map { object in object.customClass.map { "\($0) : \(object.className)" } ?? object.className }
        if let identifier = controller?.storyboardIdentifier, identifier != controller?.customClass {
            subtitle = (subtitle ?? "") + " “\(identifier)”"
        }
        return DiffNode(key: key, title: title, subtitle: subtitle == title ? nil : subtitle, status: status)
    }
}
