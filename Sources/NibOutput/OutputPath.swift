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

    /// `path` made absolute against `base` and cleaned lexically (`.`, `..`, `//`).
    public static func absolute(_ path: String, base: String = currentDirectory) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
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
        let raw = path.hasPrefix("/") ? path : base + "/" + path
        var components = raw.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            let head = "/" + components.joined(separator: "/")
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let prefix = String(cString: resolved)
                return absolute(rest.reversed().joined(separator: "/"), base: prefix)
            }
            guard let last = components.popLast() else { return absolute(raw) }
            rest.append(last)
        }
    }

    /// The folder holding `path` (`/` for `/`).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// True when `ancestor` is `path` or a folder above it (both canonical).
    public static func contains(_ ancestor: String, _ path: String) -> Bool {
        ancestor == path || ancestor == "/" || path.hasPrefix(ancestor + "/")
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
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.isEmpty,
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
        else { return nil }
        return relative
    }
}
