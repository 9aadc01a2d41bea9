/// Text cut at an ASCII byte: the build state packs lists of strings into one string per list
/// (JSON reads and writes one long string much faster than thousands of short ones).
public enum ByteSeparated {
    /// The pieces of `text` between the `separator` bytes (empty pieces kept; none for an empty
    /// text). An ASCII byte is one byte in UTF-8 and a character of its own, so every cut falls
    /// on a character boundary, and each piece is made straight from its bytes: a link check
    /// unpacks every page's references and anchors this way, and slicing the string by its
    /// indices cost several times as much.
    public static func split(_ text: String, at separator: UInt8) -> [String] {
        guard !text.isEmpty else { return [] }
        var text = text
        return text.withUTF8 { bytes in
            var pieces: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == separator {
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return pieces
        }
    }
}
