/// Text cut at an ASCII byte: the build state packs lists of strings into one string per list
/// (JSON reads and writes one long string much faster than thousands of short ones).
public enum ByteSeparated {
    /// The pieces of `text` between the `separator` bytes (empty pieces kept; none for an empty
    /// text). An ASCII byte is one byte in UTF-8 and a character of its own, so every cut falls
    /// on a character boundary.
    public static func split(_ text: String, at separator: UInt8) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.utf8.split(separator: separator, omittingEmptySubsequences: false).map { String(text[$0.startIndex..<$0.endIndex]) }
    }
}
