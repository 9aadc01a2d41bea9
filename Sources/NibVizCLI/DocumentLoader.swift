import Foundation
import NibAppArchive
import NibModel
import NibParsing

/// Reading IB documents for the review commands: the graph plus the raw bytes (the cosmetic
/// comparison needs the XML the model leaves out).
enum DocumentLoader {
    /// Reads and parses the file at `path`.
    static func load(_ path: String) throws -> (graph: NibGraph, data: Data) {
        // A path through an `.ipa` reads the document extracted from it.
        let url = try AppArchivePath.url(for: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            // A compiled `.nib` bundle or `.storyboardc`: no single file of bytes to compare.
            return (try NibDocumentParser.parse(contentsOf: url, displayName: path), Data())
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocatedError(
                at: FileLocation(file: path), "cannot read file: \(error.localizedDescription)")
        }
        return (try parse(data, file: path), data)
    }

    /// Parses document bytes named `file` in messages.
    static func parse(_ data: Data, file: String) throws -> NibGraph {
        try NibDocumentParser.parse(data: data, file: file)
    }
}
