import NibModel

/// Writes `DOTGraph` values as DOT text: statements in document order, attributes sorted by
/// name, every string quoted through `DOTEscaping`, so equal values give equal bytes.
///
/// Graphviz's scanner rejects a quoted string longer than 16,384 bytes, so long names and
/// values are written as DOT string concatenations (`"…" + "…"`), whole; text values stop at
/// `InputLimits.maxTooltipCharacters`.
public enum DOTEncoder {
    /// The DOT text of `graph`, ending with a newline.
    public static func encode(_ graph: DOTGraph) -> String {
        var out = ""
        out += graph.directed ? "digraph " : "graph "
        out += name(graph.name) + " {\n"
        let indent = "  "
        if !graph.attributes.isEmpty { line(indent + "graph", graph.attributes, into: &out) }
        if !graph.nodeDefaults.isEmpty { line(indent + "node", graph.nodeDefaults, into: &out) }
        if !graph.edgeDefaults.isEmpty { line(indent + "edge", graph.edgeDefaults, into: &out) }
        write(graph.statements, directed: graph.directed, indent: indent, into: &out)
        out += "}\n"
        return out
    }

    private static func write(_ statements: [DOTStatement], directed: Bool, indent: String, into out: inout String) {
        for statement in statements {
            switch statement {
            case .node(let node):
                out += indent
                out += name(node.id)
                appendAttributes(node.attributes, into: &out)
                out += "\n"
            case .edge(let edge):
                out += indent
                out += name(edge.from)
                out += directed ? " -> " : " -- "
                out += name(edge.to)
                appendAttributes(edge.attributes, into: &out)
                out += "\n"
            case .subgraph(let subgraph):
                out += indent + "subgraph " + name(subgraph.name) + " {\n"
                let inner = indent + "  "
                for (name, value) in subgraph.attributes.sorted(by: { $0.key < $1.key }) {
                    out += inner + attributeName(name) + "=" + encode(value) + "\n"
                }
                write(subgraph.statements, directed: directed, indent: inner, into: &out)
                out += indent + "}\n"
            }
        }
    }

    /// ` [a="1", b="2"]` sorted by name, or nothing when empty, appended to `out` (a graph's
    /// text is built in one string).
    static func appendAttributes(_ attributes: DOTAttributes, into out: inout String) {
        guard !attributes.isEmpty else { return }
        out += " ["
        var first = true
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            if !first { out += ", " }
            first = false
            out += attributeName(key)
            out += "="
            out += encode(value)
        }
        out += "]"
    }

    /// `head [attributes]` and a line break.
    private static func line(_ head: String, _ attributes: DOTAttributes, into out: inout String) {
        out += head
        appendAttributes(attributes, into: &out)
        out += "\n"
    }

    /// Attribute names are ours (never input data); anything odd is still quoted.
    private static func attributeName(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
        return plain ? name : DOTEscaping.quoted(name)
    }

    /// One value in its context's escaping.
    static func encode(_ value: DOTValue) -> String {
        let limit = InputLimits.maxTooltipCharacters
        return switch value {
        case .text(let text): DOTEscaping.quotedInPieces(DOTEscaping.truncated(text, limit: limit))
        case .tooltip(let text): DOTEscaping.quotedInPieces(DOTEscaping.truncated(text, limit: limit), for: .tooltip)
        case .url(let text): DOTEscaping.quotedInPieces(text, for: .url)
        case .html(let body): "<" + nonEmptyElements(body) + ">"
        }
    }

    /// Graphviz rejects an HTML-like label with an empty text element (`<B></B>`, which an
    /// empty class or label name would give): such elements are dropped, innermost first.
    static func nonEmptyElements(_ body: String) -> String {
        guard body.contains("></") else { return body }
        var text = body
        while true {
            let next = text.replacing(/<(B|I|U|O|S|SUB|SUP|FONT)(\s[^>]*)?><\/\1>/, with: "")
            if next == text { return text }
            text = next
        }
    }

    /// A node, edge-end, subgraph or graph name, quoted (in pieces when long).
    static func name(_ text: String) -> String { DOTEscaping.quotedInPieces(text) }
}
