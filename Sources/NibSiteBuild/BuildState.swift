import Foundation
import NibModel
import NibOutput
import NibSite

/// What a build leaves for the next one, in `<output>/.nibviz-state.json` (a file nibviz
/// writes and lists in the marker like any other): the digest of every input, the size and
/// modification time of every file written, each page's fingerprint with its link data, each
/// document's pages, and the diagrams Graphviz could not draw (by content key, with the
/// message), so a rebuild does not redo a failure; each document's graph summary beside it
/// (`Summaries`).
struct BuildState: Codable {
    /// A file as written: size and modification time in nanoseconds.
    struct Stamp: Codable, Equatable {
        var size: Int
        var modified: Int
    }

    /// A page as written.
    struct Page: Sendable, Equatable {
        /// `SitePlanner.pageFingerprint`: the same value means the same bytes.
        var fingerprint: String
        /// The standalone diagram SVGs written with it.
        var extraFiles: [String]
        /// Its anchors and references, for the link check of a later build that keeps it.
        var links: LinkChecker.PageLinks
        /// The content keys of its diagrams (carried in the cache when the page is kept).
        var figureKeys: [String] = []
    }

    /// A document's pages as planned (`SitePlanner.UnitRecord`), for a later build to keep them
    /// without planning the document again when `key` is unchanged.
    struct Unit: Sendable, Equatable {
        /// `unitKey`: the document's bytes, what its pages read of the project, the build's options.
        var key: String
        var pages: [SitePlanner.KeptPage]
        var sceneCount: Int
        var claims: [[String]]
        /// `page: caption: message` of its diagrams Graphviz could not render.
        var failures: [String]
    }

    /// A document's graph summary (`NibGraph.siteSummary`), for a later build to take instead of
    /// parsing the document again when `key` is unchanged (`SiteContent.readDocuments`).
    struct Summary: Sendable, Equatable {
        /// `summaryKey`: the build's options, site sources and tool, the document's path and bytes.
        var key: String
        var graph: NibGraph
    }

    /// The documents' summaries, in `summaryShards` files by relative path: written as soon as
    /// the documents are read, so a build does not hold them while it plans and renders (they
    /// would grow its memory with the number of documents).
    struct Summaries: Sendable, Equatable {
        var format = BuildState.format
        var summaries: [String: Summary] = [:]
    }

    /// Where the summaries live.
    static func summariesPath(_ shard: Int) -> String { ".nibviz-state-summaries-\(shard).bin" }
    static let summaryShards = 16

    /// Bumped when the layout of this file changes (an older state is ignored).
    static let format = 8
    /// Where the state lives inside the output folder.
    static let path = ".nibviz-state.json"
    /// Where the pages and documents of the state live (`Details`, in `detailsShards` files by
    /// key, read and written on as many threads): read only when the inputs changed, so a
    /// no-change rebuild reads the small file alone.
    static func detailsPath(_ shard: Int) -> String { ".nibviz-state-pages-\(shard).bin" }
    /// Enough files that a rebuild after a small change encodes a few of them and carries the
    /// rest (`StateShards`), few enough to read at once.
    static let detailsShards = 16

    /// The part of the state a rebuild needs only when something changed.
    struct Details: Sendable, Equatable {
        var format = BuildState.format
        var pages: [String: Page] = [:]
        var units: [String: Unit] = [:]
    }

    enum CodingKeys: String, CodingKey {
        case format, inputs, inputFiles, files, failedDiagrams, pageCount, documentPages, unreadable, diagramFailures
    }

    var format = BuildState.format
    /// `InputDigest`: every input file, the options and the tool.
    var inputs = ""
    /// Every input file with its size, modification time and digest (`InputDigest.known`).
    var inputFiles: [String: InputDigest.FileDigest] = [:]
    var files: [String: Stamp] = [:]
    var pages: [String: Page] = [:]
    /// Each document's pages, by the document's relative path.
    var units: [String: Unit] = [:]
    var failedDiagrams: [String: String] = [:]
    /// The report of the build that wrote this state (an up-to-date rebuild repeats it).
    var pageCount = 0
    var documentPages = 0
    var unreadable: [String] = []
    var diagramFailures: [String] = []
    /// Whether `pages` and `units` were read from the previous build's shard files (not saved).
    var detailsRead = false

    /// The previous build's state, when the output folder holds one nibviz wrote.
    static func previous(in output: OutputFolder) -> BuildState? {
        guard output.previousMarker?.files.contains(path) == true,
            let data = FileManager.default.contents(atPath: output.path + "/" + path),
            let state = try? JSONDecoder().decode(BuildState.self, from: data), state.format == format
        else { return nil }
        return state
    }

    /// Reads the pages and documents of the previous build (`Details`); without them no page
    /// or document is kept.
    mutating func readDetails(in output: OutputFolder, jobs: Int) {
        let paths = (0..<Self.detailsShards).map(Self.detailsPath)
        guard
            let shards = StateShards.read(
                paths: paths, in: output, jobs: jobs, decode: { try Details(decoding: Array($0)) },
                accepted: { $0.format == BuildState.format })
        else { return }
        for shard in shards {
            pages.merge(shard.pages) { first, _ in first }
            units.merge(shard.units) { first, _ in first }
        }
        detailsRead = true
    }

    /// Writes the pages and documents as the `detailsShards` files; a shard whose entries are
    /// those `previous` read from its file is carried as it is (a rebuild after a small change
    /// encodes a few shards, not the whole site's links).
    func writeDetails(to output: OutputFolder, jobs: Int, previous: BuildState?) throws {
        try StateShards.write(
            shardedDetails, to: (0..<Self.detailsShards).map(Self.detailsPath),
            previous: previous.flatMap { $0.detailsRead ? $0.shardedDetails : nil }, in: output, jobs: jobs
        ) { Data($0.encoded()) }
    }

    /// `pages` and `units` split by shard, one `Details` per file.
    var shardedDetails: [Details] {
        var shards = Array(repeating: Details(), count: Self.detailsShards)
        for (path, page) in pages { shards[StateShards.shard(path, of: Self.detailsShards)].pages[path] = page }
        for (path, unit) in units { shards[StateShards.shard(path, of: Self.detailsShards)].units[path] = unit }
        return shards
    }

    /// Every file this state lists is still in the output as it was written.
    func filesAreIntact(in output: OutputFolder) -> Bool {
        files.allSatisfy { output.previousFileIsIntact($0.key, size: $0.value.size, modified: $0.value.modified) }
    }

    /// Whether page `path` with `fingerprint` can be kept as the previous build wrote it.
    func keeps(_ path: String, fingerprint: String, in output: OutputFolder) -> Page? {
        guard let page = pages[path], page.fingerprint == fingerprint else { return nil }
        for file in [path] + page.extraFiles {
            guard let stamp = files[file], output.previousFileIsIntact(file, size: stamp.size, modified: stamp.modified) else {
                return nil
            }
        }
        return page
    }
}
