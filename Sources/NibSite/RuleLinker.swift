import NibDOT
import NibModel

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
        var bytes = html
        return bytes.withUTF8 { link($0) } ?? html
    }

    /// `link` over the page's UTF-8 bytes: runs of text without an id, tags, links and whole
    /// `<svg>` elements are copied in bulk (pages with big inline SVGs run to megabytes); ids
    /// are searched only in text. Nil when there is no id: the text stays as it is, neither
    /// copied nor made text again (most of a page's blocks).
    private mutating func link(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        var index = 0
        var copied = 0
        var anchorDepth = 0
        let lt = UInt8(ascii: "<")
        func copyRun() { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
        // Only a `<` or an `R-`/`G-` can start anything: the bytes between are passed over 16 at
        // a time (a byte-by-byte loop over every page's text was a quarter of linking it).
        while let found = ByteSearch.nextTagOrRuleID(in: bytes, from: index) {
            index = found
            let byte = bytes[index]
            if byte == lt {
                if Self.hasPrefix(bytes, at: index, "<svg"), let close = ByteSearch.firstIndex(of: "</svg>", in: bytes, from: index) {
                    index = close + 6
                    continue
                }
                if Self.hasPrefix(bytes, at: index, "<a ") || Self.hasPrefix(bytes, at: index, "<a>") { anchorDepth += 1 }
                if Self.hasPrefix(bytes, at: index, "</a>") { anchorDepth = max(0, anchorDepth - 1) }
                // A page's tags are short (`<td>`, `<code>`): a loop finds their end sooner than
                // a `memchr` call per tag.
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index = min(index + 1, bytes.count)
                continue
            }
            // Here an `R` or a `G` followed by `-`.
            if index + 3 < bytes.count, index == 0 || !Self.isWord(bytes[index - 1]), let (id, length) = Self.matchID(bytes, at: index) {
                if out.capacity == 0 { out.reserveCapacity(bytes.count + bytes.count / 8) }
                copyRun()
                let isRule = byte == UInt8(ascii: "R")
                if isRule { cited.append(id) }
                let href = anchorDepth == 0 ? (isRule ? ruleHref(id) : goldenHref(id)) : nil
                // Appended piece by piece: a timeline's table cites a rule on every row.
                if let href {
                    out.append(contentsOf: isRule ? #"<a class="rule-ref" href=""#.utf8 : #"<a class="golden-ref" href=""#.utf8)
                    out.append(contentsOf: href.utf8)
                    out.append(contentsOf: #"">"#.utf8)
                    out.append(contentsOf: id.utf8)
                    out.append(contentsOf: "</a>".utf8)
                } else {
                    out.append(contentsOf: id.utf8)
                }
                index += length
                copied = index
                continue
            }
            index += 1
        }
        guard copied > 0 else { return nil }
        copyRun()
        return String(decoding: out, as: UTF8.self)
    }

    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }

    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `R-ABC-12` / `G-ABC-1` / `G-ABC-1-a` at `start`, with its length in bytes.
    static func matchID(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
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
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), index - start)
    }
}
