import Foundation
import NibAppArchive
import NibInspect
import NibModel
import NibParsing
import NibScenario

/// `nibviz inspect DIR`: every IB document below a folder (the files `site DIR` reads: one
/// classifier, one exclusion), one summary each. A file that fails is reported in its summary
/// and does not stop the others.
public struct InspectFolder {
    /// The folder as the user named it (display names start with it).
    public var folder: String
    /// `--exclude` patterns; the folder's `.nibviz.yml` adds its own.
    public var excludes: [String]

    /// A folder to inspect.
    public init(folder: String, excludes: [String] = []) {
        self.folder = folder
        self.excludes = excludes
    }

    /// What the folder holds: one summary per document, and the skipped inputs.
    public struct Result: Sendable {
        /// One per document, in path order.
        public var summaries: [InspectSummary]
        /// `inspect: skipped <path>: <reason>` for each document or archive not read
        /// (`excluded by <pattern>`, an `.ipa` inside the folder).
        public var skipped: [String]
        /// How many documents could not be read.
        public var failed: Int { summaries.filter { $0.error != nil }.count }

        /// The report: JSON, or one line per document plus totals.
        public func report(json: Bool) -> String {
            json
                ? InspectJSON.encodeSummaries(summaries)
                : (summaries.map(\.line) + [InspectSummary.totalsLine(summaries)]).joined(separator: "\n") + "\n"
        }
    }

    /// Reads every document (those of the `.ipa` archives in the folder too, named through the
    /// archive); `progress(done, total, name)` before each.
    public func read(progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> Result {
        let root = try AppArchivePath.url(for: folder)
        let exclusion = InputExclusion(excludes + ((try ProjectFile.read(in: root))?.exclude ?? []))
        let prefix = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let (documents, skipped) = DocumentLoader.documents(under: root, named: prefix, exclusion: exclusion)
        var summaries: [InspectSummary] = []
        for (index, found) in documents.enumerated() {
            var document = found
            // A `.nib` bundle whose source is its `designable.nib` is read and named as that file.
            if document.failure == nil, case .designable(let file) = NibDocumentFinder.role(ofFolder: document.url) {
                document.url = file
                document.relativePath += "/" + file.lastPathComponent
            }
            let name = prefix.isEmpty ? document.relativePath : "\(prefix)/\(document.relativePath)"
            progress(index, documents.count, name)
            do {
                summaries.append(InspectSummary(graph: try DocumentLoader.graph(of: document, displayName: name)))
            } catch let error as LocatedError {
                summaries.append(InspectSummary(file: name, error: error))
            }
        }
        return Result(summaries: summaries, skipped: skipped.map { "inspect: skipped \($0.input.relativePath): \($0.reason)" })
    }
}
