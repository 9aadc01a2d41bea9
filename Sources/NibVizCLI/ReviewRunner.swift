import Foundation
import GraphvizRender
import NibModel
import NibReview

/// The work of `nibviz review`: list changed documents, diff each, render its diagram, write the
/// folder. A document that cannot be read is reported in the review, not fatal.
struct ReviewRunner {
    var repository: GitRepository
    var base: String
    var head: String

    /// The files of the output folder, by name.
    func run() throws -> [(name: String, bytes: [UInt8])] {
        let documents = try repository.changedDocuments(base: base, head: head)
        var files: [(String, [UInt8])] = []
        var reviews: [FileReview] = []
        var taken: Set<String> = ["review.md"]
        for document in documents {
            var review = diff(document)
            // A diagram of an unchanged document would only show grey boxes.
            if let diff = review.diff, diff.hasSemanticChanges {
                let name = ReviewReport.artifactName(for: document.path, taken: &taken) + ".diff"
                let suffix = document.status == .added || document.status == .removed ? " (\(document.status.rawValue))" : ""
                let dot = DiffDiagram.dot(diff, title: document.path + suffix)
                do {
                    for format in [OutputFormat.svg, .png] {
                        let rendered = try GraphvizRenderer.shared.render(RenderRequest(dot: dot, format: format, name: document.path))
                        files.append(("\(name).\(format.rawValue)", rendered.data))
                    }
                    review.svg = name + ".svg"
                    review.png = name + ".png"
                } catch {
                    printError("warning: \(document.path): diagram not rendered: \(error.description)")
                }
            }
            reviews.append(review)
        }
        let markdown = ReviewReport.markdown(base: label(base), head: label(head), files: reviews)
        return [("review.md", Array(markdown.utf8))] + files
    }

    /// `HEAD~1 (1a2b3c4)`: the revision as given plus the commit it named, for the record.
    private func label(_ revision: String) -> String {
        guard let commit = try? repository.resolve(revision), commit.count >= 7 else { return revision }
        let short = String(commit.prefix(7))
        return revision.hasPrefix(short) ? revision : "\(revision) (\(short))"
    }

    private func diff(_ document: ChangedDocument) -> FileReview {
        do {
            let before = try document.oldPath.map { try side($0, at: base) }
            let after = try document.newPath.map { try side($0, at: head) }
            guard let reference = after?.graph ?? before?.graph else {
                return FileReview(document: document, diff: nil, error: "nothing to compare")
            }
            let old = before ?? (Self.empty(like: reference), Data())
            let new = after ?? (Self.empty(like: reference), Data())
            let diff = NibDiffer.diff(
                old: old.graph, new: new.graph, oldXML: before == nil ? nil : old.data, newXML: after == nil ? nil : new.data,
                trace: LoadTraceProvider.trace)
            return FileReview(document: document, diff: diff)
        } catch let error as LocatedError {
            printError("warning: \(error.description)")
            return FileReview(document: document, diff: nil, error: error.description)
        } catch {
            printError("warning: \(document.path): \(error)")
            return FileReview(document: document, diff: nil, error: "\(error)")
        }
    }

    private func side(_ path: String, at revision: String) throws -> (graph: NibGraph, data: Data) {
        let data = try repository.contents(of: path, at: revision)
        return (try DocumentLoader.parse(data, file: "\(revision):\(path)"), data)
    }

    /// The other side of an added or deleted document: same kind, no objects.
    static func empty(like graph: NibGraph) -> NibGraph {
        NibGraph(
            file: graph.file, format: graph.format, documentType: graph.documentType, platform: graph.platform,
            targetRuntime: graph.targetRuntime, toolsVersion: graph.toolsVersion, isStoryboard: graph.isStoryboard)
    }
}
