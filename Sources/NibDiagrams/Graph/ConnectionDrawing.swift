import NibDOT
import NibModel

/// How a connection is drawn: role (style), short label and tooltip sentence.
struct ConnectionDrawing {
    var role: StyleRole
    var label: String
    var tooltip: String

    /// The drawing of `connection` between named ends; `position`: a relationship's place among
    /// its source's relationships of the same name (`NibGraph.relationshipPositions`), drawn as
    /// an index (`viewControllers[2]`: the third tab).
    init(_ connection: Connection, source: String, destination: String, position: Int? = nil) {
        switch connection.kind {
        case .outlet(let property, _):
            role = .outlet
            label = property
            // Appended as bytes: outlets are most of a graph's edges.
            let text = ByteText(capacity: 64 + 2 * property.utf8.count + source.utf8.count + destination.utf8.count)
            text += "outlet "
            text += property
            text += ": "
            text += source
            text += "."
            text += property
            text += " = "
            text += destination
            tooltip = text.string
        case .outletCollection(let property, _, let appends):
            role = .outletCollection
            label = property + "[]"
            tooltip = "outlet collection \(property)\(appends ? " (appends)" : ""): \(source).\(property) ∋ \(destination)"
        case .action(let selector, let target, let event):
            role = target == nil ? .nilTarget : .action
            label = selector + (event.map { " · " + $0 } ?? "")
            let whom = target == nil ? "nil target (responder chain)" : destination
            tooltip = "action \(selector)\(event.map { " on \($0)" } ?? ""): \(source) → \(whom)"
        case .binding(let name, _, let keyPath, let options):
            role = .binding
            label = name + " → " + keyPath
            let optionText = options.isEmpty ? "" : " options {" + options.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}"
            tooltip = "binding \(name): \(source) ⇄ \(destination).\(keyPath)\(optionText)"
        case .segue(_, let segue):
            let isRelationship = segue.kind == "relationship"
            role = isRelationship ? .relationship : .segue
            if isRelationship {
                label = (segue.relationship ?? "relationship") + (position.map { "[\($0)]" } ?? "")
            } else {
                label = segue.kind + (segue.identifier.map { " “\($0)”" } ?? "")
            }
            var text = "segue \(segue.kind)"
            if let identifier = segue.identifier { text += " “\(identifier)”" }
            if let relationship = segue.relationship { text += " (\(relationship)\(position.map { "[\($0)]" } ?? ""))" }
            if let custom = segue.customClass { text += " class \(custom)" }
            tooltip = text + ": \(source) → \(destination)"
        }
    }

    /// The legend order and text of the edge roles.
    static let legendEntries: [(StyleRole, String)] = [
        (.outlet, "outlet"),
        (.outletCollection, "outlet collection"),
        (.action, "action (selector · event)"),
        (.nilTarget, "nil-target action → First Responder"),
        (.binding, "binding (name → keyPath)"),
        (.segue, "segue (kind “identifier”)"),
        (.relationship, "relationship segue"),
    ]
}

/// The legend cluster: one sample edge per role used, and a placeholder sample.
enum Legend {
    /// Node roles in legend order with their meaning.
    static let nodeSamples: [(StyleRole, String)] = [
        (.controller, "controller"), (.window, "window"), (.object, "object"), (.placeholder, "placeholder (resolved, not created)"),
        (.external, "object in another scene"), (.scene, "scene"), (.initial, "initial controller"),
        (.reference, "storyboard reference"), (.lifecycleEvent, "lifecycle callback"), (.event, "message"),
        (.note, "log, resolution, stage"), (.exception, "exception or rejected step"), (.crash, "crash"),
        (.visited, "view state reached"), (.state, "view state not reached"),
    ]

    /// A legend subgraph for `roles` (edge roles) and node roles, in fixed order.
    static func subgraph(edgeRoles: Set<StyleRole>, nodeRoles: Set<StyleRole>, style: DiagramStyle, leftToRight: Bool = false)
        -> DOTSubgraph
    {
        var legend = DOTSubgraph("cluster_legend", style.attributes(.legend))
        legend.attributes["label"] = "Legend"
        var previousSample: String?
        for (role, text) in nodeSamples where nodeRoles.contains(role) {
            var attrs = style.attributes(role, classes: ["legend-sample"])
            attrs["label"] = .text(text)
            legend.append(.node(DOTNode("legend:" + role.rawValue, attrs)))
            // Top to bottom, unconnected samples would share a rank side by side: stack them.
            if !leftToRight, let previousSample {
                legend.append(.edge(DOTEdge(previousSample, "legend:" + role.rawValue, ["style": "invis", "class": "legend-key"])))
            }
            previousSample = "legend:" + role.rawValue
        }
        // One row per entry. Top to bottom: tail and head share a rank so the sample edge is
        // horizontal, and invisible edges stack the rows. Left to right: the tails share a rank.
        var previous: String?
        var tails = DOTSubgraph("legend-tails", ["rank": "same"])
        for (role, text) in ConnectionDrawing.legendEntries where edgeRoles.contains(role) {
            let from = "legend:" + role.rawValue + ":from"
            let to = "legend:" + role.rawValue + ":to"
            let point: DOTAttributes = ["shape": "point", "width": "0.04", "style": "invis", "class": "legend-key"]
            if leftToRight {
                tails.append(.node(DOTNode(from, point)))
                legend.append(.node(DOTNode(to, point)))
            } else {
                var row = DOTSubgraph("legend-row:" + role.rawValue, ["rank": "same"])
                row.append(.node(DOTNode(from, point)))
                row.append(.node(DOTNode(to, point)))
                legend.append(.subgraph(row))
            }
            var attrs = style.attributes(role, classes: ["legend-key"])
            attrs["label"] = .text(text)
            attrs["tooltip"] = .tooltip(text)
            attrs["minlen"] = leftToRight ? "1" : "3"
            legend.append(.edge(DOTEdge(from, to, attrs)))
            if !leftToRight, let previous { legend.append(.edge(DOTEdge(previous, from, ["style": "invis", "class": "legend-key"]))) }
            previous = from
        }
        if leftToRight, !tails.statements.isEmpty { legend.append(.subgraph(tails)) }
        return legend
    }
}
