import Foundation
import NibOutput
import Synchronization

/// The entries under a folder, depth first, each folder's entries in byte order of their names,
/// as paths relative to it (`Pods/Lib/File.swift`): what `FileManager.enumerator(atPath:)`
/// lists (symbolic links are listed, never followed into; no descent into another file
/// system), read with `readdir` and the kind each directory entry carries. A folder nibviz
/// wrote (it holds the output marker: a site or review written inside the project it
/// documents) is listed but never gone into: its pages are no input, and its `Main.storyboard/`
/// folders of scene pages are no documents. The enumerator built
/// every path through `NSString` and the callers asked the disk about each entry again: a
/// project's Pods and sources (tens of thousands of files, most no input) made the walks most of
/// a no-change site rebuild.
public enum FolderWalk {
    /// The listings the walks within `sharing` read and share: a site build walks one project
    /// for its documents, its Info.plists, the files it passes by and its sources, and each
    /// walk read every folder again (a third of a no-change rebuild of iTerm2).
    @TaskLocal public static var shared: FolderListings?

    /// Runs `body` with walks sharing the listings of `listings`: a folder they list is read
    /// once. For a span in which the folders are taken not to change (one build step).
    public static func sharing<Result>(_ listings: FolderListings = FolderListings(), _ body: () throws -> Result) rethrows -> Result {
        try $shared.withValue(listings, operation: body)
    }

    /// Calls `visit` with each entry's relative path, name and kind (`POSIXFile.entryKinds`); a
    /// folder is descended into when `visit` returns true for it. A folder that cannot be read
    /// is passed by (as the enumerator does). Nothing when `root` is not a folder.
    public static func walk(_ root: String, visit: (_ path: String, _ name: String, _ kind: POSIXFile.Kind) -> Bool) {
        var rootStatus = stat()
        guard stat(root, &rootStatus) == 0, rootStatus.st_mode & S_IFMT == S_IFDIR else { return }
        walkFolder(root, relative: "", device: rootStatus.st_dev, visit: visit)
    }

    /// Every regular file under `root` (links to regular files included), as relative paths in
    /// byte order.
    public static func files(under root: String) -> [String] {
        var found: [String] = []
        walk(root) { path, _, kind in
            if kind == .directory { return true }
            if kind == .regular || (kind == .symlink && POSIXFile.resolvedKind(root + "/" + path) == .regular) { found.append(path) }
            return false
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func walkFolder(
        _ folder: String, relative: String, device: dev_t, visit: (String, String, POSIXFile.Kind) -> Bool
    ) {
        let listings = shared
        guard let entries = listings?.entries(folder) ?? POSIXFile.entryKinds(folder) else { return }
        for (name, kind) in entries {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard visit(path, name, kind), kind == .directory else { continue }
            let full = folder + "/" + name
            guard listings?.isEnterable(full, device: device) ?? isEnterable(full, device: device) else { continue }
            walkFolder(full, relative: path, device: device, visit: visit)
        }
    }

    /// Whether a walk goes into `folder`: no output of nibviz, and not another file system (a
    /// mounted volume), as the enumerator.
    static func isEnterable(_ folder: String, device: dev_t) -> Bool {
        guard access(folder + "/" + OutputMarker.fileName, F_OK) != 0 else { return false }
        var status = stat()
        return lstat(folder, &status) == 0 && status.st_dev == device
    }
}

/// Folder listings read once and shared by the walks within `FolderWalk.sharing`, on any thread.
public final class FolderListings: Sendable {
    private let listings = Mutex<[String: [(name: String, kind: POSIXFile.Kind)]?]>([:])
    /// By the walk's device and the folder.
    private let enterable = Mutex<[String: Bool]>([:])

    public init() {}

    /// `POSIXFile.entryKinds(folder)`, read the first time.
    func entries(_ folder: String) -> [(name: String, kind: POSIXFile.Kind)]? {
        if let known = listings.withLock({ $0[folder] }) { return known }
        let entries = POSIXFile.entryKinds(folder)
        listings.withLock { $0[folder] = .some(entries) }
        return entries
    }

    /// `FolderWalk.isEnterable`, asked the first time for the walk's root's device.
    func isEnterable(_ folder: String, device: dev_t) -> Bool {
        let key = "\(device) " + folder
        if let known = enterable.withLock({ $0[key] }) { return known }
        let answer = FolderWalk.isEnterable(folder, device: device)
        enterable.withLock { $0[key] = answer }
        return answer
    }
}
