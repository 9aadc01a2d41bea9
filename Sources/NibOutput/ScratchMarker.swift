import Foundation

/// The file in a scratch folder that says nibviz made it and which process owns it: the
/// process id and, where the system tells it (Linux `/proc`), the process's start time, so a
/// later process that reuses the id is not taken for the owner.
public struct ScratchMarker: Equatable, Sendable {
    /// The marker's file name inside a scratch folder.
    public static let fileName = ".nibviz-scratch"
    /// What every scratch folder's name starts with.
    public static let folderPrefix = "nibviz-"
    /// The marker's first line.
    static let header = "nibviz scratch folder"

    /// The owning process.
    public var pid: Int32
    /// Its start time in clock ticks since boot (`/proc/<pid>/stat` field 22), when known.
    public var startTime: UInt64?

    /// Creates a marker for process `pid`.
    public init(pid: Int32, startTime: UInt64?) {
        self.pid = pid
        self.startTime = startTime
    }

    /// The marker of this process.
    public static func current() -> ScratchMarker {
        let pid = ProcessInfo.processInfo.processIdentifier
        return ScratchMarker(pid: pid, startTime: startTime(of: pid))
    }

    /// The marker's text: the header, `pid N`, `start T`.
    public var text: String {
        "\(Self.header)\npid \(pid)\n" + (startTime.map { "start \($0)\n" } ?? "")
    }

    /// Reads the marker text back; nil for anything nibviz did not write.
    public init?(text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.first == Self.header, lines.count >= 2, lines[1].hasPrefix("pid "), let pid = Int32(lines[1].dropFirst(4)), pid > 0
        else { return nil }
        self.pid = pid
        startTime = lines.count > 2 && lines[2].hasPrefix("start ") ? UInt64(lines[2].dropFirst(6)) : nil
    }

    /// Writes the marker as a new file in `folder`.
    func write(in folder: URL) throws {
        let url = folder.appendingPathComponent(Self.fileName)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw OutputError(url.path, .other("cannot write the scratch folder's marker"))
        }
    }

    /// True while the owning process runs: the id answers `kill(pid, 0)` and, when both start
    /// times are known, it is the same process (not a later one with the reused id).
    public var ownerIsAlive: Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let startTime, let now = Self.startTime(of: pid) else { return true }
        return now == startTime
    }

    /// A process's start time from `/proc/<pid>/stat` (field 22, after the parenthesised name).
    static func startTime(of pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the name start at field 3 (state); the start time is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}

extension ScratchFolder {
    /// Removes the scratch folders in `parent` that earlier nibviz runs left when killed: only
    /// real folders (not links) of this user named `nibviz-…` holding a marker nibviz wrote
    /// whose process is gone. Anything else — no marker, an unreadable one, a live owner, this
    /// process — is left alone. Returns the folders removed.
    @discardableResult
    public static func removeStale(in parent: URL) -> [URL] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [URL] = []
        for name in names.sorted() where name.hasPrefix(ScratchMarker.folderPrefix) {
            let folder = parent.appendingPathComponent(name)
            guard isOwnRealFolder(folder.path), let marker = readMarker(in: folder),
                marker.pid != ProcessInfo.processInfo.processIdentifier, !marker.ownerIsAlive
            else { continue }
            if (try? manager.removeItem(at: folder)) != nil { removed.append(folder) }
        }
        return removed
    }

    /// A directory, not a symbolic link, owned by this user.
    private static func isOwnRealFolder(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
    }

    /// The folder's marker, when it is a small regular file (not a link) nibviz wrote.
    private static func readMarker(in folder: URL) -> ScratchMarker? {
        let path = folder.appendingPathComponent(ScratchMarker.fileName).path
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size < 256,
            let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { return nil }
        return ScratchMarker(text: text)
    }
}
