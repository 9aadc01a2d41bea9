/// Document text (ids, class names, labels) in messages and dumps, escaped so a hand-edited
/// document cannot forge lines with newlines or control characters. `inspect` output
/// (NibInspect) and the parser's own diagnostics use these same functions.
public enum TextQuoting {
    /// The text as a JSON string literal: `"a\"b"`.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The text as is when it is one plain word, else `quote(text)`.
    public static func plain(_ text: String) -> String {
        let isPlain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "\u{7F}" }
        return isPlain ? text : quote(text)
    }

    /// The text as is unless it holds control characters (file paths keep their spaces).
    public static func printable(_ text: String) -> String {
        text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" } ? quote(text) : text
    }
}

extension TextQuoting {
    /// `a UIButton`, `an NSObject`, `an ARSerifLabel`: a class name with the article it is read
    /// with. A name that starts with two capitals starts with a prefix read letter by letter
    /// (`NS` is "en-ess", `UI` "you-eye"); any other starts with a word.
    public static func withArticle(_ name: String) -> String {
        let letters = Array(name.unicodeScalars.prefix(2))
        guard let first = letters.first else { return "a " + name }
        let isPrefix = letters.count == 2 && letters.allSatisfy { $0.properties.isUppercase }
        let vowelSound = isPrefix ? "AEFHILMNORSX".unicodeScalars.contains(first) : "AEIOaeio".unicodeScalars.contains(first)
        return (vowelSound ? "an " : "a ") + name
    }
}
