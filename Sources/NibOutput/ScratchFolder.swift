import Foundation

/// A private temporary folder nibviz makes for the length of a run — an app archive's nibs, a
/// revision's compiled bundle — and removes when done. It only ever holds what it wrote: files
/// are created new (never over an existing one), below it (no `..`, no absolute parts), in
/// folders it made, so removing it deletes nothing of the user's.
///
/// A run killed before it can remove its folder (SIGKILL) leaves it behind: each folder holds a
/// marker naming the process that made it (`ScratchMarker`), and making a new one first removes
/// the folders of processes that are gone (`removeStale(in:)`).
public final class ScratchFolder: Sendable {
    /// The folder (`$TMPDIR/nibviz-<purpose>-<uuid>`, mode 0700).
    public let url: URL

    /// Makes a fresh folder under `parent` (the temporary directory), after removing the stale
    /// folders earlier runs left there.
    public init(purpose: String, in parent: URL = FileManager.default.temporaryDirectory) throws {
        Self.removeStale(in: parent)
        url = parent.appendingPathComponent(ScratchMarker.folderPrefix + "\(purpose)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try ScratchMarker.current().write(in: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw OutputError(url.path, .other("cannot make a temporary folder: \(error.localizedDescription)"))
        }
    }

    /// Creates the new, empty file at `components` below the folder (and its parent folders) and
    /// returns a handle to write it; refused when a component climbs out or the file exists.
    public func create(_ components: [String]) throws -> FileHandle {
        let shown = components.joined(separator: "/")
        // Each a single name inside the folder, checked as the kernel reads it (bytes).
        let inside = components.allSatisfy { !$0.utf8.contains(OutputPath.slash) && OutputPath.checkedRelative($0) != nil }
        guard !components.isEmpty, inside else {
            throw OutputError(shown, .other("not a path inside the temporary folder"))
        }
        let target = components.reduce(url) { $0.appendingPathComponent($1) }
        guard !FileManager.default.fileExists(atPath: target.path),
            (try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil,
            FileManager.default.createFile(atPath: target.path, contents: nil), let handle = FileHandle(forWritingAtPath: target.path)
        else { throw OutputError(shown, .other("exists already, or lies below a file of that name")) }
        return handle
    }

    /// Writes `data` as the new file at `components` (see `create`).
    public func write(_ data: Data, to components: [String]) throws {
        let handle = try create(components)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
