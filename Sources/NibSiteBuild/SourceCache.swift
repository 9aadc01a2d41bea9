import Foundation
import NibOutput
import NibSources

/// The declarations of the app's source files as the last build read them, in
/// `<output>/.nibviz-state-sources-<n>.json` (files nibviz writes and lists in the marker): a
/// rebuild parses again only the source files whose bytes, module or project-decided modules
/// changed. An edit to one Swift file of a 1,340-file app re-parses that file, not the app; the
/// files are `shards` by path, so such a rebuild encodes one shard and carries the others, and
/// reads them all at once.
struct SourceCache: Codable {
    /// One file as read: the digest of its bytes, the modules it was read as, its declarations.
    struct Entry: Codable {
        var digest: String
        var module: String
        var knownModules: [String]
        var scanned: ScannedFile
    }

    /// Bumped when the layout of these files or of the declarations changes (older ones are ignored).
    static let format = 1
    /// How many files the cache is split into (`BuildState.shard` by path).
    static let shards = 16
    /// Where shard `number` lives inside the output folder.
    static func path(_ number: Int) -> String { ".nibviz-state-sources-\(number).json" }

    var format = SourceCache.format
    /// The binary and version that read the files (`InputDigest.tool`): a nibviz whose readers
    /// changed reads every file again.
    var tool = ""
    /// By the path the survey gives the file.
    var files: [String: Entry] = [:]

    /// The cache the previous build wrote, when the output folder holds every shard of one nibviz
    /// wrote, read on `jobs` threads; with the paths each shard held.
    static func previous(in output: OutputFolder, tool: String, jobs: Int) -> (cache: SourceCache, shardPaths: [Set<String>])? {
        let paths = (0..<shards).map(path)
        guard let listed = output.previousMarker?.files, paths.allSatisfy(listed.contains) else { return nil }
        let read = parallelMap(paths, jobs: min(jobs, shards)) { path -> SourceCache? in
            guard let data = FileManager.default.contents(atPath: output.path + "/" + path),
                let cache = try? JSONDecoder().decode(SourceCache.self, from: data), cache.format == format, cache.tool == tool
            else { return nil }
            return cache
        }
        let parts = read.compactMap { $0 }
        guard parts.count == shards else { return nil }
        var merged = SourceCache(tool: tool)
        for part in parts { merged.files.merge(part.files) { first, _ in first } }
        return (merged, parts.map { Set($0.files.keys) })
    }

    /// The declarations that stand for `files` as the inputs' digests find them now: read from
    /// the same bytes as the same modules.
    func earlier(for files: [SourceFile], digests: [String: InputDigest.FileDigest]) -> [String: ScannedFile] {
        var result: [String: ScannedFile] = [:]
        for file in files {
            guard let entry = self.files[file.path], let now = digests[file.path], entry.digest == now.digest,
                entry.module == file.module, entry.knownModules == file.knownModules
            else { continue }
            result[file.path] = entry.scanned
        }
        return result
    }

    /// The cache of what a build read: the files whose digest the build recorded (not those
    /// modified within the seconds before it, whose bytes may still change under it) and whose
    /// bytes parsed are the bytes it hashed (a file saved between the two is left out).
    init(scanned: [(file: SourceFile, scanned: ScannedFile)], digests: [String: InputDigest.FileDigest], tool: String) {
        self.tool = tool
        for (file, read) in scanned {
            guard let digest = digests[file.path]?.digest, digest == read.digest else { continue }
            files[file.path] = Entry(digest: digest, module: file.module, knownModules: file.knownModules, scanned: read)
        }
    }

    private init(tool: String) { self.tool = tool }

    /// The shards to write: nil bytes for a shard that holds the paths `previous` held, each
    /// entry taken from it (`reused`), whose file is carried as it is.
    func encodedShards(previous: [Set<String>]?, reused: Set<String>, jobs: Int) throws -> [(path: String, bytes: Data?)] {
        var parts = Array(repeating: SourceCache(tool: tool), count: Self.shards)
        for (path, entry) in files { parts[BuildState.shard(path, of: Self.shards)].files[path] = entry }
        let encoded = parallelMap(Array(parts.enumerated()), jobs: min(jobs, Self.shards)) { number, part -> Result<Data?, Error> in
            if let previous, previous.count == Self.shards, Set(part.files.keys) == previous[number],
                part.files.keys.allSatisfy(reused.contains)
            {
                return .success(nil)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Result { try encoder.encode(part) }
        }
        return try encoded.enumerated().map { (Self.path($0.offset), try $0.element.get()) }
    }
}

extension SiteBuilder {
    /// The declarations of the source files the previous build read from the bytes they hold
    /// now (none with `--no-cache`, without sources, or without a previous build).
    func previousSourceDeclarations(in output: OutputFolder) -> [String: ScannedFile] {
        guard previous != nil, let survey = digests.sources,
            let (cache, shardPaths) = SourceCache.previous(in: output, tool: InputDigest.tool(options), jobs: options.jobs)
        else { return [:] }
        previousSourceShards = shardPaths
        return cache.earlier(for: survey.files, digests: digests.files)
    }

    /// Keeps what this build read of the sources for the next build (`saveSourceDeclarations`).
    func keepSourceDeclarations(_ scanned: [(file: SourceFile, scanned: ScannedFile)], earlier: [String: ScannedFile]) {
        timings.sourceFilesKept = scanned.filter { earlier[$0.file.path] != nil }.count
        timings.sourceFilesParsed = scanned.count - timings.sourceFilesKept
        guard options.useCache, !scanned.isEmpty else { return }
        sourceCache = SourceCache(scanned: scanned, digests: digests.files, tool: InputDigest.tool(options))
        reusedSources = Set(earlier.keys)
    }

    /// Writes the source files' declarations: the shards that changed, the others carried.
    func saveSourceDeclarations(_ output: OutputFolder) throws {
        guard let sourceCache else { return }
        for (path, bytes) in try sourceCache.encodedShards(previous: previousSourceShards, reused: reusedSources, jobs: options.jobs) {
            if let bytes { try output.write(bytes, to: path) } else { try output.carry(path) }
        }
    }
}
