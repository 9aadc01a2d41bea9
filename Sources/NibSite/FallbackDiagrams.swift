import NibDiagrams
import NibModel

/// Built-in DOT for the site while (or where) `NibDiagrams` has nothing better: small,
/// deterministic graphs whose nodes and edges carry `class` attributes by kind so the site's
/// stylesheet themes them in light and dark mode.
public enum FallbackDiagrams {
    /// Objects drawn in full before the graph keeps only connected objects.
    static let fullGraphLimit = 120
    /// Hard cap on nodes in one graph.
    static let nodeCap = 250

    /// Document diagrams.
    public static func document(_ kind: DiagramKind, graph: NibGraph, timeline: SiteTimeline?) -> [NamedDiagram] {
        switch kind {
        case .graph: [NamedDiagram(name: "object-graph", title: "Object graph", dot: objectGraph(graph))]
        case .flow: graph.isStoryboard ? [NamedDiagram(name: "storyboard-flow", title: "Storyboard flow", dot: flow(graph))] : []
        case .instantiation:
            graph.objects.count <= fullGraphLimit
                ? [NamedDiagram(name: "instantiation", title: "Instantiation", dot: instantiation(graph))] : []
        case .timeline, .lifecycle:
            timeline.map {
                [NamedDiagram(name: kind.rawValue, title: kind.rawValue.capitalized, dot: self.timeline(kind, $0, title: graph.file))]
            } ?? []
        }
    }

    /// Timeline diagrams.
    public static func timeline(_ kind: DiagramKind, _ timeline: SiteTimeline, title: String) -> String {
        kind == .lifecycle ? lifecycle(timeline) : sequence(timeline)
    }

    static func header(_ name: String, rankdir: String) -> [String] {
        [
            "digraph \(DOTText.quote(name)) {",
            "  graph [\(DOTText.attributes([("rankdir", rankdir), ("fontname", "Helvetica"), ("bgcolor", "transparent"), ("class", "nibviz")]))];",
            "  node [\(DOTText.attributes([("fontname", "Helvetica"), ("fontsize", "10"), ("shape", "box"), ("style", "rounded")]))];",
            "  edge [\(DOTText.attributes([("fontname", "Helvetica"), ("fontsize", "9")]))];",
        ]
    }

    static func nodeClass(_ object: NibObject) -> String {
        if object.isPlaceholder { return "placeholder" }
        if object.element.lowercased().contains("controller") { return "controller" }
        return object.customClass != nil ? "custom" : "object"
    }

    static func label(_ object: NibObject) -> String {
        var lines = [object.runtimeClass]
        if let label = object.label, label != object.runtimeClass { lines.append(label) }
        lines.append("#" + object.id.rawValue)
        return lines.joined(separator: "\n")
    }

    static func objectGraph(_ graph: NibGraph) -> String {
        var lines = header("graph", rankdir: "LR")
        let connected = Set(graph.connections.flatMap { [$0.source] + ($0.destination.map { [$0] } ?? []) })
        let full = graph.objects.count <= fullGraphLimit
        let shown = graph.objects.filter { full || connected.contains($0.id) || $0.isPlaceholder }.prefix(nodeCap)
        let shownIDs = Set(shown.map(\.id))
        for object in shown {
            lines.append(
                "  \(DOTText.quote(object.id.rawValue)) [\(DOTText.attributes([("label", label(object)), ("class", "node-" + nodeClass(object)), ("href", "#" + HTMLEscaping.objectFragment(object.id.rawValue)), ("tooltip", "\(object.element) \(object.runtimeClass) (\(object.id.rawValue))")]))];"
            )
        }
        if full {
            for object in shown {
                if let parent = object.parent, shownIDs.contains(parent) {
                    lines.append(
                        "  \(DOTText.quote(parent.rawValue)) -> \(DOTText.quote(object.id.rawValue)) [\(DOTText.attributes([("class", "edge-contains"), ("arrowhead", "none"), ("style", "dotted")]))];"
                    )
                }
            }
        }
        var edgeCount = 0
        for connection in graph.connections where shownIDs.contains(connection.source) && edgeCount < 500 {
            let (label, kind) = edgeLabel(connection.kind)
            let target = connection.destination.flatMap { shownIDs.contains($0) ? $0.rawValue : nil }
            guard let target else { continue }
            edgeCount += 1
            lines.append(
                "  \(DOTText.quote(connection.source.rawValue)) -> \(DOTText.quote(target)) [\(DOTText.attributes([("label", label), ("class", "edge-" + kind), ("tooltip", "\(kind) \(label)")]))];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func edgeLabel(_ kind: ConnectionKind) -> (String, String) {
        switch kind {
        case .outlet(let property, _): (property, "outlet")
        case .outletCollection(let property, _, _): (property + "[]", "outletCollection")
        case .action(let selector, _, let event): (event.map { "\(selector) (\($0))" } ?? selector, "action")
        case .binding(let name, _, let keyPath, _): ("\(name): \(keyPath)", "binding")
        case .segue(_, let segue): ([segue.kind, segue.identifier ?? segue.relationship].compactMap { $0 }.joined(separator: " "), "segue")
        }
    }

    static func flow(_ graph: NibGraph) -> String {
        var lines = header("flow", rankdir: "LR")
        let byID = graph.objectsByID
        var sceneOf: [ObjectID: String] = [:]
        for object in graph.objects { if let scene = object.scene { sceneOf[object.id] = scene } }
        for scene in graph.scenes {
            let controller = scene.controller.flatMap { byID[$0] }
            let title = scene.title ?? controller?.runtimeClass ?? "Scene"
            let initial = scene.controller != nil && scene.controller == graph.initialViewController
            var attributes = [
                ("label", initial ? "▶ " + title : title), ("class", initial ? "node-initial" : "node-scene"),
                ("tooltip", "scene \(scene.id)"),
            ]
            attributes.append(("href", "#scene-" + HTMLEscaping.percentEncoded(scene.id)))
            lines.append("  \(DOTText.quote("scene:" + scene.id)) [\(DOTText.attributes(attributes))];")
        }
        var seen = Set<String>()
        for connection in graph.connections {
            guard case .segue(let destination, let segue) = connection.kind,
                let from = sceneOf[connection.source], let to = sceneOf[destination]
            else { continue }
            let label = [segue.kind, segue.identifier].compactMap { $0 }.joined(separator: " ")
            let key = "\(from)|\(to)|\(label)"
            if !seen.insert(key).inserted { continue }
            lines.append(
                "  \(DOTText.quote("scene:" + from)) -> \(DOTText.quote("scene:" + to)) [\(DOTText.attributes([("label", label), ("class", "edge-segue")]))];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The initializer R-INIT-1..7 pick for an object (placeholders are resolved, never created).
    public static func initializer(for object: NibObject, platform: Platform, isStoryboard: Bool) -> String {
        if object.isPlaceholder { return "resolved (placeholder, R-NIB-3)" }
        if object.element == "customObject" { return "init (R-INIT-\(platform.usesAppKit ? 7 : 4))" }
        if platform.usesAppKit && object.element == "customView" { return "initWithFrame: (R-INIT-6)" }
        return "initWithCoder: (R-INIT-\(platform.usesAppKit ? 5 : 2))"
    }

    static func instantiation(_ graph: NibGraph) -> String {
        var lines = header("instantiation", rankdir: "LR")
        var groups: [(String, [NibObject])] = []
        for object in graph.objects.prefix(nodeCap) {
            let key = initializer(for: object, platform: graph.platform, isStoryboard: graph.isStoryboard)
            if let index = groups.firstIndex(where: { $0.0 == key }) {
                groups[index].1.append(object)
            } else {
                groups.append((key, [object]))
            }
        }
        for (index, group) in groups.enumerated() {
            lines.append("  subgraph \(DOTText.quote("cluster_\(index)")) {")
            lines.append("    graph [\(DOTText.attributes([("label", group.0), ("class", "cluster-init")]))];")
            for object in group.1 {
                lines.append(
                    "    \(DOTText.quote(object.id.rawValue)) [\(DOTText.attributes([("label", label(object)), ("class", "node-" + nodeClass(object)), ("href", "#" + HTMLEscaping.objectFragment(object.id.rawValue))]))];"
                )
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Events in order, one lane (cluster) per receiver in order of first appearance; the
    /// chain of "next" edges puts each event on its own row, so lanes read like a sequence chart.
    static func sequence(_ timeline: SiteTimeline) -> String {
        var lines = header("timeline", rankdir: "TB")
        lines.append("  nodesep=0.2; ranksep=0.12; newrank=true;")
        let events = Array(timeline.events.prefix(400))
        var lanes: [String] = []
        var laneOf: [Int: String] = [:]
        for (index, event) in events.enumerated() {
            let lane = event.kind == .message || event.kind == .ivar || event.kind == .showWindow ? (event.receiver ?? "system") : "system"
            if !lanes.contains(lane) { lanes.append(lane) }
            laneOf[index] = lane
        }
        for (laneIndex, lane) in lanes.enumerated() {
            lines.append("  subgraph \(DOTText.quote("cluster_lane\(laneIndex)")) {")
            lines.append(
                "    graph [\(DOTText.attributes([("label", lane == "system" ? "runtime" : lane), ("class", "lane"), ("style", "rounded")]))];"
            )
            for (index, event) in events.enumerated() where laneOf[index] == lane {
                let text: String
                switch event.kind {
                case .message: text = "\(index + 1). \(event.selector ?? "")"
                case .showWindow, .ivar: text = "\(index + 1). \(event.line)"
                default: text = "\(index + 1). \(event.kind.rawValue.uppercased())\n" + wrap(event.detail, width: 48)
                }
                let tooltip = event.ruleID.map { "\(event.line) (\($0))" } ?? event.line
                lines.append(
                    "    e\(index + 1) [\(DOTText.attributes([("label", text), ("class", "ev-" + event.kind.rawValue), ("tooltip", tooltip)]))];"
                )
            }
            lines.append("  }")
        }
        for index in events.indices.dropFirst() {
            lines.append("  e\(index) -> e\(index + 1) [\(DOTText.attributes([("class", "edge-next"), ("arrowsize", "0.5")]))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Breaks long free text (exception reasons) into lines of about `width` characters.
    static func wrap(_ text: String, width: Int) -> String {
        var out: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + word.count + 1 > width {
                out.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { out.append(current) }
        return out.joined(separator: "\n")
    }

    static let states = ["not loaded", "loaded", "appearing", "visible", "disappearing", "hidden", "unloaded"]
    static let possible: [(String, String)] = [
        ("not loaded", "loaded"), ("loaded", "appearing"), ("appearing", "visible"), ("visible", "disappearing"),
        ("disappearing", "hidden"), ("hidden", "appearing"), ("hidden", "unloaded"), ("unloaded", "loaded"),
    ]

    static func lifecycle(_ timeline: SiteTimeline) -> String {
        var lines = header("lifecycle", rankdir: "LR")
        for state in states {
            let visited = timeline.transitions.contains { $0.to == state || $0.from == state }
            lines.append(
                "  \(DOTText.quote(state)) [\(DOTText.attributes([("class", visited ? "state-visited" : "state"), ("shape", "ellipse"), ("style", "solid")]))];"
            )
        }
        let taken = Set(timeline.transitions.map { "\($0.from)|\($0.to)" })
        for (from, to) in possible where !taken.contains("\(from)|\(to)") {
            lines.append(
                "  \(DOTText.quote(from)) -> \(DOTText.quote(to)) [\(DOTText.attributes([("class", "edge-possible"), ("style", "dashed")]))];"
            )
        }
        let controllers = Set(timeline.transitions.map(\.controller))
        for (index, transition) in timeline.transitions.enumerated() {
            let who = controllers.count > 1 ? "\(transition.controller) " : ""
            lines.append(
                "  \(DOTText.quote(transition.from)) -> \(DOTText.quote(transition.to)) [\(DOTText.attributes([("label", "\(index + 1). \(who)\(transition.trigger)"), ("class", "edge-taken")]))];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
