import CStringSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a byte string occurs in bytes (rendered SVG, which runs to megabytes per diagram and is
/// searched several times per figure; every document read): `nv_find`, which compares 16
/// positions at a time (a single byte goes to `memchr`). `memmem` took 2.8 % of a corpus site's
/// own instructions, most of them finding ` id="` in SVG, whose bytes are everywhere there.
public enum ByteSearch {
    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUTF8Buffer { firstIndex(of: $0, in: bytes, from: start) }
    }

    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        guard start >= 0, start < bytes.count, !needle.isEmpty, let base = bytes.baseAddress, let needleBase = needle.baseAddress
        else { return nil }
        let found = nv_find(base, bytes.count, start, needleBase, needle.count)
        return found < 0 ? nil : found
    }

    /// The offset of the first `needle` in `bytes` at or after `start`, found through its byte
    /// at `anchor` with `memchr`; nil when there is none. For needles whose other bytes are
    /// everywhere in the haystack and that byte is rare (`!` of `<!--`, `(` of `url(#` in SVG):
    /// `memchr` skips over text many times faster than `memmem`, which hashes every position.
    public static func firstIndex(
        of needle: StaticString, anchoredAt anchor: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        needle.withUTF8Buffer { needle in
            guard start >= 0, start < bytes.count, anchor >= 0, anchor < needle.count, let base = bytes.baseAddress else {
                return nil
            }
            var position = start + anchor
            while position < bytes.count, let found = memchr(base + position, Int32(needle[anchor]), bytes.count - position) {
                let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                let candidate = at - anchor
                if candidate + needle.count <= bytes.count, (0..<needle.count).allSatisfy({ bytes[candidate + $0] == needle[$0] }) {
                    return candidate
                }
                position = at + 1
            }
            return nil
        }
    }

    /// The offset of the next `<`, or of the next `R` or `G` followed by `-`, at or after `start`:
    /// where a tag or a rule id (`R-NIB-1`, `G-REL-1`) may start in a page's HTML.
    public static func nextTagOrRuleID(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let found = nv_next_tag_or_id(base, bytes.count, start)
        return found < 0 ? nil : found
    }

    /// The offset of the next `="` after a `d`, `f` or `c` at or after `start`: where the value
    /// of an `id`, `href` or `src` attribute may start (and of a few others, such as `d` of an
    /// SVG path), passing over every other attribute.
    public static func nextLinkAttribute(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let found = nv_next_link_attribute(base, bytes.count, start)
        return found < 0 ? nil : found
    }

    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in needle.withUnsafeBufferPointer { firstIndex(of: $0, in: bytes, from: start) } }
    }
}
