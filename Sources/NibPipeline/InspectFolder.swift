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

    /// Reads every document; `progress(done, total, name)` before each.
    public func read(progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> Result {
        let root = try AppArchivePath.url(for: folder)
        let exclusion = InputExclusion(excludes + ((try ProjectFile.read(in: root))?.exclude ?? []))
        let inputs = InputClassifier.inputs(under: root, exclusion: exclusion)
        let kept = inputs.kept.filter { $0.kind == .document || $0.kind == .compiledNib }
        // The documents and archives the folder holds that are not read (scenarios and Graphviz
        // files are no input of `inspect`).
        let skipped = inputs.skipped.filter { $0.input.kind != .scenario && $0.input.kind != .dot }
        let keptPaths = Set(kept.map(\.url.standardizedFileURL.path))
        let files = NibDocumentFinder.documents(in: root).filter { url in
            keptPaths.contains(url.standardizedFileURL.path) || keptPaths.contains(url.deletingLastPathComponent().standardizedFileURL.path)
        }
        var summaries: [InspectSummary] = []
        for (index, url) in files.enumerated() {
            let name = displayName(url, under: root)
            progress(index, files.count, name)
            do {
                summaries.append(InspectSummary(graph: try NibDocumentParser.parse(contentsOf: url, displayName: name)))
            } catch let error as LocatedError {
                summaries.append(InspectSummary(file: name, error: error))
            }
        }
        return Result(
            summaries: summaries, skipped: skipped.map { "inspect: skipped \($0.input.relativePath): \($0.reason)" })
    }
    /// The path as the user would type it: the folder argument, then the path below it.
    private func displayName(_ url: URL, under root: URL) -> String {
        let base = root.standardizedFileURL.path
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(base) else { return full }
        let relative = full.dropFirst(base.count).drop { $0 == "/" }
        let prefix = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return prefix.isEmpty ? String(relative) : "\(prefix)/\(relative)"
    }
}
