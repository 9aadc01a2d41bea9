import NibModel

/// Keeps a page's bytes valid UTF-8 without making text of them: an inlined SVG goes from
/// Graphviz into the page's file as bytes, and checking it through `String(decoding:)` (a copy
/// and a validation of each figure's megabytes) was ~2 % of a corpus build's CPU. Only bytes
/// that are not UTF-8 (`UTF8Validation`) send the run through `String(decoding:)`.
enum UTF8Bytes {
    /// Replaces what is not UTF-8 in `bytes[start...]` by U+FFFD, as `String(decoding:as:)`
    /// would; valid bytes are left as they are.
    static func repair(_ bytes: inout [UInt8], from start: Int) {
        guard start < bytes.count, !isValid(bytes, from: start) else { return }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        bytes.replaceSubrange(start..., with: text.utf8)
    }

    /// Whether `bytes[start...]` is well-formed UTF-8 (`UTF8Validation`).
    static func isValid(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBytes { UTF8Validation.isValid(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
