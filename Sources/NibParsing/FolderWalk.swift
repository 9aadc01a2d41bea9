import Foundation
import NibOutput

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
        guard let entries = POSIXFile.entryKinds(folder) else { return }
        for (name, kind) in entries {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard visit(path, name, kind), kind == .directory else { continue }
            let full = folder + "/" + name
            guard access(full + "/" + OutputMarker.fileName, F_OK) != 0 else { continue }
            // Not into another file system (a mounted volume), as the enumerator.
            var status = stat()
            guard lstat(full, &status) == 0, status.st_dev == device else { continue }
            walkFolder(full, relative: path, device: device, visit: visit)
        }
    }
}
