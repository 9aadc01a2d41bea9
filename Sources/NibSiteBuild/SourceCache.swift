import Foundation
import NibOutput
import NibSources

/// The declarations of the app's source files as the last build read them, in
/// `<output>/.nibviz-state-sources-<n>.json` (files nibviz writes and lists in the marker): a
/// rebuild parses again only the source files whose bytes, module or project-decided modules
/// changed. An edit to one Swift file of a 1,340-file app re-parses that file, not the app; the
/// files are `shards` by path, so such a rebuild encodes one shard and carries the others, and
/// reads them all at once.
struct SourceCache: Codable, Equatable, Sendable {
    /// One file as read: the modules it was read as, its declarations and their bytes' digest.
    struct Entry: Codable, Equatable, Sendable {
        var module: String
        var knownModules: [String]
        var scanned: ScannedFile

        func relocated(_ transform: (String) -> String) -> Entry {
            Entry(module: module, knownModules: knownModules, scanned: scanned.relocated(transform))
        }
    }

    /// Bumped when the layout of these files or of the declarations changes (older ones are ignored).
    static let format = 3
    /// How many files the cache is split into (`ShardedJSON`, by path).
    static let shards = 16
    /// Where shard `number` lives inside the output folder.
    static func path(_ number: Int) -> String { ".nibviz-state-sources-\(number).json" }
    static var paths: [String] { (0..<shards).map(path) }

    var format = SourceCache.format
    /// The binary and version that read the files (`InputDigest.Digests.tool`): a nibviz whose readers
    /// changed reads every file again.
    var tool = ""
    /// By the path the survey gives the file.
    var files: [String: Entry] = [:]

    enum CodingKeys: String, CodingKey { case format, tool, files }

    /// Each file's locations leave out the path the file is keyed by, which a big app's cache
    /// would otherwise repeat for every member; reading puts it back.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(tool, forKey: .tool)
        let blanked = Dictionary(uniqueKeysWithValues: files.map { path, entry in (path, entry.relocated { $0 == path ? "" : $0 }) })
        try container.encode(blanked, forKey: .files)
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        tool = try container.decode(String.self, forKey: .tool)
        let blanked = try container.decode([String: Entry].self, forKey: .files)
        files = Dictionary(uniqueKeysWithValues: blanked.map { path, entry in (path, entry.relocated { $0.isEmpty ? path : $0 }) })
    }

    /// The shards the previous build wrote, when the output folder holds every one, written by
    /// this `tool`.
    static func previous(in output: OutputFolder, tool: String, jobs: Int) -> [SourceCache]? {
        ShardedJSON.read(SourceCache.self, paths: paths, in: output, jobs: jobs) { $0.format == format && $0.tool == tool }
    }

    /// The declarations in `shards` that stand for `files` as the inputs' digests find them now:
    /// read from the same bytes as the same modules.
    static func earlier(in shards: [SourceCache], for files: [SourceFile], digests: [String: InputDigest.FileDigest])
        -> [String: ScannedFile]
    {
        var result: [String: ScannedFile] = [:]
        for file in files {
            let entry = shards[ShardedJSON.shard(file.path, of: Self.shards)].files[file.path]
            guard let entry, let now = digests[file.path], entry.scanned.digest == now.digest, entry.module == file.module,
                entry.knownModules == file.knownModules
            else { continue }
            result[file.path] = entry.scanned
        }
        return result
    }

    /// The shards of what a build read: the files whose digest the build recorded (not those
    /// modified within the seconds before it, whose bytes may still change under it) and whose
    /// bytes parsed are the bytes it hashed (a file saved between the two is left out).
    static func shards(of scanned: [(file: SourceFile, scanned: ScannedFile)], digests: [String: InputDigest.FileDigest], tool: String)
        -> [SourceCache]
    {
        var parts = Array(repeating: SourceCache(tool: tool), count: shards)
        for (file, read) in scanned where digests[file.path]?.digest == read.digest {
            parts[ShardedJSON.shard(file.path, of: shards)].files[file.path] = Entry(
                module: file.module, knownModules: file.knownModules, scanned: read)
        }
        return parts
    }

    private init(tool: String) { self.tool = tool }
}

extension SiteBuilder {
    /// The declarations of the source files the previous build read from the bytes they hold
    /// now (none with `--no-cache`, without sources, or without a previous build).
    func previousSourceDeclarations(in output: OutputFolder) -> [String: ScannedFile] {
        guard previous != nil, let survey = digests.sources,
            let shards = SourceCache.previous(in: output, tool: digests.tool, jobs: options.jobs)
        else { return [:] }
        previousSourceShards = shards
        return SourceCache.earlier(in: shards, for: survey.files, digests: digests.files)
    }

    /// Keeps what this build read of the sources for the next build (`saveSourceDeclarations`).
    func keepSourceDeclarations(_ scanned: [(file: SourceFile, scanned: ScannedFile)], earlier: [String: ScannedFile]) {
        timings.sourceFilesKept = scanned.filter { earlier[$0.file.path] != nil }.count
        timings.sourceFilesParsed = scanned.count - timings.sourceFilesKept
        guard options.useCache, !scanned.isEmpty else { return }
        sourceShards = SourceCache.shards(of: scanned, digests: digests.files, tool: digests.tool)
    }

    /// Writes the source files' declarations: the shards that changed, the others carried.
    func saveSourceDeclarations(_ output: OutputFolder) throws {
        guard let sourceShards else { return }
        try ShardedJSON.write(sourceShards, to: SourceCache.paths, previous: previousSourceShards, in: output, jobs: options.jobs)
    }
}
