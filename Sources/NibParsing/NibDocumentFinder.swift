import Foundation

/// Finds Interface Builder source documents under a folder (`InputClassifier` decides).
public enum NibDocumentFinder {
    /// Every `.xib`, `.storyboard` and `designable.nib` under `folder` (or `folder` itself when
    /// it is such a file), sorted by path so batch output is deterministic. Hidden folders and
    /// `.build` are skipped; a `.nib` bundle yields its `designable.nib`; compiled nibs are not
    /// source documents.
    public static func documents(in folder: URL) -> [URL] {
        InputClassifier.inputs(under: folder).compactMap { input in
            guard input.kind == .document else { return nil }
            return input.url.pathExtension.lowercased() == "nib" && !input.url.lastPathComponent.lowercased().hasSuffix("designable.nib")
                ? input.url.appendingPathComponent("designable.nib") : input.url
        }
    }

    /// True for names IB source documents have: `*.xib`, `*.storyboard`, `designable.nib`.
    public static func isDocument(_ url: URL) -> Bool { InputClassifier.kind(of: url) == .document }
}
