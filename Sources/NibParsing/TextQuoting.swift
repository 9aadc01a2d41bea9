/// Document text (ids, class names, labels) in messages and dumps, escaped so a hand-edited
/// document cannot forge lines with newlines or control characters.

/// The text as a JSON-style string literal: `"a\"b"`.
func quote(_ text: String) -> String {
    var out = ""
    JSONValue.quote(text, into: &out)
    return out
}

/// The text as is when it is one plain word, else `quote(text)`.
func plain(_ text: String) -> String {
    let isPlain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "\u{7F}" }
    return isPlain ? text : quote(text)
}

/// The text as is unless it holds control characters (file paths keep their spaces).
func printable(_ text: String) -> String {
    text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" } ? quote(text) : text
}
