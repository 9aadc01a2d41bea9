/// Keeps a page's bytes valid UTF-8 without making text of them: an inlined SVG goes from
/// Graphviz into the page's file as bytes, and checking it through `String(decoding:)` (a copy
/// and a validation of each figure's megabytes) was ~2 % of a corpus build's CPU. SVG is almost
/// all ASCII, which is checked eight bytes at a time; a multi-byte sequence is checked where it
/// stands, and only bytes that are not UTF-8 send the run through `String(decoding:)`. Not the
/// standard library's `UTF8Span(validating:)` (Swift 6.2): on 50 MB of mostly-ASCII text it took
/// 20–29 ms against this check's 7 ms, and it needs macOS 26.
enum UTF8Bytes {
    /// Replaces what is not UTF-8 in `bytes[start...]` by U+FFFD, as `String(decoding:as:)`
    /// would; valid bytes are left as they are.
    static func repair(_ bytes: inout [UInt8], from start: Int) {
        guard start < bytes.count, !isValid(bytes, from: start) else { return }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        bytes.replaceSubrange(start..., with: text.utf8)
    }

    /// Whether `bytes[start...]` is well-formed UTF-8 (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF).
    static func isValid(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var index = start
            while index < count {
                if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let lead = raw[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                // The range the second byte must be in, and how many bytes follow the lead.
                let second: ClosedRange<UInt8>
                let following: Int
                switch lead {
                case 0xC2...0xDF: (second, following) = (0x80...0xBF, 1)
                case 0xE0: (second, following) = (0xA0...0xBF, 2)
                case 0xE1...0xEC, 0xEE...0xEF: (second, following) = (0x80...0xBF, 2)
                case 0xED: (second, following) = (0x80...0x9F, 2)
                case 0xF0: (second, following) = (0x90...0xBF, 3)
                case 0xF1...0xF3: (second, following) = (0x80...0xBF, 3)
                case 0xF4: (second, following) = (0x80...0x8F, 3)
                default: return false
                }
                guard index + following < count, second.contains(raw[index + 1]) else { return false }
                for offset in stride(from: 2, through: following, by: 1) where raw[index + offset] & 0xC0 != 0x80 { return false }
                index += following + 1
            }
            return true
        }
    }
}
