import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run's output folder: checked (never `/`, home, a git work tree or an input; replaced only
/// when missing, empty or nibviz's own), locked against a concurrent run, built in a hidden
/// sibling staging folder and swapped in whole at `commit()`. A failure or `discard()` removes
/// the staging folder; one left by a killed run is removed by the next run.
public final class OutputFolder: @unchecked Sendable {
    /// What to write and what the command reads.
    public struct Request: Sendable {
        /// The folder as the user typed it.
        public var target: String
        /// Every file or folder the command reads (the folder may be neither nor hold them).
        public var inputs: [String]
        /// Write into a folder holding files nibviz did not write (they are kept, never deleted).
        public var force: Bool
        /// Recorded in the marker.
        public var toolVersion: String
        /// Supplies `HOME`.
        public var environment: [String: String]
        /// Seconds to wait for another nibviz writing the same folder.
        public var lockTimeout: Int

        /// Creates a request.
        public init(
            target: String, inputs: [String], force: Bool = false, toolVersion: String,
            environment: [String: String] = ProcessInfo.processInfo.environment, lockTimeout: Int = 600
        ) {
            self.target = target
            self.inputs = inputs
            self.force = force
            self.toolVersion = toolVersion
            self.environment = environment
            self.lockTimeout = lockTimeout
        }
    }

    /// The folder as the user typed it (for messages).
    public let shown: String
    /// The folder's canonical path.
    public let path: String
    /// The hidden sibling folder the run writes into.
    public let stagingPath: String
    /// The folder's previous content is nibviz's (it carries a marker): later runs may reuse it.
    public let previousMarker: OutputMarker?
    /// The previous marker's files as bytes: a Set of Strings would take a foreign `e◌́` for a
    /// listed `é` and carry or delete it.
    private let previousFiles: Set<[UInt8]>
    let version: String
    let merge: Bool
    private var lock: OutputLock?
    private var written: Set<String> = []
    /// Folders of the staging folder made so far (a site writes thousands of files into a few
    /// hundred folders: each is checked once, not once per file).
    private var madeFolders: Set<String> = []
    private let mutex = NSLock()
    private var finished = false

    /// The staging folder as a URL.
    public var temporary: URL { URL(fileURLWithPath: stagingPath) }

    /// Checks the target, takes its lock, clears stale staging folders and opens a new one.
    public init(_ request: Request, notice: (String) -> Void = OutputFolder.printNotice) throws {
        try OutputGuard.check(request.target, inputs: request.inputs, environment: request.environment)
        shown = request.target
        path = OutputPath.canonical(request.target)
        version = request.toolVersion
        let kind = POSIXFile.kind(path)
        guard kind == .missing || kind == .directory else {
            throw OutputError(shown, .other("it is a file, not a folder (nibviz writes a folder here and never replaces a file)"))
        }
        // Checked before anything is created (a refusal touches nothing), and again under the lock.
        if !request.force {
            let foreign = Self.foreignEntries(path)
            if !foreign.isEmpty { throw OutputError(shown, .foreign(foreign)) }
        }
        try POSIXFile.makeFolders(OutputPath.parent(of: path), shownAs: OutputPath.parent(of: shown))
        lock = try OutputLock(folder: path, shownAs: shown, timeout: request.lockTimeout, notice: notice)
        Self.removeStaleStaging(of: path, notice: notice)
        let foreign = Self.foreignEntries(path)
        if !foreign.isEmpty && !request.force { throw OutputError(shown, .foreign(foreign)) }
        let marker = OutputMarker.read(in: path)
        previousMarker = marker?.kind == .output ? marker : nil
        previousFiles = Set((previousMarker?.files ?? []).map { Array($0.utf8) })
        merge = !foreign.isEmpty
        stagingPath = Self.stagingPrefix(of: path) + "\(getpid())"
        guard mkdir(stagingPath, 0o777) == 0 else {
            finished = true  // the name is taken by something that is not ours: never remove it
            throw OutputError.system(stagingPath)
        }
        do {
            try POSIXFile.create(
                stagingPath + "/" + OutputMarker.fileName, Array(OutputMarker(kind: .staging, version: version).text.utf8),
                shownAs: stagingPath)
        } catch {
            finished = true
            rmdir(stagingPath)
            throw error
        }
        InterruptCleanup.register(ObjectIdentifier(self), staging: stagingPath, lock: OutputLock.path(for: path))
    }

    deinit {
        InterruptCleanup.unregister(ObjectIdentifier(self))
        if !finished { POSIXFile.removeTree(stagingPath) }
    }

    /// Writes `text` at `relative` (`/`-separated, inside the folder).
    public func write(_ text: String, to relative: String) throws {
        // Its UTF-8 in place, not copied first (pages run to megabytes).
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: relative) }
    }

    /// Writes bytes at `relative` (`/`-separated, inside the folder).
    public func write(_ data: Data, to relative: String) throws {
        try data.withUnsafeBytes { try write($0, to: relative) }
    }

    /// Writes bytes at `relative` (`/`-separated, inside the folder).
    public func write(_ bytes: [UInt8], to relative: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: relative) }
    }

    /// Writes bytes at `relative` (`/`-separated, inside the folder); writing a path twice keeps
    /// the last bytes. A file of nibviz's previous output with the same bytes is kept instead
    /// (`carry`: same file, same modification time), so an unchanged file is never rewritten.
    private func write(_ bytes: UnsafeRawBufferPointer, to relative: String) throws {
        guard let relative = OutputPath.checkedRelative(relative), relative != OutputMarker.fileName else {
            throw OutputError(shown + "/" + relative, .other("the name leaves the output folder or is nibviz's marker"))
        }
        if previousFiles.contains(Array(relative.utf8)), POSIXFile.hasBytes(path + "/" + relative, bytes), (try? carry(relative)) != nil {
            return
        }
        let file = stagingPath + "/" + relative
        let shownFile = shown + "/" + relative
        try makeFolders(for: relative)
        do {
            try POSIXFile.create(file, bytes, shownAs: shownFile)
        } catch let error as OutputError where error.reason == .system(EEXIST) {
            // Written before in this run (the staging folder is ours alone): the last bytes win.
            unlink(file)
            try POSIXFile.create(file, bytes, shownAs: shownFile)
        }
        record(relative)
    }

    /// Makes the folders of `relative` in the staging folder, once per folder.
    func makeFolders(for relative: String) throws {
        let folder = OutputPath.parent(of: stagingPath + "/" + relative)
        mutex.lock()
        let made = madeFolders.contains(folder)
        mutex.unlock()
        guard !made else { return }
        try POSIXFile.makeFolders(folder, inside: stagingPath, shownAs: OutputPath.parent(of: shown + "/" + relative))
        mutex.lock()
        madeFolders.insert(folder)
        mutex.unlock()
    }

    /// Lists `relative` (made in the staging folder by `createFile`) as written.
    func record(_ relative: String) {
        mutex.lock()
        written.insert(relative)
        mutex.unlock()
    }

    /// Whether the previous output has `relative` (a file nibviz wrote there) with this size and
    /// modification time (nanoseconds): what a build recorded is still what is there.
    public func previousFileIsIntact(_ relative: String, size: Int, modified: Int) -> Bool {
        guard previousFiles.contains(Array(relative.utf8)), let stamp = POSIXFile.stamp(path + "/" + relative) else { return false }
        return stamp.size == size && stamp.modified == modified
    }

    /// Size and modification time (nanoseconds) of a file written in this run or carried into it.
    public func stamp(_ relative: String) -> (size: Int, modified: Int)? {
        guard let relative = OutputPath.checkedRelative(relative) else { return nil }
        return POSIXFile.stamp(stagingPath + "/" + relative)
    }

    /// Puts a file of the previous output (one nibviz wrote) into the new one unchanged: a hard
    /// link (the staging folder is a sibling, on the same file system), else a copy.
    public func carry(_ relative: String) throws {
        guard let relative = OutputPath.checkedRelative(relative), previousFiles.contains(Array(relative.utf8)) else {
            throw OutputError(shown + "/" + relative, .other("not a file of nibviz's previous output"))
        }
        let source = path + "/" + relative
        let file = stagingPath + "/" + relative
        try makeFolders(for: relative)
        var linked = false
        if POSIXFile.kind(source) == .regular {
            linked = link(source, file) == 0
            if !linked, errno == EEXIST {
                unlink(file)
                linked = link(source, file) == 0
            }
        }
        if !linked {
            unlink(file)
            guard let bytes = POSIXFile.read(source, limit: 1 << 30) else { throw OutputError.system(shown + "/" + relative) }
            try POSIXFile.create(file, bytes, shownAs: shown + "/" + relative)
        }
        record(relative)
    }

    /// The files written so far, sorted.
    public var writtenFiles: [String] {
        mutex.lock()
        defer { mutex.unlock() }
        return written.sorted()
    }

    /// Removes the staging folder and releases the lock; the target is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        InterruptCleanup.unregister(ObjectIdentifier(self))
        POSIXFile.removeTree(stagingPath)
        lock = nil
    }

    /// Writes `files` (name relative to the folder, bytes) and commits; on failure the staging
    /// folder is removed and the target is untouched.
    public func commit(writing files: [(name: String, bytes: [UInt8])]) throws {
        do {
            for file in files { try write(file.bytes, to: file.name) }
            try commit()
        } catch {
            discard()
            throw error
        }
    }

    /// Puts the new content in place and releases the lock.
    public func commit() throws {
        guard !finished else { return }
        // An interrupt from here on leaves the staging folder to the next run (after a swap it
        // holds the previous output, which only `removeOwned` may touch); the lock still goes.
        InterruptCleanup.keepStaging(ObjectIdentifier(self))
        defer {
            finished = true
            InterruptCleanup.unregister(ObjectIdentifier(self))
            lock = nil
        }
        do {
            // After a swap the staging path holds the old tree: only `removeOwned` may touch it.
            if merge {
                try commitInto()
                POSIXFile.removeTree(stagingPath)
            } else {
                try commitBySwap()
            }
        } catch {
            POSIXFile.removeTree(stagingPath)
            throw error
        }
    }

    /// What in the folder at `path` nibviz did not write: everything but its marker and the files
    /// the marker lists (empty folders end in `/`). Empty for a missing folder.
    static func foreignEntries(_ path: String) -> [String] {
        guard POSIXFile.kind(path) == .directory else { return [] }
        let marker = OutputMarker.read(in: path)
        // Byte-exact: a Set of Strings would take a foreign `e◌́` for the listed `é`.
        let owned = Set((marker?.kind == .output ? marker?.files ?? [] : []).map { Array($0.utf8) })
        return POSIXFile.walk(path, limit: marker == nil ? 6 : .max).filter {
            (!OutputPath.same($0, OutputMarker.fileName) || marker == nil) && !owned.contains(Array($0.utf8))
        }
    }

    /// `.<name>.nibviz-tmp-`: staging folders of `folder`, beside it.
    static func stagingPrefix(of folder: String) -> String {
        OutputPath.parent(of: folder) + "/." + OutputPath.name(of: folder) + ".nibviz-tmp-"
    }

    /// Removes staging folders a killed run left (only those carrying our marker; the lock is held).
    static func removeStaleStaging(of folder: String, notice: (String) -> Void) {
        let prefix = stagingPrefix(of: folder)
        let parent = OutputPath.parent(of: folder)
        for name in POSIXFile.entries(parent) ?? [] where (parent + "/" + name).utf8.starts(with: prefix.utf8) {
            let stale = parent + "/" + name
            guard POSIXFile.kind(stale) == .directory, let marker = OutputMarker.read(in: stale) else { continue }
            if marker.kind == .output {
                if !removeOwned(stale, marker) { notice("note: kept \(stale): it holds files nibviz did not write") }
            } else {
                POSIXFile.removeTree(stale)
            }
        }
    }

    /// Prints a note on stderr.
    public static func printNotice(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
