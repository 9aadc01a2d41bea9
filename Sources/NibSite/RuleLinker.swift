/// Turns SPEC rule ids (`R-NIB-1`) and golden ids (`G-REL-1`) in rendered HTML text into links:
/// rules to their anchor on the rule index, goldens to their scenario page. Text inside links,
/// tags and inline SVG is left alone.
struct RuleLinker {
    /// Known rule ids → href (relative to the page being linked).
    var ruleHref: (String) -> String?
    /// Known golden ids → href.
    var goldenHref: (String) -> String?

    /// Rule ids seen (linked or not), for the "every cited id exists" check.
    private(set) var cited: [String] = []

    init(ruleHref: @escaping (String) -> String?, goldenHref: @escaping (String) -> String?) {
        self.ruleHref = ruleHref
        self.goldenHref = goldenHref
    }

    mutating func link(_ html: String) -> String {
        // Works on UTF-8 bytes: pages with big inline SVGs run to megabytes. Tags, links and
        // whole <svg> elements are copied in bulk; ids are searched only in text.
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        var anchorDepth = 0
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
        while index < bytes.count {
            let byte = bytes[index]
            if byte == lt {
                if Self.hasPrefix(bytes, at: index, "<svg"), let close = Self.find(bytes, "</svg>", from: index) {
                    out.append(contentsOf: bytes[index..<close + 6])
                    index = close + 6
                    continue
                }
                var end = index
                while end < bytes.count && bytes[end] != gt { end += 1 }
                if Self.hasPrefix(bytes, at: index, "<a ") || Self.hasPrefix(bytes, at: index, "<a>") { anchorDepth += 1 }
                if Self.hasPrefix(bytes, at: index, "</a>") { anchorDepth = max(0, anchorDepth - 1) }
                let stop = min(end + 1, bytes.count)
                out.append(contentsOf: bytes[index..<stop])
                index = stop
                continue
            }
            if byte == UInt8(ascii: "R") || byte == UInt8(ascii: "G"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"),
                index == 0 || !Self.isWord(bytes[index - 1]), let (id, length) = Self.matchID(bytes, at: index)
            {
                let isRule = byte == UInt8(ascii: "R")
                if isRule { cited.append(id) }
                let href = anchorDepth == 0 ? (isRule ? ruleHref(id) : goldenHref(id)) : nil
                if let href {
                    out.append(contentsOf: Array("<a class=\"\(isRule ? "rule" : "golden")-ref\" href=\"\(href)\">\(id)</a>".utf8))
                } else {
                    out.append(contentsOf: Array(id.utf8))
                }
                index += length
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hasPrefix(_ bytes: [UInt8], at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    static func find(_ bytes: [UInt8], _ needle: StaticString, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), hasPrefix(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }

    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }

    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `R-ABC-12` / `G-ABC-1` / `G-ABC-1-a` at `start`, with its length in bytes.
    static func matchID(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        let dash = UInt8(ascii: "-")
        var index = start + 2
        let lettersStart = index
        while index < bytes.count, isUpper(bytes[index]) { index += 1 }
        guard index > lettersStart, index < bytes.count, bytes[index] == dash else { return nil }
        index += 1
        let digitsStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart else { return nil }
        if bytes[start] == UInt8(ascii: "G"), index + 1 < bytes.count, bytes[index] == dash, isLower(bytes[index + 1]),
            index + 2 >= bytes.count || !isWord(bytes[index + 2])
        {
            index += 2
        }
        if index < bytes.count, isLower(bytes[index]) || isUpper(bytes[index]) { return nil }
        return (String(decoding: bytes[start..<index], as: UTF8.self), index - start)
    }
}
