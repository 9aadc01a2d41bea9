import Foundation
import NibAppArchive
import NibModel
import NibParsing

/// One IB document found among a command's inputs: where it is read and the name reports give
/// it. A document inside an app archive found in a folder is read from the archive's extracted
/// copy and named through the archive (`Project/Demo.ipa/Payload/Demo.app/Main.storyboardc`),
/// as when the archive is named directly; an archive that cannot be opened is one entry whose
/// reading fails with the archive's located error.
public struct FoundDocument: Sendable {
    /// The file or bundle folder to read (on disk, or in an archive's extracted copy).
    public var url: URL
    /// Its path relative to the folder named (`Views/Card.xib`), or the file's name when a file
    /// was named; the name reports and pages use, after the folder's own name.
    public var relativePath: String
    /// The archive's error, when this entry stands for an app archive that could not be opened.
    public var failure: LocatedError?
}

extension DocumentLoader {
    /// The IB documents (source and compiled) below the folder `root`, named by `name` (the
    /// folder as the user typed it, or its last component), and the inputs skipped with their
    /// reason (`excluded by GLOB`). App archives (`.ipa`) below it are opened (extracted once per
    /// process, within `AppArchive.Limits`) and their documents listed under the archive's path.
    public static func documents(under root: URL, named name: String, exclusion: InputExclusion) -> (
        documents: [FoundDocument], skipped: [(input: ClassifiedInput, reason: String)]
    ) {
        let inputs = InputClassifier.inputs(under: root, exclusion: exclusion)
        var documents: [FoundDocument] = []
        var skipped = inputs.skipped
        for input in inputs.kept {
            switch input.kind {
            case .document, .compiledNib: documents.append(FoundDocument(url: input.url, relativePath: input.relativePath))
            case .appArchive:
                let shown = name.isEmpty ? input.relativePath : name + "/" + input.relativePath
                do {
                    let folder = try AppArchivePath.folder(ofArchive: input.url, name: shown)
                    let inside = InputClassifier.inputs(under: folder, exclusion: exclusion)
                    for item in inside.kept where item.kind == .document || item.kind == .compiledNib {
                        documents.append(FoundDocument(url: item.url, relativePath: input.relativePath + "/" + item.relativePath))
                    }
                    for item in inside.skipped {
                        var moved = item.input
                        moved.relativePath = input.relativePath + "/" + moved.relativePath
                        skipped.append((moved, item.reason))
                    }
                } catch {
                    documents.append(FoundDocument(url: input.url, relativePath: input.relativePath, failure: located(error, name: shown)))
                }
            default: skipped.append((input, "not an Interface Builder document"))
            }
        }
        skipped.sort { $0.input.relativePath < $1.input.relativePath }
        return (
            documents.sorted { $0.relativePath < $1.relativePath }, skipped.filter { $0.input.kind != .scenario && $0.input.kind != .dot }
        )
    }

    /// The documents of the files and folders a command names (`site A B`): a folder's as
    /// `documents(under:named:exclusion:)` finds them, named after the folder's last component
    /// (`Project/Views/Card.xib`); a document named directly as itself, even when missing or of
    /// no known kind (reading it says why); scenarios and Graphviz files are no documents.
    public static func documents(in inputs: [URL], exclusion: InputExclusion) -> [FoundDocument] {
        inputs.flatMap { input -> [FoundDocument] in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder)
            let kind = exists ? InputClassifier.kind(of: input) : nil
            let isPlainFolder = exists && isFolder.boolValue && kind == nil
            guard isPlainFolder || kind == .appArchive else {
                return [.document, .compiledNib, nil].contains(kind)
                    ? [FoundDocument(url: input, relativePath: input.lastPathComponent)] : []
            }
            let base = input.lastPathComponent
            let root: URL
            do {
                root = isPlainFolder ? input : try AppArchivePath.folder(ofArchive: input, name: base)
            } catch {
                return [FoundDocument(url: input, relativePath: base, failure: located(error, name: base))]
            }
            return documents(under: root, named: base, exclusion: exclusion).documents.map {
                FoundDocument(url: $0.url, relativePath: base + "/" + $0.relativePath, failure: $0.failure)
            }
        }
    }

    private static func located(_ error: any Error, name: String) -> LocatedError {
        (error as? LocatedError) ?? LocatedError(at: FileLocation(file: name), "\(error)")
    }

    /// The graph of a found document; `displayName` names it (its archive's error for an
    /// archive that could not be opened).
    public static func graph(of document: FoundDocument, displayName: String) throws -> NibGraph {
        if let failure = document.failure { throw failure }
        return try NibDocumentParser.parse(contentsOf: document.url, displayName: displayName)
    }
}
