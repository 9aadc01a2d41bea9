import CStringSearch

/// Whether bytes are well-formed UTF-8 without making text of them: every IB document is
/// checked before libxml2 reads it, and every inlined SVG before it goes into a page's file.
///
/// Most of both is ASCII, checked eight bytes at a time; a multi-byte sequence is checked where
/// it stands (Unicode's table 3-7, as RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), so it decides as `String(validating:as:)` does. The standard library's own check
/// went byte by byte (~5 instructions a byte, a tenth of parsing), and `UTF8Span(validating:)`
/// (Swift 6.2) took 20–29 ms on 50 MB of mostly-ASCII text against this one's 7 ms, and needs
/// macOS 26.
public enum UTF8Validation {
    public static func isValid(_ raw: UnsafeRawBufferPointer) -> Bool {
        let count = raw.count
        var index = 0
        while true {
            index = asciiPrefix(raw, from: index)
            guard index < count else { return true }
            let lead = raw[index]
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
    }

    /// The offset of the first byte at or after `start` outside ASCII (`raw.count` when none),
    /// eight bytes at a time.
    public static func asciiPrefix(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        // 16 bytes at a time (`nv_ascii_prefix`): a corpus site's DOT and pages, ~250 MB, pass here.
        guard let base = raw.baseAddress else { return max(start, 0) }
        return nv_ascii_prefix(base.assumingMemoryBound(to: UInt8.self), raw.count, start)
    }

    /// Whether every byte is ASCII.
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        asciiPrefix(UnsafeRawBufferPointer(bytes), from: 0) == bytes.count
    }
}
