import Foundation
import NibOutput

/// The entries under a folder, depth first, each folder's entries in byte order of their names,
/// as paths relative to it (`Pods/Lib/File.swift`): what `FileManager.enumerator(atPath:)`
/// lists (symbolic links are listed, never followed into; no descent into another file
/// system), read with `readdir` and the type each directory entry carries. A folder nibviz
/// wrote (it holds the output marker: a site or review written inside the project it
/// documents) is listed but never gone into: its pages are no input, and its `Main.storyboard/`
/// folders of scene pages are no documents. The enumerator built
/// every path through `NSString` and the callers asked the disk about each entry again: a
/// project's Pods and sources (tens of thousands of files, most no input) made the walks most of
/// a no-change site rebuild.
public enum FolderWalk {
    /// What a directory entry is, as the directory says (a `lstat` where it does not).
    public enum EntryType: Sendable, Equatable {
        case folder
        case symbolicLink
        /// A regular file.
        case file
        /// A device, pipe or socket: no content to read.
        case other
    }

    /// Calls `visit` with each entry's relative path, name and type; a folder is descended into
    /// when `visit` returns true for it. A folder that cannot be read is passed by (as the
    /// enumerator does). Nothing when `root` is not a folder.
    public static func walk(_ root: String, visit: (_ path: String, _ name: String, _ type: EntryType) -> Bool) {
        var rootStatus = stat()
        guard stat(root, &rootStatus) == 0, rootStatus.st_mode & S_IFMT == S_IFDIR else { return }
        walkFolder(root, relative: "", device: rootStatus.st_dev, visit: visit)
    }

    /// Every regular file under `root` (links to files included, as `FileManager.fileExists`
    /// sees them; no pipe or device, which has no bytes to read), as relative paths in byte order.
    public static func files(under root: String) -> [String] {
        var found: [String] = []
        walk(root) { path, _, type in
            switch type {
            case .folder: return true
            case .other: break
            case .file: found.append(path)
            case .symbolicLink:
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(path)
                }
            }
            return false
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func walkFolder(
        _ folder: String, relative: String, device: dev_t, visit: (String, String, EntryType) -> Bool
    ) {
        guard let directory = opendir(folder) else { return }
        var entries: [(name: String, type: EntryType)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            entries.append((name, type(Int32(entry.pointee.d_type), path: folder + "/" + name)))
        }
        closedir(directory)
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for (name, type) in entries {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard visit(path, name, type), type == .folder else { continue }
            let full = folder + "/" + name
            guard access(full + "/" + OutputMarker.fileName, F_OK) != 0 else { continue }
            // Not into another file system (a mounted volume), as the enumerator.
            var status = stat()
            guard lstat(full, &status) == 0, status.st_dev == device else { continue }
            walkFolder(full, relative: path, device: device, visit: visit)
        }
    }

    private static func type(_ directoryType: Int32, path: String) -> EntryType {
        switch directoryType {
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_REG): return .file
        case Int32(DT_UNKNOWN):
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .symbolicLink
            case S_IFREG: return .file
            default: return .other
            }
        default: return .other
        }
    }
}
