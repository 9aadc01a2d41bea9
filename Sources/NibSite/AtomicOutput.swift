import Foundation

/// Builds into a temporary sibling folder and swaps it in at the end, so a failed or
/// interrupted build leaves the previous site untouched.
struct AtomicOutput {
    let final: URL
    let temporary: URL

    init(final: URL) throws {
        self.final = final.standardizedFileURL
        let parent = self.final.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        // Leftovers of interrupted builds (their process is gone) are removed first.
        let prefix = ".\(self.final.lastPathComponent).tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) == 0 { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        temporary = parent.appendingPathComponent(prefix + "\(getpid())")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    /// Writes `text` at `path` (relative, `/`-separated) inside the temporary folder.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes at `path` inside the temporary folder.
    func write(_ data: Data, to path: String) throws {
        let url = temporary.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Replaces the final folder with the temporary one: two renames, the old tree removed last.
    func commit() throws {
        let manager = FileManager.default
        let old = final.deletingLastPathComponent().appendingPathComponent(".\(final.lastPathComponent).old-\(getpid())")
        try? manager.removeItem(at: old)
        if manager.fileExists(atPath: final.path) { try manager.moveItem(at: final, to: old) }
        do { try manager.moveItem(at: temporary, to: final) } catch {
            if manager.fileExists(atPath: old.path) { try? manager.moveItem(at: old, to: final) }
            throw error
        }
        try? manager.removeItem(at: old)
    }

    /// Removes the temporary folder after a failure.
    func discard() {
        try? FileManager.default.removeItem(at: temporary)
    }
}
