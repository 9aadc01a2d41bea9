#if canImport(Glibc)
    import Glibc
#endif

/// Thin, throwing wrappers over the POSIX calls the output code needs; every failure becomes an
/// `OutputError` naming the path the user gave.
public enum POSIXFile {
    /// What is at a path, without following a final symlink.
    public enum Kind: Equatable, Sendable {
        case missing, regular, directory, symlink, characterDevice, blockDevice, fifo, socket
    }

    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        return kind(mode: info.st_mode)
    }

    /// What a path leads to, following symlinks (`missing` for a dangling link).
    public static func resolvedKind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return kind(mode: info.st_mode)
    }

    static func kind(mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .fifo
        default: return .socket
        }
    }

    /// Writes every byte to `fd`, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError.system(path)
            }
            offset += written
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    /// Creates `path` as a new regular file (never following or replacing anything) and fills it.
    static func create(_ path: String, _ bytes: UnsafeRawBufferPointer, shownAs shown: String, mode: mode_t = 0o666) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw OutputError.system(shown) }
        do {
            try writeAll(fd, bytes, path: shown)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = OutputError.system(shown)
            unlink(path)
            throw error
        }
    }

    static func create(_ path: String, _ bytes: [UInt8], shownAs shown: String, mode: mode_t = 0o666) throws {
        try bytes.withUnsafeBytes { try create(path, $0, shownAs: shown, mode: mode) }
    }

    /// `create` at `base`, or `base-1`, `base-2`… when that name is taken; returns the path used.
    static func createUnique(_ base: String, _ bytes: [UInt8], shownAs shown: String, mode: mode_t = 0o666) throws -> String {
        var attempt = 0
        while true {
            let path = attempt == 0 ? base : base + "-\(attempt)"
            do {
                try create(path, bytes, shownAs: shown, mode: mode)
                return path
            } catch let error as OutputError where error.reason == .system(EEXIST) && attempt < 100 {
                attempt += 1
            }
        }
    }

    /// Size and modification time (nanoseconds) of a regular file; nil otherwise.
    public static func stamp(_ path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard lstat(path, &info) == 0, kind(mode: info.st_mode) == .regular else { return nil }
        return (Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
    }

    /// Whether the regular file at `path` holds exactly `bytes` (its size is checked first).
    static func hasBytes(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let stamp = stamp(path), stamp.size == bytes.count else { return false }
        return read(path, limit: bytes.count + 1)?.elementsEqual(bytes) == true
    }

    /// A file's bytes (nil when unreadable or larger than `limit`); a symbolic link is not
    /// followed unless `followingLinks`. Read into an array of the file's size (one `fstat`): the
    /// input digest reads every file of a project's sources on a first build.
    public static func read(_ path: String, limit: Int, followingLinks: Bool = false) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        // Room for the size it has and one byte more, to see the end in the first read; a file
        // that grows while it is read gets more room.
        var out = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 1)
        var filled = 0
        while true {
            if filled == out.count {
                guard filled <= limit else { return nil }
                out += repeatElement(0, count: max(filled, 4096))
            }
            let count = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { return nil }
        out.removeLast(out.count - filled)
        return out
    }

    /// `mkdir -p` below an existing folder; returns nothing, throws the first failure. With
    /// `root`, only folders inside it are made, never `root` itself: a staging folder removed
    /// under a writer (`InterruptCleanup`) is not brought back, unmarked, by its next write.
    static func makeFolders(_ path: String, inside root: String? = nil, shownAs shown: String) throws {
        if kind(path) == .directory || resolvedKind(path) == .directory { return }
        if let root, !path.utf8.starts(with: (root + "/").utf8) { throw OutputError.system(shown, errno: ENOENT) }
        let parent = OutputPath.parent(of: path)
        if parent != path { try makeFolders(parent, inside: root, shownAs: shown) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw OutputError.system(shown) }
    }

    /// Names in a folder, sorted (no `.` and `..`); nil when it cannot be read.
    static func entries(_ path: String) -> [String]? {
        entryKinds(path)?.map(\.name).sorted()
    }

    /// The names in a folder, in byte order (no `.` and `..`), each with what it is as the
    /// directory entry says (an `lstat` only where the file system does not say); nil when the
    /// folder cannot be read. A folder walk over a project's Pods and sources needs no `stat`
    /// per file.
    public static func entryKinds(_ path: String) -> [(name: String, kind: Kind)]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var found: [(name: String, kind: Kind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            found.append((name, kind(directoryType: Int32(entry.pointee.d_type), path: path + "/" + name)))
        }
        return found.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// A directory entry's `d_type` as a `Kind` (`lstat` for `DT_UNKNOWN`).
    static func kind(directoryType: Int32, path: String) -> Kind {
        switch directoryType {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symlink
        case Int32(DT_CHR): return .characterDevice
        case Int32(DT_BLK): return .blockDevice
        case Int32(DT_FIFO): return .fifo
        case Int32(DT_SOCK): return .socket
        default: return kind(path)
        }
    }

    /// Every non-folder below `root` and every empty folder (suffixed `/`), as sorted relative paths.
    /// Stops after `limit` entries (a foreign folder only needs a few named).
    static func walk(_ root: String, limit: Int = .max) -> [String] {
        var out: [String] = []
        func visit(_ relative: String) {
            guard out.count < limit else { return }
            let full = relative.isEmpty ? root : root + "/" + relative
            // Each entry's kind as its directory entry says: an output of thousands of files was
            // walked twice per build with an `lstat` per file.
            let found = entryKinds(full) ?? []
            if found.isEmpty && !relative.isEmpty { out.append(relative + "/") }
            for entry in found where out.count < limit {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.kind == .directory { visit(child) } else { out.append(child) }
            }
        }
        visit("")
        return out.sorted()
    }

    /// Removes a folder tree that nibviz wrote entirely (a staging folder); never follows links.
    static func removeTree(_ path: String) {
        if kind(path) == .directory {
            for name in entries(path) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Removes `path`'s folder and its parents up to (not including) `root` while they are empty.
    static func pruneEmptyFolders(from path: String, upTo root: String) {
        var folder = path
        while OutputPath.isInside(folder, root) {
            guard rmdir(folder) == 0 else { return }
            folder = OutputPath.parent(of: folder)
        }
    }
}
