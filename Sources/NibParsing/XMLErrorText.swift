/// libxml2's error numbers (`xmlParserErrors`, which FoundationXML passes through on Linux) in
/// words: what is wrong, never a bare code.
enum XMLErrorText {
    /// The sentence for `code`; `open` is the innermost element still open when parsing stopped.
    /// `atEnd`: libxml2 stopped on the last line, where a cut-off file ends.
    static func reason(code: Int, open: (name: String, line: Int)?, hasRoot: Bool, atEnd: Bool) -> String {
        if let open, code == 5 || code == 77 || code == 0 || atEnd {
            return "not well-formed XML: document ends inside <\(open.name)> opened on line \(open.line) (truncated file?)"
        }
        if code == 5 {
            return hasRoot ? "not well-formed XML: malformed markup or content after the root element" : "not XML: no root element"
        }
        if code == 76 {
            return "not well-formed XML: end tag does not match the open element" + (open.map { " <\($0.name)> (line \($0.line))" } ?? "")
        }
        guard let words = words[code] else { return "not well-formed XML (libxml2 error \(code))" }
        return words.hasPrefix("not ") ? words : "not well-formed XML: " + words
    }

    /// Sentences by libxml2 error number.
    static let words: [Int: String] = [
        1: "the XML parser failed internally",
        2: "out of memory while parsing",
        3: "not XML: no root element", 4: "not XML: no root element",
        6: "malformed character reference (&#x…;)", 7: "malformed character reference (&#…;)",
        8: "character reference to a character XML does not allow",
        9: "a character XML does not allow (control character or invalid byte)",
        10: "character reference cut off by the end of the file", 11: "character reference before the root element",
        12: "character reference after the root element", 14: "entity reference cut off by the end of the file",
        15: "entity reference before the root element", 16: "entity reference after the root element",
        22: "'&' not followed by an entity name (write &amp; for a literal '&')",
        23: "entity reference without its closing ';' (write &amp; for a literal '&')",
        26: "undeclared entity (only &amp; &lt; &gt; &quot; &apos; exist without a DTD)",
        27: "undeclared entity (only &amp; &lt; &gt; &quot; &apos; exist without a DTD)",
        28: "reference to an unparsed entity", 29: "reference to an external entity (not allowed)",
        31: "not XML: unknown text encoding", 32: "not XML: unsupported text encoding",
        33: "a quoted value was expected", 34: "a quoted value is not closed",
        38: "'<' inside an attribute value (write &lt;)", 39: "attribute without a value",
        40: "attribute value not closed (missing quote?)", 41: "attribute without a value (name=\"value\" expected)",
        42: "attribute given twice", 43: "attribute value must be quoted", 44: "attribute value not closed (missing quote?)",
        45: "comment not closed (missing -->)", 46: "processing instruction not started properly",
        47: "processing instruction not closed (missing ?>)", 56: "malformed XML declaration",
        57: "XML declaration not closed (missing ?>)", 61: "DOCTYPE declaration not closed",
        62: "']]>' outside a CDATA section", 63: "CDATA section not closed (missing ]]>)",
        64: "XML declaration not at the start of the file", 65: "a space is missing between attributes",
        66: "a separator is missing", 68: "an element or attribute name was expected (a stray '<' or '&'?)",
        72: "'<' expected", 73: "'>' expected to close the tag", 74: "'</' expected",
        75: "'=' expected after an attribute name", 77: "unfinished tag (truncated file?)",
        80: "'--' inside a comment", 81: "bytes that are not valid in the declared encoding",
        85: "unbalanced elements", 86: "content after the root element", 89: "entities that refer to themselves",
        96: "XML declaration without a version", 104: "element nesting too deep", 110: "a name longer than libxml2 allows",
    ]
}
