import NibDOT
import NibDiffing
import NibModel

/// A diff as a diagram: the storyboard flow (scenes and segues) or, for xibs, the object
/// graph, with additions, removals and changes styled distinctly and unchanged parts faded.
/// One picture, two encodings: Graphviz DOT (NibDiagrams' DOT model and themes) and a Mermaid
/// flowchart that GitHub and GitLab render inline.
public enum DiffDiagram {
    /// The DOT text for `diff`, titled `title` (usually the file path), in `theme`.
    public static func dot(_ diff: NibDiff, title: String, theme: DiagramTheme = .light, maxNodes: Int = 24) -> String {
        DOTEncoder.encode(DiffDOT.graph(picture(diff, title: title, maxNodes: maxNodes), theme: theme))
    }

    /// The Mermaid flowchart for `diff` (without the Markdown fence).
    public static func mermaid(_ diff: NibDiff, title: String, maxNodes: Int = 24) -> String {
        DiffMermaid.flowchart(picture(diff, title: title, maxNodes: maxNodes))
    }

    /// The picture both encodings draw.
    static func picture(_ diff: NibDiff, title: String, maxNodes: Int) -> DiffPicture {
        if diff.new.isStoryboard || diff.old.isStoryboard {
            return FlowDiffDiagram(diff: diff).picture(title: title, maxScenes: 16)
        }
        return GraphDiffDiagram(diff: diff).picture(title: title, maxNodes: maxNodes)
    }
}

/// What a diff diagram shows, before it is encoded.
struct DiffPicture {
    var title: String
    var headline: String
    var note: String?
    var rankdir = "LR"
    var kindLegend: [(String, String)] = []
    var nodes: [DiffNode] = []
    var edges: [DiffEdge] = []
}

/// A node of a diff diagram.
struct DiffNode {
    var key: String
    var title: String
    var subtitle: String?
    var status: DiffStatus
    var lines: [(DiffStatus, String)] = []
    /// The storyboard entry point: drawn as a dot.
    var isEntry = false
}

/// An edge of a diff diagram.
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

/// Encodes a picture as a `DOTGraph` with NibDiagrams' styles, so the diff has the same
/// quoting, classes and light/dark palette as every other diagram.
enum DiffDOT {
    static func graph(_ picture: DiffPicture, theme: DiagramTheme) -> DOTGraph {
        let style = DiagramStyle(theme: theme)
        let dark = theme.drawsDark
        var ids: [String: String] = [:]
        for (index, node) in picture.nodes.enumerated() { ids[node.key] = "n\(index)" }
        var graph = DOTGraph(name: "nibviz_diff")
        graph.attributes = style.graphAttributes(rankdir: picture.rankdir)
        graph.attributes["label"] = .html(caption(picture, dark: dark))
        graph.attributes["labelloc"] = "t"
        graph.attributes["ranksep"] = "0.7"
        graph.attributes["nodesep"] = "0.35"
        graph.nodeDefaults = style.nodeDefaults
        graph.edgeDefaults = style.edgeDefaults
        for node in picture.nodes {
            guard let id = ids[node.key] else { continue }
            var attributes = style.attributes(node.status.nodeRole)
            if node.isEntry {
                attributes["shape"] = "point"
                attributes["width"] = "0.15"
                attributes["tooltip"] = .tooltip("initial view controller")
            } else {
                attributes["label"] = .html(label(node, dark: dark))
                attributes["style"] = .text(node.status.nodeStyle)
                attributes["tooltip"] = .tooltip(node.title + " (" + node.status.legend + ")")
            }
            graph.append(.node(DOTNode(id, attributes)))
        }
        for edge in picture.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let role: StyleRole = edge.isHierarchy ? (edge.status == .removed ? .diffRemovedEdge : .diffHierarchy) : edge.status.edgeRole
            var attributes = style.attributes(role)
            attributes["style"] = .text(edge.style)
            attributes["arrowhead"] = .text(edge.arrowhead)
            if let label = edge.label { attributes["label"] = .text(DOTEscaping.truncated(label, limit: 64)) }
            if edge.status != .unchanged && !edge.isHierarchy { attributes["penwidth"] = "2" }
            if edge.isHierarchy { attributes["weight"] = "3" }
            graph.append(.edge(DOTEdge(from, to, attributes)))
        }
        return graph
    }

    /// Title, headline, note and legend share the graph label, so the legend never floats among nodes.
    private static func caption(_ picture: DiffPicture, dark: Bool) -> String {
        let muted = Palette.colors(.diffCosmetic, dark: dark).text
        var rows = [
            "<tr><td><b>\(DOTEscaping.html(oneLine(picture.title)))</b></td></tr>",
            "<tr><td><font point-size=\"11\">\(DOTEscaping.html(picture.headline))</font></td></tr>",
        ]
        if let note = picture.note {
            rows.append("<tr><td><font point-size=\"9\" color=\"\(muted)\">\(DOTEscaping.html(note))</font></td></tr>")
        }
        var cells = DiffStatus.allCases.map { s in
            let colors = Palette.colors(s.nodeRole, dark: dark)
            return
                "<td bgcolor=\"\(colors.fill)\" color=\"\(colors.stroke)\" border=\"1\" style=\"rounded\"><font color=\"\(colors.text)\" point-size=\"9\">\(s.legend)</font></td>"
        }
        for (name, style) in picture.kindLegend {
            cells.append(
                "<td border=\"0\"><font point-size=\"9\" color=\"\(muted)\">\(DOTEscaping.html(name)): \(DOTEscaping.html(style))</font></td>"
            )
        }
        rows.append(
            "<tr><td><table border=\"0\" cellspacing=\"4\" cellpadding=\"3\"><tr><td border=\"0\"><font point-size=\"9\" color=\"\(muted)\">Legend:</font></td>\(cells.joined())</tr></table></td></tr>"
        )
        return "<table border=\"0\" cellspacing=\"0\" cellpadding=\"2\">\(rows.joined())</table>"
    }

    private static func label(_ node: DiffNode, dark: Bool) -> String {
        var rows = ["<tr><td><b>\(DOTEscaping.html(DOTEscaping.truncated(oneLine(node.title), limit: 48)))</b></td></tr>"]
        if let subtitle = node.subtitle {
            rows.append(
                "<tr><td><font point-size=\"9\">\(DOTEscaping.html(DOTEscaping.truncated(oneLine(subtitle), limit: 72)))</font></td></tr>")
        }
        for (status, line) in node.lines {
            let color = Palette.colors(status.edgeRole, dark: dark).stroke
            for (index, part) in (status == .changed ? wrapped(oneLine(line)) : [oneLine(line)]).enumerated() {
                let text = (index == 0 ? status.sign + " " : "    ") + DOTEscaping.truncated(part, limit: 88)
                rows.append("<tr><td align=\"left\"><font point-size=\"9\" color=\"\(color)\">\(DOTEscaping.html(text))</font></td></tr>")
            }
        }
        return "<table border=\"0\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"1\">" + rows.joined() + "</table>"
    }

    /// A long changed `field: old → new` line as two rows, the new value under the old one: a frame
    /// change is ~80 characters on one row, and a left-to-right diagram is as wide as its widest
    /// node per rank (Tunnelblick's login window edit: 4274 px for eight ranks of them).
    static func wrapped(_ line: String) -> [String] {
        guard line.count > 56, let arrow = line.range(of: " → ") else { return [line] }
        return [String(line[..<arrow.lowerBound]), "→ " + line[arrow.upperBound...]]
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
