/// A `/`-separated path's last component, found on its UTF-8 bytes: what the site's page names
/// and folders (`PagePath`) and a document's name (`StoryboardDocument.name(ofPath:)`) start from.
public enum PathBytes {
    /// The bytes after the last `/` that is not at the end, up to the trailing `/`s; an empty
    /// range at 0 for a path of slashes only, or an empty one.
    public static func lastComponent(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        return start..<end
    }
}
