import Foundation
import GraphvizRender
import NibDOT
import NibDiffing
import NibModel
import NibOutput
import NibParsing

/// What `--fail-on` fails the run on.
public enum FailOn: String, Sendable, CaseIterable {
    /// Any risk note (removed or renamed outlet, action, identifier, class).
    case risk
    /// Any change that can change the running app (cosmetic changes never fail).
    case change

    /// Whether `diffs` fail the run.
    public func fails(_ diffs: [NibDiff]) -> Bool {
        switch self {
        case .risk: diffs.contains { !$0.risks.isEmpty }
        case .change: diffs.contains { $0.hasSemanticChanges }
        }
    }
}

/// What a review writes and what it found.
public struct ReviewResult: Sendable {
    /// The files of the output folder, by name (`review.md` first).
    public var files: [(name: String, bytes: [UInt8])]
    /// Per changed document, its diff or error.
    public var reviews: [FileReview]

    /// The diffs that could be computed.
    public var diffs: [NibDiff] { reviews.compactMap(\.diff) }
}

/// The work of `nibviz review`: list changed documents, diff each, draw its diagram (Graphviz
/// SVG/PNG and a Mermaid block), write the report. A document that cannot be read is reported
/// in the review, not fatal.
public struct ReviewRunner: Sendable {
    /// The repository.
    public var repository: GitRepository
    /// Base and head revisions.
    public var base: String
    /// The head revision.
    public var head: String
    /// Where hosted images live (`--image-base-url`), else links are relative.
    public var imageBaseURL: String?
    /// Code to search for uses of removed or renamed names (`--sources`).
    public var usages: SourceUsages?

    /// Creates a runner.
    public init(repository: GitRepository, base: String, head: String, imageBaseURL: String? = nil, usages: SourceUsages? = nil) {
        self.repository = repository
        self.base = base
        self.head = head
        self.imageBaseURL = imageBaseURL
        self.usages = usages
    }

    /// Diffs every changed document and renders the report; warnings go to `warn`.
    public func run(warn: (String) -> Void = { _ in }) throws -> ReviewResult {
        let documents = try repository.changedDocuments(base: base, head: head)
        // `--sources` is read from disk: its code is the checkout's, which CI makes the head.
        if usages != nil, let headCommit = try? repository.resolve(head), let checkedOut = try? repository.resolve("HEAD"),
            headCommit != checkedOut
        {
            warn(
                "warning: --sources is read from disk, where the repository has HEAD (\(checkedOut.prefix(7))) checked out, not --head \(head) (\(headCommit.prefix(7))): the code that uses removed or renamed names is HEAD's"
            )
        }
        var files: [(String, [UInt8])] = []
        var reviews: [FileReview] = []
        var taken: Set<String> = ["review.md"]
        for document in documents {
            var review = diff(document, warn: warn)
            // A diagram of an unchanged document would only show grey boxes.
            if let diff = review.diff, diff.hasSemanticChanges {
                let name = ReviewReport.artifactName(for: document.path, taken: &taken) + ".diff"
                let suffix = document.status == .added || document.status == .removed ? " (\(document.status.rawValue))" : ""
                review.mermaid = DiffDiagram.mermaid(diff, title: document.path + suffix)
                do {
                    // SVG follows the reader's light or dark mode; PNG is drawn light.
                    let svgDOT = DiffDiagram.dot(diff, title: document.path + suffix, theme: .auto)
                    // Isolated: a Graphviz crash or hang becomes an error naming the document.
                    let svg = try RenderWorkerPool.renderIsolated(
                        RenderRequest(dot: svgDOT, format: .svg, name: document.path, generated: true))
                    let png = try RenderWorkerPool.renderIsolated(
                        RenderRequest(dot: svgDOT, format: .png, name: document.path, generated: true))
                    files.append(("\(name).svg", SVGTheming.apply(.auto, to: svg.data)))
                    files.append(("\(name).png", png.data))
                    review.svg = name + ".svg"
                    review.png = name + ".png"
                } catch {
                    warn("warning: \(document.path): diagram not rendered: \(error)")
                }
            }
            reviews.append(review)
        }
        let markdown = ReviewReport.markdown(base: label(base), head: label(head), files: reviews, imageBaseURL: imageBaseURL)
        return ReviewResult(files: [("review.md", Array(markdown.utf8))] + files, reviews: reviews)
    }

    /// `HEAD~1 (1a2b3c4)`: the revision as given plus the commit it named, for the record.
    private func label(_ revision: String) -> String {
        guard let commit = try? repository.resolve(revision), commit.count >= 7 else { return revision }
        let short = String(commit.prefix(7))
        return revision.hasPrefix(short) ? revision : "\(revision) (\(short))"
    }

    private func diff(_ document: ChangedDocument, warn: (String) -> Void) -> FileReview {
        do {
            let before = try document.oldPath.map { try side($0, at: base) }
            let after = try document.newPath.map { try side($0, at: head) }
            guard let reference = after?.graph ?? before?.graph else {
                return FileReview(document: document, diff: nil, error: "nothing to compare")
            }
            let old = before ?? (Self.empty(like: reference), Data(), nil)
            let new = after ?? (Self.empty(like: reference), Data(), nil)
            let diff = NibDiffer.diff(
                old: old.graph, new: new.graph, oldXML: before == nil ? nil : old.data, newXML: after == nil ? nil : new.data,
                simulate: true, usages: usages)
            var review = FileReview(document: document, diff: diff)
            review.note = new.compiledFile ?? old.compiledFile
            return review
        } catch let error as LocatedError {
            warn("warning: \(error.description)")
            return FileReview(document: document, diff: nil, error: error.description)
        } catch {
            warn("warning: \(document.path): \(error)")
            return FileReview(document: document, diff: nil, error: "\(error)")
        }
    }

    /// One revision of a document: its graph, its bytes (none for a folder) and, for a `.nib`
    /// bundle read through its compiled nib, what the report says about that.
    private func side(_ path: String, at revision: String) throws -> (graph: NibGraph, data: Data, compiledFile: String?) {
        let name = "\(revision):\(path)"
        guard try repository.isFolder(path, at: revision) else {
            let data = try repository.contents(of: path, at: revision)
            return (try NibDocumentParser.parse(data: data, file: name), data, nil)
        }
        // A compiled bundle or `.storyboardc`: its files at that revision, in a private temporary
        // folder read like the folder on disk; no single file of bytes to compare.
        let scratch = try ScratchFolder(purpose: "review")
        defer { scratch.remove() }
        let folder = (path as NSString).lastPathComponent
        let files = try repository.files(under: path, at: revision)
        for file in files {
            try scratch.write(
                try repository.contents(of: path + "/" + file, at: revision), to: [folder] + file.split(separator: "/").map(String.init))
        }
        let url = scratch.url.appendingPathComponent(folder)
        // A `.nib` bundle is reviewed as a folder only when a file other than its
        // `designable.nib` changed (`changedDocuments`): the designable side would show no
        // change, so the compiled nib beside it is what changed and what is read.
        if Self.holdsDesignableAndCompiledNib(files), path.lowercased().hasSuffix(".nib") {
            let graph = try NibDocumentParser.parse(compiledBundle: url, displayName: name)
            let read = path + "/" + (graph.file as NSString).lastPathComponent
            return (graph, Data(), "read the compiled \(read): designable.nib is unchanged between the revisions")
        }
        return (try NibDocumentParser.parse(contentsOf: url, displayName: name), Data(), nil)
    }

    /// A bundle's files hold `designable.nib` and a compiled nib (`keyedobjects*.nib`,
    /// `runtime.nib`, `objects-*.nib`) at its top.
    static func holdsDesignableAndCompiledNib(_ files: [String]) -> Bool {
        let compiled = files.filter { !$0.contains("/") && $0.hasSuffix(".nib") }.filter {
            $0.hasPrefix("keyedobjects") || $0 == "runtime.nib" || $0.hasPrefix("objects")
        }
        return files.contains("designable.nib") && !compiled.isEmpty
    }

    /// The other side of an added or deleted document: same kind, no objects.
    static func empty(like graph: NibGraph) -> NibGraph {
        NibGraph(
            file: graph.file, format: graph.format, documentType: graph.documentType, platform: graph.platform,
            targetRuntime: graph.targetRuntime, toolsVersion: graph.toolsVersion, isStoryboard: graph.isStoryboard)
    }
}
