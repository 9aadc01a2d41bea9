#if canImport(Glibc)
    import Glibc
#endif

/// One output file (`render -o`, `diff -o`): `-` is stdout; a symlink, character device, FIFO
/// or socket is written *through* (opened and written, never replaced); a regular file is
/// replaced atomically by a temporary file in the same folder and a rename, and a failed write
/// leaves no temporary file behind.
public enum OutputFile {
    /// Writes `bytes` to `target` (as the user typed it), after `OutputGuard`'s checks.
    public static func write(_ bytes: [UInt8], to target: String, inputs: [String], environment: [String: String]) throws {
        if target == "-" { return try POSIXFile.writeAll(STDOUT_FILENO, bytes, path: "stdout") }
        try OutputGuard.check(target, inputs: inputs, environment: environment)
        var path = OutputPath.absolute(target)
        if POSIXFile.kind(path) == .symlink {
            // The link stays; what it points at is written (and replaced atomically if a file).
            path = OutputPath.canonical(path)
        }
        switch POSIXFile.kind(path) {
        case .missing, .regular:
            try replace(path, with: bytes, shownAs: target)
        case .characterDevice, .fifo, .socket, .symlink:
            try writeThrough(path, bytes, shownAs: target)
        case .directory:
            throw OutputError(target, .other("it is a folder; name a file"))
        case .blockDevice:
            throw OutputError(target, .refused("it is a block device"))
        }
    }

    /// Opens the existing special file and writes into it.
    static func writeThrough(_ path: String, _ bytes: [UInt8], shownAs shown: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw OutputError.system(shown) }
        defer { close(fd) }
        try POSIXFile.writeAll(fd, bytes, path: shown)
    }

    /// A temporary sibling (keeping the old file's permissions), filled, then renamed over `path`.
    static func replace(_ path: String, with bytes: [UInt8], shownAs shown: String) throws {
        let folder = OutputPath.parent(of: path)
        guard POSIXFile.resolvedKind(folder) == .directory else {
            throw OutputError(shown, .other("the folder \(OutputPath.parent(of: shown)) does not exist"))
        }
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o666
        let temporary = try POSIXFile.createUnique(
            folder + "/." + OutputPath.name(of: path) + ".nibviz-tmp-\(getpid())", bytes, shownAs: shown, mode: mode)
        if mode != 0o666 { chmod(temporary, mode) }
        guard rename(temporary, path) == 0 else {
            let error = OutputError.system(shown)
            unlink(temporary)
            throw error
        }
    }
}
