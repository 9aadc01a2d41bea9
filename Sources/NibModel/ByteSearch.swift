import CStringSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a byte string occurs in bytes (rendered SVG, which runs to megabytes per diagram and is
/// searched several times per figure; every document read): the C library's `memmem`, whose
/// vectorised search is many times a Swift loop over the bytes.
public enum ByteSearch {
    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUTF8Buffer { firstIndex(of: $0, in: bytes, from: start) }
    }

    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int?
    {
        guard start >= 0, start < bytes.count, !needle.isEmpty, let base = bytes.baseAddress,
            let found = memmem(base + start, bytes.count - start, needle.baseAddress, needle.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
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

    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in needle.withUnsafeBufferPointer { firstIndex(of: $0, in: bytes, from: start) } }
    }
}
