import Foundation
import NibAppArchive
import NibInspect
import NibModel
import NibParsing
import NibScenario
import Synchronization

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
    /// archive) on `jobs` threads (1: in order on this one), as `site` reads them;
    /// `progress(done, total, name)` as each starts, counted in the order they start.
    public func read(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) throws -> Result {
        let root = try AppArchivePath.url(for: folder)
        let exclusion = InputExclusion(excludes + ((try ProjectFile.read(in: root))?.exclude ?? []))
        let prefix = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let (documents, skipped) = DocumentLoader.documents(under: root, named: prefix, exclusion: exclusion)
        let named = documents.map { found -> (document: FoundDocument, name: String) in
            var document = found
            // A `.nib` bundle whose source is its `designable.nib` is read and named as that file.
            if document.failure == nil, case .designable(let file) = NibDocumentFinder.role(ofFolder: document.url) {
                document.url = file
                document.relativePath += "/" + file.lastPathComponent
            }
            return (document, prefix.isEmpty ? document.relativePath : "\(prefix)/\(document.relativePath)")
        }
        let started = Mutex(0)
        let total = named.count
        let read = parallelMap(named, jobs: jobs) { document, name -> Swift.Result<InspectSummary, Error> in
            started.withLock { count in
                progress(count, total, name)
                count += 1
            }
            do {
                return .success(InspectSummary(graph: try DocumentLoader.graph(of: document, displayName: name)))
            } catch let error as LocatedError {
                return .success(InspectSummary(file: name, error: error))
            } catch {
                return .failure(error)
            }
        }
        // Any other error (none is known: the loaders throw located ones) stops the command
        // once every document was read, the first in path order, with the message a serial
        // read gave.
        let summaries = try read.map { try $0.get() }
        return Result(summaries: summaries, skipped: skipped.map { "inspect: skipped \($0.input.relativePath): \($0.reason)" })
    }
}
