import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file of the output filled piece by piece (a pack of many small entries, too large to hold
/// in memory at once): created new in the staging folder, listed as written by `close()`
/// unless it is `scratch` (removed before the folder is committed).
public final class OutputFileWriter: @unchecked Sendable {
    private let fd: Int32
    private let shown: String
    /// The file's path in the staging folder.
    public let path: String
    /// Bytes written so far.
    public private(set) var size = 0
    private var closed = false

    fileprivate init(fd: Int32, path: String, shown: String) {
        self.fd = fd
        self.path = path
        self.shown = shown
    }

    deinit { if !closed { Glibc.close(fd) } }

    /// Appends `bytes`; returns the offset they start at.
    @discardableResult
    public func append(_ bytes: [UInt8]) throws -> Int {
        let offset = size
        try POSIXFile.writeAll(fd, bytes, path: shown)
        size += bytes.count
        return offset
    }

    /// Appends `length` bytes of the file open as `source`, from `offset`, copied by the kernel
    /// (`sendfile`: no trip through this process's memory); returns the offset they start at.
    /// Throws when `source` is shorter.
    @discardableResult
    public func append(from source: Int32, offset: Int, length: Int) throws -> Int {
        let start = size
        var position = off_t(offset)
        var remaining = length
        // Whatever was copied counts, even when the copy fails part-way: later offsets stay true.
        defer { size += length - remaining }
        while remaining > 0 {
            let sent = sendfile(fd, source, &position, remaining)
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EINVAL || errno == ENOSYS {
                // No in-kernel copy between these files: read and write.
                var bytes = [UInt8](repeating: 0, count: remaining)
                let got = bytes.withUnsafeMutableBytes { pread(source, $0.baseAddress, remaining, position) }
                guard got == remaining else { throw OutputError(shown, .other("the source of a copy is shorter than expected")) }
                try POSIXFile.writeAll(fd, bytes, path: shown)
                remaining = 0
                break
            }
            guard sent > 0 else {
                throw sent == 0 ? OutputError(shown, .other("the source of a copy is shorter than expected")) : OutputError.system(shown)
            }
            remaining -= sent
        }
        return start
    }

    /// Closes the file.
    public func close() throws {
        guard !closed else { return }
        closed = true
        guard Glibc.close(fd) == 0 else { throw OutputError.system(shown) }
    }
}

extension OutputFolder {
    /// Creates `relative` (new) in the staging folder, to be filled through the writer; listed
    /// as written now, or, for `scratch`, never (call `removeScratch` before committing).
    public func createFile(_ relative: String, scratch: Bool = false) throws -> OutputFileWriter {
        guard let relative = OutputPath.checkedRelative(relative), relative != OutputMarker.fileName else {
            throw OutputError(shown + "/" + relative, .other("the name leaves the output folder or is nibviz's marker"))
        }
        try makeFolders(for: relative)
        let file = stagingPath + "/" + relative
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputError.system(shown + "/" + relative) }
        if !scratch { record(relative) }
        return OutputFileWriter(fd: fd, path: file, shown: shown + "/" + relative)
    }

    /// Gives a scratch file made by `createFile(_:scratch:)` (closed first) the name `relative`
    /// in the same folder and lists it as written: a file filled in its final order needs no
    /// copy. Never replaces a file already there.
    public func keepScratch(_ writer: OutputFileWriter, as relative: String) throws {
        guard let relative = OutputPath.checkedRelative(relative), relative != OutputMarker.fileName else {
            throw OutputError(shown + "/" + relative, .other("the name leaves the output folder or is nibviz's marker"))
        }
        try writer.close()
        try makeFolders(for: relative)
        let file = stagingPath + "/" + relative
        // A hard link fails on an existing name (rename would replace it); then the scratch name goes.
        guard link(writer.path, file) == 0 else { throw OutputError.system(shown + "/" + relative) }
        unlink(writer.path)
        record(relative)
    }

    /// Removes a scratch file made by `createFile(_:scratch:)`.
    public func removeScratch(_ writer: OutputFileWriter) {
        try? writer.close()
        unlink(writer.path)
    }
}
