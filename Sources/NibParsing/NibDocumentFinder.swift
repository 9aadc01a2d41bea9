import Foundation

/// Finds Interface Builder documents under a folder; `InputClassifier` decides what each path is.
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
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return .descend }
        switch InputClassifier.kind(of: url) {
        case .compiledNib: return .compiledDocument
        case .document where url.pathExtension.lowercased() == "nib": return .designable(url.appendingPathComponent("designable.nib"))
        default: return .descend
        }
    }

    /// Every document under `folder` (or `folder` itself when it is one), sorted by path so batch
    /// output is deterministic: `.xib`, `.storyboard`, `designable.nib`, compiled `.nib` files,
    /// compiled `.nib` bundles and `.storyboardc` folders (as one URL each), so a built `.app`
    /// reads like a source tree; a `.nib` bundle with a `designable.nib` yields that file.
    /// Hidden folders and `.build` are skipped. The same list `site` and `inspect` read
    /// (`InputClassifier.documents(under:)`).
    public static func documents(in folder: URL) -> [URL] {
        InputClassifier.documents(under: folder).map { input in
            if case .designable(let designable) = role(ofFolder: input.url) { return designable }
            return input.url
        }.sorted { $0.path < $1.path }
    }

    /// True for paths that are IB documents, source or compiled (`InputClassifier`).
    public static func isDocument(_ url: URL) -> Bool {
        let kind = InputClassifier.kind(of: url)
        return kind == .document || kind == .compiledNib
    }
}
