import NibDOT
import NibDiffing

/// Encodes a diff picture as a Mermaid flowchart (the subset GitHub and GitLab render inline):
/// `flowchart LR`, quoted node and edge labels with every special character written as a
/// Mermaid entity, one `classDef` per status and `linkStyle` lines for edge colours.
enum DiffMermaid {
    static func flowchart(_ picture: DiffPicture) -> String {
        var ids: [String: String] = [:]
        for (index, node) in picture.nodes.enumerated() { ids[node.key] = "n\(index)" }
        var lines = ["flowchart \(picture.rankdir == "LR" ? "LR" : "TB")"]
        var byStatus: [DiffStatus: [String]] = [:]
        for node in picture.nodes {
            guard let id = ids[node.key] else { continue }
            if node.isEntry {
                lines.append("  \(id)((\"start\"))")
            } else {
                var parts = ["<b>" + text(DOTEscaping.truncated(node.title, limit: 48)) + "</b>"]
                if let subtitle = node.subtitle { parts.append(text(DOTEscaping.truncated(subtitle, limit: 72))) }
                for (status, line) in node.lines { parts.append(text(status.sign + " " + DOTEscaping.truncated(line, limit: 88))) }
                lines.append("  \(id)[\"\(parts.joined(separator: "<br/>"))\"]")
            }
            byStatus[node.status, default: []].append(id)
        }
        var linkStyles: [String] = []
        var index = 0
        for edge in picture.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow: String
            if edge.isHierarchy {
                arrow = "---"
            } else if edge.status == .removed || edge.style == "dashed" || edge.style == "dotted" {
                arrow = "-.->"
            } else if edge.status != .unchanged {
                arrow = "==>"
            } else {
                arrow = "-->"
            }
            let label = edge.label.map { "|\"" + text(DOTEscaping.truncated($0, limit: 64)) + "\"|" } ?? ""
            lines.append("  \(from) \(arrow)\(label) \(to)")
            let role = edge.isHierarchy ? StyleRole.diffHierarchy : edge.status.edgeRole
            let color = Palette.colors(role, dark: false).stroke
            linkStyles.append("  linkStyle \(index) stroke:\(color),stroke-width:\(edge.status == .unchanged ? 1 : 2)px")
            index += 1
        }
        lines += linkStyles
        for status in DiffStatus.allCases {
            let colors = Palette.colors(status.nodeRole, dark: false)
            lines.append("  classDef \(status.rawValue) fill:\(colors.fill),stroke:\(colors.stroke),color:\(colors.text)")
        }
        for status in DiffStatus.allCases {
            if let members = byStatus[status], !members.isEmpty {
                lines.append("  class \(members.joined(separator: ",")) \(status.rawValue)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for inside a quoted Mermaid label: one line, and every character Mermaid or the
    /// Markdown fence could read as syntax (`"`, `#`, `;`, `<`, `>`, `&`, backticks, `|`,
    /// brackets) as a `#code;` entity.
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\r", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\t": out += " "
            case "\"", "#", ";", "<", ">", "&", "`", "|", "[", "]", "(", ")", "{", "}", "\\", "@", "*", "_", "~", "%":
                out += "#\(scalar.value);"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
