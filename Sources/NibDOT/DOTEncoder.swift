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
        let out = ByteText(capacity: 4096)
        out += graph.directed ? "digraph " : "graph "
        appendName(graph.name, into: out)
        out += " {\n"
        let indent = "  "
        if !graph.attributes.isEmpty { line(indent + "graph", graph.attributes, into: out) }
        if !graph.nodeDefaults.isEmpty { line(indent + "node", graph.nodeDefaults, into: out) }
        if !graph.edgeDefaults.isEmpty { line(indent + "edge", graph.edgeDefaults, into: out) }
        write(graph.statements, directed: graph.directed, indent: indent, into: out)
        out += "}\n"
        return out.string
    }

    private static func write(_ statements: [DOTStatement], directed: Bool, indent: String, into out: ByteText) {
        for statement in statements {
            switch statement {
            case .node(let node):
                out.append(indent)
                appendName(node.id, into: out)
                appendAttributes(node.attributes, into: out)
                out.append(byte: UInt8(ascii: "\n"))
            case .edge(let edge):
                out.append(indent)
                appendName(edge.from, into: out)
                out += directed ? " -> " : " -- "
                appendName(edge.to, into: out)
                appendAttributes(edge.attributes, into: out)
                out.append(byte: UInt8(ascii: "\n"))
            case .subgraph(let subgraph):
                out.append(indent)
                out += "subgraph "
                appendName(subgraph.name, into: out)
                out += " {\n"
                let inner = indent + "  "
                for (name, value) in subgraph.attributes {
                    out.append(inner)
                    appendAttributeName(name, into: out)
                    out.append(byte: UInt8(ascii: "="))
                    append(value, into: out)
                    out.append(byte: UInt8(ascii: "\n"))
                }
                write(subgraph.statements, directed: directed, indent: inner, into: out)
                out.append(indent)
                out += "}\n"
            }
        }
    }

    /// ` [a="1", b="2"]` in name order, or nothing when empty, appended to `out` (a graph's
    /// text is built in one string).
    static func appendAttributes(_ attributes: DOTAttributes, into out: ByteText) {
        guard !attributes.isEmpty else { return }
        out += " ["
        var first = true
        for entry in attributes.entries {
            let (key, value) = (entry.key, entry.value)
            if !first { out += ", " }
            first = false
            appendAttributeName(key, into: out)
            out.append(byte: UInt8(ascii: "="))
            append(value, into: out)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    /// `head [attributes]` and a line break.
    private static func line(_ head: String, _ attributes: DOTAttributes, into out: ByteText) {
        out.append(head)
        appendAttributes(attributes, into: out)
        out.append(byte: UInt8(ascii: "\n"))
    }

    /// Attribute names are ours (never input data); anything odd is still quoted.
    /// (Checked and copied in one `withUTF8`: every attribute of every statement passes here.)
    private static func appendAttributeName(_ name: String, into out: ByteText) {
        let written = name.withUTF8Bytes { bytes in
            let plain = !bytes.isEmpty && identifierBytes.containsAll(bytes)
            if plain { out.append(bytes) }
            return plain
        }
        if !written { DOTEscaping.appendQuoted(name, into: out) }
    }

    /// For each byte value, whether an attribute name holding only such bytes is written bare:
    /// ASCII letters, digits and `_`.
    private static let identifierBytes = ByteSet { ByteSet.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") }

    /// One value in its context's escaping.
    static func encode(_ value: DOTValue) -> String {
        let out = ByteText()
        append(value, into: out)
        return out.string
    }

    /// `encode(value)` appended to `out`.
    private static func append(_ value: DOTValue, into out: ByteText) {
        let limit = InputLimits.maxTooltipCharacters
        switch value {
        case .text(let text): DOTEscaping.appendQuotedInPieces(DOTEscaping.truncated(text, limit: limit), into: out)
        case .tooltip(let text): DOTEscaping.appendQuotedInPieces(DOTEscaping.truncated(text, limit: limit), for: .tooltip, into: out)
        case .url(let text): DOTEscaping.appendQuotedInPieces(text, for: .url, into: out)
        case .html(let body):
            out.append(byte: UInt8(ascii: "<"))
            out.append(nonEmptyElements(body))
            out.append(byte: UInt8(ascii: ">"))
        }
    }

    /// Graphviz rejects an HTML-like label with an empty text element (`<B></B>`, which an
    /// empty class or label name would give): such elements are dropped, innermost first.
    static func nonEmptyElements(_ body: String) -> String {
        guard hasTagRightAfterTag(body) else { return body }
        var text = body
        while true {
            let next = text.replacing(/<(B|I|U|O|S|SUB|SUP|FONT)(\s[^>]*)?><\/\1>/, with: "")
            if next == text { return text }
            text = next
        }
    }

    /// Whether `text` holds `></` somewhere: `memmem` over the bytes (`String.contains` with a
    /// string argument goes through the generic collection search, a tenth of the DOT
    /// encoding's time; a Swift loop over the bytes was still 0.7 % of a corpus site's).
    static func hasTagRightAfterTag(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ByteSearch.firstIndex(of: "></", in: $0, from: 0) != nil }
    }

    /// A node, edge-end, subgraph or graph name, quoted (in pieces when long), appended to `out`.
    static func appendName(_ text: String, into out: ByteText) { DOTEscaping.appendQuotedInPieces(text, into: out) }
}
