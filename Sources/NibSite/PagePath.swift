import Foundation
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

    /// `(path as NSString).lastPathComponent`, without Foundation for a path with no doubled
    /// or trailing `/` (every document's and page's path): Foundation bridges and normalises the
    /// path first, ~35,000 instructions a call, and the site asks for thousands of names.
    static func lastComponent(_ path: String) -> String {
        let cut: String?? = path.withUTF8Bytes { bytes in
            guard let slash = plainSlashes(bytes) else { return nil }
            return .some(slash.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[($0 + 1)...]), as: UTF8.self) })
        }
        switch cut {
        case .some(.some(let name)): return name
        case .some(.none): return path
        case .none: return (path as NSString).lastPathComponent
        }
    }

    /// `(path as NSString).deletingLastPathComponent`, without Foundation where
    /// `lastComponent` does without it (and the last `/` is not the first byte).
    static func folder(_ path: String) -> String {
        let cut: String? = path.withUTF8Bytes { bytes in
            guard let slash = plainSlashes(bytes) else { return nil }
            guard let slash else { return "" }
            guard slash > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
        return cut ?? (path as NSString).deletingLastPathComponent
    }

    /// The offset of the last `/` of a path of at least two bytes with no `//` and no `/` at
    /// its end (`.some(nil)`: no `/` at all); nil for any other path, which Foundation
    /// normalises first.
    private static func plainSlashes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int?? {
        let slash = UInt8(ascii: "/")
        guard bytes.count > 1, bytes[bytes.count - 1] != slash else { return nil }
        var last: Int?
        for index in bytes.indices where bytes[index] == slash {
            if index > 0, bytes[index - 1] == slash { return nil }
            last = index
        }
        return .some(last)
    }
}
