import Foundation

/// Finds Interface Builder documents under a folder.
public enum NibDocumentFinder {
    /// Every `.xib`, `.storyboard` and `designable.nib` under `folder` (or `folder` itself when
    /// it is such a file), sorted by path so batch output is deterministic. Hidden folders and
    /// `.build` are skipped; compiled `.storyboardc` bundles hold no source documents.
    public static func documents(in folder: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return isDocument(folder) ? [folder] : [] }
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" {
                enumerator.skipDescendants()
                continue
            }
            let regular = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if regular && isDocument(url) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// True for names IB source documents have: `*.xib`, `*.storyboard`, `designable.nib`.
    public static func isDocument(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        let ext = url.pathExtension.lowercased()
        return ext == "xib" || ext == "storyboard" || name.hasSuffix("designable.nib")
    }
}
