/// Quoting for DOT identifiers and attribute values used by the built-in diagrams.
enum DOTText {
    /// A double-quoted DOT string: backslashes, quotes and newlines escaped (`\n` centres a line).
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            default:
                if scalar.value < 0x20 { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// `key=value, …` with values quoted, in the given order.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(quote($0.1))" }.joined(separator: ", ")
    }
}
