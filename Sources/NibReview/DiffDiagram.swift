import NibModel

/// A diff as a Graphviz diagram: the storyboard flow (scenes and segues) or, for xibs, the
/// object graph, with additions, removals and changes styled distinctly, unchanged parts faded
/// and a legend. Deterministic text; render it with GraphvizRender.
public enum DiffDiagram {
    /// The DOT text for `diff`, titled `title` (usually the file path).
    public static func dot(_ diff: NibDiff, title: String, maxNodes: Int = 24) -> String {
        if diff.new.isStoryboard || diff.old.isStoryboard {
            return FlowDiffDiagram(diff: diff).dot(title: title, maxScenes: 16)
        }
        return GraphDiffDiagram(diff: diff).dot(title: title, maxNodes: maxNodes)
    }
}

/// A node of a diff diagram before it is written out.
struct DiffNode {
    var key: String
    var title: String
    var subtitle: String?
    var status: DiffStatus
    var lines: [(DiffStatus, String)] = []
    /// The storyboard entry point: drawn as a dot.
    var isEntry = false
}

/// An edge of a diff diagram before it is written out.
struct DiffEdge {
    var from: String
    var to: String
    var label: String?
    var status: DiffStatus
    /// `solid`, `dashed`, `dotted`, `bold` by connection kind.
    var style: String
    var arrowhead: String = "normal"
    var isHierarchy = false
}

/// Writes nodes, edges and the legend as DOT.
struct DiffDOTWriter {
    var title: String
    var headline: String
    var note: String?
    var rankdir = "LR"
    var kindLegend: [(String, String)] = []

    func write(nodes: [DiffNode], edges: [DiffEdge]) -> String {
        var ids: [String: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.key] = "n\(index)" }
        // Title, headline and legend share the graph label, so the legend never floats among nodes.
        var rows = [
            "<tr><td><b>\(DiffEscaping.html(title))</b></td></tr>",
            "<tr><td><font point-size=\"11\">\(DiffEscaping.html(headline))</font></td></tr>",
        ]
        if let note { rows.append("<tr><td><font point-size=\"9\" color=\"#57606a\">\(DiffEscaping.html(note))</font></td></tr>") }
        rows.append("<tr><td>\(legend())</td></tr>")
        let caption = "<table border=\"0\" cellspacing=\"0\" cellpadding=\"2\">\(rows.joined())</table>"
        var out = [
            "digraph \"nibviz_diff\" {",
            "  graph [rankdir=\(rankdir), label=<\(caption)>, labelloc=t, fontname=\"Helvetica\", fontsize=14, nodesep=0.35, ranksep=0.7, pad=0.3, bgcolor=\"white\"];",
            "  node [shape=box, fontname=\"Helvetica\", fontsize=11, margin=\"0.14,0.06\", penwidth=1.2];",
            "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];",
        ]
        for node in nodes {
            guard let id = ids[node.key] else { continue }
            let s = node.status
            if node.isEntry {
                out.append(
                    "  \(id) [shape=point, width=0.15, color=\"\(s == .unchanged ? "#57606a" : s.color)\", tooltip=\"initial view controller\"];"
                )
                continue
            }
            out.append(
                "  \(id) [label=<\(label(node))>, style=\"\(s.nodeStyle)\", color=\"\(s.color)\", fillcolor=\"\(s.fill)\", fontcolor=\"\(s.fontColor)\", tooltip=\(DiffEscaping.quoted(node.title + " (" + s.legend + ")", tooltip: true)), class=\"diff_\(s.rawValue)\"];"
            )
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let s = edge.status
            var attributes = [
                "color=\"\(edge.isHierarchy ? "#d0d7de" : s.color)\"", "style=\"\(edge.style)\"", "arrowhead=\(edge.arrowhead)",
                "class=\"diff_\(s.rawValue)\"",
            ]
            if let label = edge.label {
                attributes.append("label=\(DiffEscaping.quoted(DiffEscaping.clip(label, 64)))")
                attributes.append("fontcolor=\"\(s == .unchanged ? "#8c959f" : s.color)\"")
            }
            if s != .unchanged && !edge.isHierarchy { attributes.append("penwidth=2") }
            if edge.isHierarchy { attributes.append("weight=3") }
            out.append("  \(from) -> \(to) [\(attributes.joined(separator: ", "))];")
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    private func label(_ node: DiffNode) -> String {
        var rows = ["<tr><td><b>\(DiffEscaping.html(DiffEscaping.clip(node.title, 48)))</b></td></tr>"]
        if let subtitle = node.subtitle {
            rows.append("<tr><td><font point-size=\"9\">\(DiffEscaping.html(DiffEscaping.clip(subtitle, 72)))</font></td></tr>")
        }
        for (status, line) in node.lines {
            rows.append(
                "<tr><td align=\"left\"><font point-size=\"9\" color=\"\(status.color)\">\(DiffEscaping.html(status.sign + " " + DiffEscaping.clip(line, 88)))</font></td></tr>"
            )
        }
        return "<table border=\"0\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"1\">" + rows.joined() + "</table>"
    }

    /// The legend: one swatch per status, then the connection styles.
    private func legend() -> String {
        var cells = DiffStatus.allCases.map { s in
            "<td bgcolor=\"\(s.fill)\" color=\"\(s.color)\" border=\"1\" style=\"rounded\"><font color=\"\(s.fontColor)\" point-size=\"9\">\(s.legend)</font></td>"
        }
        for (name, style) in kindLegend {
            cells.append(
                "<td border=\"0\"><font point-size=\"9\" color=\"#57606a\">\(DiffEscaping.html(name)): \(DiffEscaping.html(style))</font></td>"
            )
        }
        return
            "<table border=\"0\" cellspacing=\"4\" cellpadding=\"3\"><tr><td border=\"0\"><font point-size=\"9\" color=\"#57606a\">Legend:</font></td>\(cells.joined())</tr></table>"
    }
}
