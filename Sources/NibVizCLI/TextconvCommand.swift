import ArgumentParser
import Foundation
import NibDiffing
import NibModel
import NibParsing
import NibReview

/// `nibviz textconv FILE`: the text git diffs instead of the XML.
struct TextconvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textconv",
        abstract: "Stable line-oriented text of an IB document, for git diff.",
        discussion: """
            Set up once per repository:
              printf '*.xib diff=nibviz\\n*.storyboard diff=nibviz\\n*.nib diff=nibviz\\n' >> .gitattributes
              git config diff.nibviz.textconv "nibviz textconv"
            """
    )

    @Argument(help: "The document (git passes a temporary copy).") var file: String

    func run() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            return try bundle()
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure("\(file): cannot read: \(error.localizedDescription)")
        }
        if data.isEmpty { return }  // git's side of an added or deleted file
        do {
            let graph = try NibDocumentParser.parse(data: data, file: file)
            FileHandle.standardOutput.write(Data(Textconv.text(graph, xml: data).utf8))
        } catch let error as LocatedError {
            // A diff must still show something: fall back to the raw text and say why.
            printError("warning: \(error.description); showing the raw file")
            FileHandle.standardOutput.write(Data("# nibviz textconv: cannot parse (\(error.message)); raw text follows\n".utf8) + data)
        }
    }

    /// A `.nib` bundle named by hand (git passes files): the document it holds, as `inspect`
    /// reads it (`designable.nib`, else the compiled nib).
    private func bundle() throws {
        let graph: NibGraph
        do {
            graph = try NibDocumentParser.parse(contentsOf: URL(fileURLWithPath: file), displayName: file)
        } catch let error as LocatedError {
            throw CommandFailure(error.description)
        }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: graph.file))) ?? Data()
        FileHandle.standardOutput.write(Data(Textconv.text(graph, xml: data).utf8))
    }
}
