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

    /// Removes a scratch file made by `createFile(_:scratch:)`.
    public func removeScratch(_ writer: OutputFileWriter) {
        try? writer.close()
        unlink(writer.path)
    }
}
