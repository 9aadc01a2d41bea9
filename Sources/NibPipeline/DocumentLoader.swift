import Foundation
import NibAppArchive
import NibModel
import NibParsing

/// Reading IB documents for the commands: one with its raw bytes (the review's cosmetic
/// comparison needs the XML the model leaves out), or every document of a list of inputs.
public enum DocumentLoader {
    /// Reads and parses the file at `path`.
    public static func load(_ path: String) throws -> (graph: NibGraph, data: Data) {
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
        return (try NibDocumentParser.parse(data: data, file: path, named: url), data)
    }

    /// Every IB document of `inputs` (files, or folders searched by `NibDocumentFinder`), named
    /// as the user would type them, and the located error of each that cannot be read: one
    /// broken or legacy document does not hide the others. An input that does not exist throws.
    public static func documents(_ inputs: [String]) throws -> (graphs: [NibGraph], unreadable: [LocatedError]) {
        var graphs: [NibGraph] = []
        var unreadable: [LocatedError] = []
        for input in inputs {
            let url = URL(fileURLWithPath: input)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw LocatedError(at: FileLocation(file: input), "no such file or folder")
            }
            let urls = isDirectory.boolValue ? NibDocumentFinder.documents(in: url) : [url]
            for document in urls {
                let display = isDirectory.boolValue ? input + String(document.path.dropFirst(url.path.count)) : input
                do {
                    graphs.append(try NibDocumentParser.parse(contentsOf: document, displayName: display))
                } catch let error as LocatedError {
                    unreadable.append(error)
                }
            }
        }
        return (graphs, unreadable)
    }
}
