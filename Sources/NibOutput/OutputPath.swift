#if canImport(Glibc)
    import Glibc
#endif

/// Path arithmetic on plain POSIX strings. `~` is never expanded: only the shell does that, so a
/// folder literally named `~` is just a name.
public enum OutputPath {
    /// The current directory (`/` if it cannot be read).
    public static var currentDirectory: String {
        guard let raw = getcwd(nil, 0) else { return "/" }
        defer { free(raw) }
        return String(cString: raw)
    }

    // Paths are bytes to the kernel, and so they are here: split, compared and searched byte by
    // byte. Swift's Character view merges a `/` with a combining mark after it into one grapheme
    // (`"/\u{301}"` is not `"/"`) and calls canonically equivalent names equal (`é` and `e◌́`),
    // where the file system sees a separator and two different names.

    /// The `/` byte.
    static let slash = UInt8(ascii: "/")

    /// `path`'s components between `/` bytes.
    static func components(_ path: String) -> [String] {
        path.utf8.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `a` and `b` are the same bytes.
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Whether `path` starts with `/`.
    static func isAbsolute(_ path: String) -> Bool { path.utf8.first == slash }

    /// `path` made absolute against `base` and cleaned lexically (`.`, `..`, `//`).
    public static func absolute(_ path: String, base: String = currentDirectory) -> String {
        let joined = isAbsolute(path) ? path : base + "/" + path
        var parts: [String] = []
        for part in components(joined) {
            if same(part, ".") { continue }
            if same(part, "..") {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Where `path` really is: the deepest existing ancestor resolved through its symlinks, then
    /// the remaining (not yet existing) components.
    public static func canonical(_ path: String, base: String = currentDirectory) -> String {
        let raw = isAbsolute(path) ? path : base + "/" + path
        var existing = components(raw)
        var rest: [String] = []
        while true {
            let head = "/" + existing.joined(separator: "/")
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let prefix = String(cString: resolved)
                return absolute(rest.reversed().joined(separator: "/"), base: prefix)
            }
            guard let last = existing.popLast() else { return absolute(raw) }
            rest.append(last)
        }
    }

    /// The folder holding `path` (`/` for `/`).
    public static func parent(of path: String) -> String {
        let bytes = path.utf8
        guard let at = bytes.lastIndex(of: slash) else { return "." }
        return at == bytes.startIndex ? "/" : String(decoding: bytes[..<at], as: UTF8.self)
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        let bytes = path.utf8
        guard let at = bytes.lastIndex(of: slash) else { return path }
        return String(decoding: bytes[bytes.index(after: at)...], as: UTF8.self)
    }

    /// True when `ancestor` is `path` or a folder above it (both canonical).
    public static func contains(_ ancestor: String, _ path: String) -> Bool {
        same(ancestor, path) || same(ancestor, "/") || isInside(path, ancestor)
    }

    /// True when `path` is below `folder`: `folder`'s bytes, then a `/`, then more.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let (above, below) = (folder.utf8, path.utf8)
        guard below.count > above.count + 1, below.starts(with: above) else { return false }
        return below[below.index(below.startIndex, offsetBy: above.count)] == slash
    }

    /// The root of the git work tree holding `path` (a folder with a `.git` entry), if any.
    public static func gitWorkTree(containing path: String) -> String? {
        var folder = canonical(path)
        while true {
            if POSIXFile.kind(folder + "/.git") != .missing { return folder }
            if folder == "/" { return nil }
            folder = parent(of: folder)
        }
    }

    /// A relative output path checked to stay inside its folder: no empty, `.` or `..` component.
    static func checkedRelative(_ relative: String) -> String? {
        let parts = relative.utf8.split(separator: slash, omittingEmptySubsequences: false)
        guard !isAbsolute(relative), !parts.isEmpty,
            parts.allSatisfy({ !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) && !$0.contains(0) })
        else { return nil }
        return relative
    }
}
