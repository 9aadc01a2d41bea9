import NibParsing

/// A tiny deterministic JSON writer: keys in the order given, one array element per line.
///
/// Hand-written instead of `JSONEncoder` so key order, `null`s and line layout are stable
/// byte for byte (goldens, `git diff` of exports) without sorting keys alphabetically.
enum JSONValue {
    case string(String?)
    case int(Int)
    case bool(Bool)
    case object([(String, JSONValue)])
    case array([JSONValue])

    /// Compact text of the value (no newlines).
    var compact: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let value?): Self.quote(value, into: &out)
        case .string(nil): out += "null"
        case .int(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out += ", " }
                Self.quote(key, into: &out)
                out += ": "
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `text` as a JSON string literal (`TextQuoting.quote`, the one quoting of document text).
    static func quote(_ text: String, into out: inout String) { out += TextQuoting.quote(text) }

    /// A top-level object laid out for diffs: one key per line, arrays one element per line.
    static func document(_ pairs: [(String, JSONValue)]) -> String {
        var lines = ["{"]
        for (index, (key, value)) in pairs.enumerated() {
            let comma = index + 1 < pairs.count ? "," : ""
            var name = ""
            Self.quote(key, into: &name)
            if case .array(let items) = value, !items.isEmpty {
                lines.append("  \(name): [")
                for (itemIndex, item) in items.enumerated() {
                    lines.append("    " + item.compact + (itemIndex + 1 < items.count ? "," : ""))
                }
                lines.append("  ]" + comma)
            } else {
                lines.append("  \(name): \(value.compact)\(comma)")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
