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

    /// `(path as NSString).lastPathComponent` as Apple documents it (`/tmp/scratch.tiff` →
    /// `scratch.tiff`, `/tmp/` → `tmp`, `scratch///` → `scratch`, `/` → `/`), on the bytes:
    /// Foundation bridged and normalised the path first, ~35,000 instructions a call, and on
    /// Linux traps on some short paths (`"x"`, `"a/"`).
    static func lastComponent(_ path: String) -> String {
        path.withUTF8Bytes { bytes in
            let last = PathBytes.lastComponent(bytes)
            guard last.upperBound > 0 else { return bytes.isEmpty ? "" : "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[last]), as: UTF8.self)
        }
    }

    /// `(path as NSString).deletingLastPathComponent` as Apple documents it (`/tmp/scratch.tiff`
    /// → `/tmp`, `/tmp/lock/` → `/tmp`, `/tmp/` and `/` → `/`, `scratch.tiff` → ``), runs of
    /// `/` taken as one, on the bytes (see `lastComponent`).
    static func folder(_ path: String) -> String {
        path.withUTF8Bytes { bytes in
            var start = PathBytes.lastComponent(bytes).lowerBound
            // Back over the slashes before the last component.
            while start > 0, bytes[start - 1] == UInt8(ascii: "/") { start -= 1 }
            if start == 0 { return bytes.first == UInt8(ascii: "/") ? "/" : "" }
            // The folder's own runs of `/` become one.
            var out: [UInt8] = []
            out.reserveCapacity(start)
            for index in 0..<start where !(bytes[index] == UInt8(ascii: "/") && out.last == UInt8(ascii: "/")) {
                out.append(bytes[index])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
