import Foundation
import NibOutput
import NibSite

/// What a build leaves for the next one, in `<output>/.nibviz-state.json` (a file nibviz
/// writes and lists in the marker like any other): the digest of every input, the size and
/// modification time of every file written, each page's fingerprint with its link data, and
/// the diagrams Graphviz could not draw (by content key, with the message), so a rebuild does
/// not redo a failure.
struct BuildState: Codable {
    /// A file as written: size and modification time in nanoseconds.
    struct Stamp: Codable, Equatable {
        var size: Int
        var modified: Int
    }

    /// A page as written.
    struct Page: Codable, Sendable, Equatable {
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
    struct Unit: Codable, Sendable, Equatable {
        /// `unitKey`: the document's bytes, what its pages read of the project, the build's options.
        var key: String
        var pages: [SitePlanner.KeptPage]
        var sceneCount: Int
        var claims: [[String]]
        /// `page: caption: message` of its diagrams Graphviz could not render.
        var failures: [String]
    }

    /// Bumped when the layout of this file changes (an older state is ignored).
    static let format = 6
    /// Where the state lives inside the output folder.
    static let path = ".nibviz-state.json"
    /// Where the pages and documents of the state live (`Details`, in `detailsShards` files by
    /// key, read and written on as many threads): read only when the inputs changed, so a
    /// no-change rebuild reads the small file alone.
    static func detailsPath(_ shard: Int) -> String { ".nibviz-state-pages-\(shard).json" }
    /// Enough files that a rebuild after a small change encodes a few of them and carries the
    /// rest (`encodedDetails`), few enough to read at once.
    static let detailsShards = 16

    /// The shard of a page path or document path: fixed by the key's bytes, so an unchanged key
    /// stays in its file.
    static func shard(_ key: String, of count: Int = detailsShards) -> Int {
        Int(key.utf8.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % UInt32(count))
    }

    /// The part of the state a rebuild needs only when something changed.
    struct Details: Codable, Sendable {
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
        guard let files = output.previousMarker?.files, paths.allSatisfy(files.contains) else { return }
        let shards = parallelMap(paths, jobs: min(jobs, paths.count)) { path -> Details? in
            guard let data = FileManager.default.contents(atPath: output.path + "/" + path),
                let details = try? JSONDecoder().decode(Details.self, from: data), details.format == BuildState.format
            else { return nil }
            return details
        }
        guard shards.allSatisfy({ $0 != nil }) else { return }
        for shard in shards.compactMap({ $0 }) {
            pages.merge(shard.pages) { first, _ in first }
            units.merge(shard.units) { first, _ in first }
        }
        detailsRead = true
    }

    /// The pages and documents as the `detailsShards` files to write; nil bytes for a shard
    /// whose entries are those `previous` read from its file (the file is carried as it is: a
    /// rebuild after a small change encodes a few shards, not the whole site's links).
    func encodedDetails(jobs: Int, previous: BuildState?) throws -> [(path: String, bytes: Data?)] {
        let parts = shardedDetails
        let old = previous.flatMap { $0.detailsRead ? $0.shardedDetails : nil }
        let encoded = parallelMap(Array(parts.enumerated()), jobs: min(jobs, parts.count)) { number, details -> Result<Data?, Error> in
            if let old, old[number].pages == details.pages, old[number].units == details.units { return .success(nil) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Result { try encoder.encode(details) }
        }
        return try encoded.enumerated().map { (Self.detailsPath($0.offset), try $0.element.get()) }
    }

    /// `pages` and `units` split by `shard`, one `Details` per file.
    var shardedDetails: [Details] {
        var shards = Array(repeating: Details(), count: Self.detailsShards)
        for (path, page) in pages { shards[Self.shard(path)].pages[path] = page }
        for (path, unit) in units { shards[Self.shard(path)].units[path] = unit }
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
