import Foundation
import NibModel
import NibOutput
import NibParsing
import Synchronization

/// Paths the user types that are, or go through, an app archive: `Demo.ipa` is read as the
/// folder it holds and `Demo.ipa/Payload/Demo.app/Main.storyboardc` as that folder's document.
///
/// Each archive is extracted once per process (`AppArchive.extract`) into a private temporary
/// folder named like the archive, so reports built from the folder name it as the user did
/// (`Demo.ipa/Payload/…`); the folders are removed when the process exits.
public enum AppArchivePath {
    private static let opened = Mutex<[String: URL]>([:])
    private static let scratch = Mutex<ScratchFolder?>(nil)

    /// The file or folder `path` stands for on disk: itself, or its place in an extracted archive.
    public static func url(for path: String) throws -> URL {
        let url = URL(fileURLWithPath: path)
        let components = url.standardizedFileURL.pathComponents
        for end in components.indices.dropFirst() {
            let archive = URL(fileURLWithPath: NSString.path(withComponents: Array(components[...end])))
            guard InputClassifier.kind(of: archive) == .appArchive else { continue }
            let root = try extracted(archive, name: archivePart(of: path) ?? archive.path)
            return components[(end + 1)...].reduce(root) { $0.appendingPathComponent($1) }
        }
        return url
    }

    /// The archive's path as the user typed it: `path` up to its first `.ipa` component.
    private static func archivePart(of path: String) -> String? {
        var start = path.startIndex
        while let range = path.range(of: ".ipa", options: .caseInsensitive, range: start..<path.endIndex) {
            if range.upperBound == path.endIndex || path[range.upperBound] == "/" { return String(path[..<range.upperBound]) }
            start = range.upperBound
        }
        return nil
    }

    /// The folder the archive at `archive` holds, extracted once per process; `name` names the
    /// archive in errors and reports (`Project/Demo.ipa` for one found inside a folder).
    public static func folder(ofArchive archive: URL, name: String) throws -> URL { try extracted(archive, name: name) }

    private static func extracted(_ archive: URL, name: String) throws -> URL {
        let key = archive.standardizedFileURL.path
        if let root = opened.withLock({ $0[key] }) { return root }
        // `N/Demo.ipa`: each archive in a folder of its own, named like the archive.
        let holder = String(opened.withLock { $0.count })
        let root = try AppArchive.extract(archive, into: try scratchFolder(), folder: [holder, archive.lastPathComponent], name: name)
        opened.withLock { $0[key] = root }
        return root
    }

    /// This process's folder of extracted archives, removed at exit.
    private static func scratchFolder() throws -> ScratchFolder {
        try scratch.withLock { folder in
            if let folder { return folder }
            let made = try ScratchFolder(purpose: "ipa")
            folder = made
            atexit { AppArchivePath.removeExtracted() }
            return made
        }
    }

    /// Removes the folder of extracted archives (it holds only what `extract` wrote).
    static func removeExtracted() { scratch.withLock { $0 }?.remove() }
}
