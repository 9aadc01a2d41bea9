import CStringSearch

/// Where a byte string occurs in rendered bytes (SVG runs to megabytes per diagram and every
/// figure of a site is searched several times): the C library's `memmem`, whose vectorised
/// search is many times a Swift loop over the bytes.
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

    /// The offset of the first `needle` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in needle.withUnsafeBufferPointer { firstIndex(of: $0, in: bytes, from: start) } }
    }
}
