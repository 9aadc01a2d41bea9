import Foundation

/// Finds Interface Builder documents under a folder.
public enum NibDocumentFinder {
    /// What a folder met while walking a project is.
    public enum FolderRole: Equatable, Sendable {
        /// A compiled document read whole: a `.storyboardc` folder, a `.nib` bundle without
        /// `designable.nib`.
        case compiledDocument
        /// A `.nib` bundle whose source is its `designable.nib` (archive XML).
        case designable(URL)
        /// An ordinary folder (an `.app`, a framework, `Base.lproj`): look inside.
        case descend
    }

    /// The role of the folder at `url`.
    public static func role(ofFolder url: URL) -> FolderRole {
        switch url.pathExtension.lowercased() {
        case "storyboardc":
            return .compiledDocument
        case "nib":
            let designable = url.appendingPathComponent("designable.nib")
            return FileManager.default.fileExists(atPath: designable.path) ? .designable(designable) : .compiledDocument
        default:
            return .descend
        }
    }

    /// Every document under `folder` (or `folder` itself when it is one), sorted by path so batch
    /// output is deterministic: `.xib`, `.storyboard`, `designable.nib`, compiled `.nib` files,
    /// compiled `.nib` bundles and `.storyboardc` folders (as one URL each) — so a built `.app`
    /// reads like a source tree. Hidden folders and `.build` are skipped.
    public static func documents(in folder: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return isDocument(folder) ? [folder] : [] }
        switch role(ofFolder: folder) {
        case .compiledDocument: return [folder]
        case .designable(let designable): return [designable]
        case .descend: break
        }
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true {
                switch role(ofFolder: url) {
                case .compiledDocument:
                    found.append(url)
                    enumerator.skipDescendants()
                case .designable(let designable):
                    found.append(designable)
                    enumerator.skipDescendants()
                case .descend: break
                }
            } else if values?.isRegularFile == true && isDocument(url) {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// True for names IB documents have: `*.xib`, `*.storyboard`, `*.nib` (source
    /// `designable.nib` or compiled).
    public static func isDocument(_ url: URL) -> Bool {
        let ext = url.pathExtension.lowercased()
        return ext == "xib" || ext == "storyboard" || ext == "nib"
    }
}
