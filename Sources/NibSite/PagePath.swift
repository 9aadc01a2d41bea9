import NibModel

/// Site-relative page paths (`documents/app/Main.storyboard/index.html`): how deep a page is.
enum PagePath {
    /// `../` once per folder level of `path` (`a/b/c.html` → `../../`): how a page reaches the
    /// site root. Every page asks, several times, while it is planned and laid out.
    static func root(of path: String) -> String {
        String(repeating: "../", count: max(segmentCount(path) - 1, 0))
    }

    /// The number of non-empty `/`-separated segments of `path`: `path.split(separator: "/").count`,
    /// counted on the bytes. A `/` byte is a `/` character unless a combining mark follows it,
    /// which only text outside ASCII has: such a path is split by characters, as before.
    static func segmentCount(_ path: String) -> Int {
        var path = path
        let count: Int? = path.withUTF8 { bytes in
            guard UTF8Validation.isASCII(bytes) else { return nil }
            var count = 0
            var inSegment = false
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    inSegment = false
                } else if !inSegment {
                    inSegment = true
                    count += 1
                }
            }
            return count
        }
        return count ?? path.split(separator: "/").count
    }
}
