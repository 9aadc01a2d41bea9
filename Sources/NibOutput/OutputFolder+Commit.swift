#if canImport(Glibc)
    import Glibc
#endif

extension OutputFolder {
    /// The folder held nothing but nibviz's files: the finished staging folder takes its place in
    /// one atomic exchange (so the folder is never missing), then the old files are removed.
    func commitBySwap() throws {
        try POSIXFile.replaceMarker(in: stagingPath, OutputMarker(kind: .output, version: version, files: writtenFiles), shownAs: shown)
        switch POSIXFile.kind(path) {
        case .missing:
            guard rename(stagingPath, path) == 0 else { throw OutputError.system(shown) }
        case .directory where POSIXFile.entries(path)?.isEmpty == true:
            // An empty folder (nibviz's or not) has nothing to keep; rmdir refuses if that changed.
            guard rmdir(path) == 0, rename(stagingPath, path) == 0 else { throw OutputError.system(shown) }
        default:
            let old = try exchange()
            if !Self.removeOwned(old, previousMarker ?? OutputMarker(kind: .output, version: version)) {
                OutputFolder.printNotice("note: kept \(old): files nibviz did not write appeared in \(shown) during the run")
            }
        }
    }

    /// Swaps staging and target; returns where the old tree now is. `renameat2(RENAME_EXCHANGE)`
    /// where the kernel and file system have it, else two renames (a brief gap, undone on failure).
    private func exchange() throws -> String {
        if let exchange = Self.renameExchange() {
            if exchange(AT_FDCWD, stagingPath, AT_FDCWD, path, 2) == 0 { return stagingPath }
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else { throw OutputError.system(shown) }
        }
        let old = Self.stagingPrefix(of: path) + "old-\(getpid())"
        guard rename(path, old) == 0 else { throw OutputError.system(shown) }
        guard rename(stagingPath, path) == 0 else {
            let error = OutputError.system(shown)
            rename(old, path)
            throw error
        }
        return old
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2` (Swift's Glibc module does not export it).
    private static func renameExchange() -> RenameAt2? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }

    /// `--force` into a folder holding others' files: each new file is renamed into place (only
    /// over nibviz's own earlier files), nibviz's files this run did not write are removed, and
    /// the marker lists what nibviz wrote. Anything else stays as it is.
    func commitInto() throws {
        let files = writtenFiles
        let previous = previousMarker?.files ?? []
        let owned = Set(previous.map { Array($0.utf8) })
        for file in files {
            let destination = path + "/" + file
            let kind = POSIXFile.kind(destination)
            if kind != .missing && !(kind == .regular && owned.contains(Array(file.utf8))) {
                throw OutputError(shown + "/" + file, .inTheWay)
            }
            var folder = OutputPath.parent(of: destination)
            while folder.count > path.count {
                let kind = POSIXFile.kind(folder)
                if kind != .missing && kind != .directory { throw OutputError(OutputPath.parent(of: shown + "/" + file), .inTheWay) }
                folder = OutputPath.parent(of: folder)
            }
        }
        let markerPath = path + "/" + OutputMarker.fileName
        if POSIXFile.kind(markerPath) != .missing && OutputMarker.read(in: path) == nil {
            throw OutputError(shown + "/" + OutputMarker.fileName, .inTheWay)
        }
        // The marker lists old and new files before any moves, so an interrupted merge never
        // leaves a file of ours that a later run would take for the user's.
        let kept = Set(files.map { Array($0.utf8) })
        try POSIXFile.replaceMarker(
            in: path, OutputMarker(kind: .output, version: version, files: files + previous.filter { !kept.contains(Array($0.utf8)) }),
            shownAs: shown)
        for file in files {
            let destination = path + "/" + file
            try POSIXFile.makeFolders(OutputPath.parent(of: destination), shownAs: OutputPath.parent(of: shown + "/" + file))
            guard rename(stagingPath + "/" + file, destination) == 0 else { throw OutputError.system(shown + "/" + file) }
        }
        for file in previous where !kept.contains(Array(file.utf8)) {
            let stale = path + "/" + file
            if POSIXFile.kind(stale) == .regular || POSIXFile.kind(stale) == .symlink { unlink(stale) }
            POSIXFile.pruneEmptyFolders(from: OutputPath.parent(of: stale), upTo: path)
        }
        try POSIXFile.replaceMarker(in: path, OutputMarker(kind: .output, version: version, files: files), shownAs: shown)
    }

    /// Removes the files `marker` lists, the marker and the folders they leave empty; true when
    /// `folder` itself is gone (nothing else was in it).
    @discardableResult
    static func removeOwned(_ folder: String, _ marker: OutputMarker) -> Bool {
        var parents: Set<String> = []
        for file in marker.files {  // names inside the folder only (`OutputMarker.init`)
            let owned = folder + "/" + file
            let kind = POSIXFile.kind(owned)
            if kind == .regular || kind == .symlink { unlink(owned) }
            parents.insert(OutputPath.parent(of: owned))
        }
        // The folders emptied, deepest first, each once: pruning after every file tried to remove
        // each file's folders again (a third of the swap after a one-document rebuild).
        for parent in parents.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            POSIXFile.pruneEmptyFolders(from: parent, upTo: folder)
        }
        unlink(folder + "/" + OutputMarker.fileName)
        return rmdir(folder) == 0
    }
}

extension POSIXFile {
    /// Writes `marker` into `folder` through a temporary file and a rename.
    static func replaceMarker(in folder: String, _ marker: OutputMarker, shownAs shown: String) throws {
        let final = folder + "/" + OutputMarker.fileName
        let temporary = try createUnique(
            final + ".nibviz-tmp-\(getpid())", Array(marker.text.utf8), shownAs: shown + "/" + OutputMarker.fileName)
        guard rename(temporary, final) == 0 else {
            let error = OutputError.system(shown + "/" + OutputMarker.fileName)
            unlink(temporary)
            throw error
        }
    }
}
