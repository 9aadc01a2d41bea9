import Foundation
import NibModel
import NibOutput
import NibSources

/// The declarations of the app's source files as the last build read them, in
/// `<output>/.nibviz-state-sources-<n>.bin` (files nibviz writes and lists in the marker): a
/// rebuild parses again only the source files whose bytes, module or project-decided modules
/// changed. An edit to one Swift file of a 1,340-file app re-parses that file, not the app; the
/// files are `shards` by path, so such a rebuild encodes one shard and carries the others, and
/// reads them all at once. The shards are `CompactBinary`: as JSON, encoding them took a fifth
/// of iTerm2's first site build with its sources and decoding them a third of a rebuild after
/// one edit.
struct SourceCache: Equatable, Sendable {
    /// One file as read: the modules it was read as, its declarations and their bytes' digest.
    struct Entry: Equatable, Sendable {
        var module: String
        var knownModules: [String]
        var scanned: ScannedFile
    }

    /// Bumped when the layout of these files or of the declarations changes (older ones are ignored).
    static let format = 4
    /// How many files the cache is split into (`StateShards`, by path).
    static let shards = 16
    /// Where shard `number` lives inside the output folder.
    static func path(_ number: Int) -> String { ".nibviz-state-sources-\(number).bin" }
    static var paths: [String] { (0..<shards).map(path) }
    /// The first bytes of every shard: a file that does not start so is no shard.
    static let magic = "nibviz source declarations"

    var format = SourceCache.format
    /// The binary and version that read the files (`InputDigest.Digests.tool`): a nibviz whose readers
    /// changed reads every file again.
    var tool = ""
    /// By the path the survey gives the file.
    var files: [String: Entry] = [:]

    /// The shard's bytes: the magic, the format and the tool, then each file by path (same
    /// value, same bytes). Each file's locations leave out the path it is keyed by, which a
    /// big app's cache would otherwise repeat for every member.
    func encoded() -> [UInt8] {
        var writer = CompactBinary.Writer()
        writer.string(Self.magic)
        writer.integer(format)
        writer.string(tool)
        writer.integer(files.count)
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.string(entry.module)
            writer.strings(entry.knownModules)
            entry.scanned.write(to: &writer, path: path)
        }
        return writer.bytes
    }

    /// A shard as `encoded()` wrote it; one of another format is read as far as its format.
    init(decoding bytes: [UInt8]) throws {
        var reader = CompactBinary.Reader(bytes)
        guard try reader.string() == Self.magic else { throw reader.malformed("not a source declarations shard") }
        format = try reader.integer()
        guard format == Self.format else { return }
        tool = try reader.string()
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            let module = try reader.string()
            let knownModules = try reader.strings()
            files[path] = Entry(module: module, knownModules: knownModules, scanned: try ScannedFile(from: &reader, path: path))
        }
        guard reader.isAtEnd else { throw reader.malformed("bytes after the last file") }
    }

    /// The shards the previous build wrote, when the output folder holds every one, written by
    /// this `tool`.
    static func previous(in output: OutputFolder, tool: String, jobs: Int) -> [SourceCache]? {
        StateShards.read(paths: paths, in: output, jobs: jobs, decode: { try SourceCache(decoding: Array($0)) }) {
            $0.format == format && $0.tool == tool
        }
    }

    /// The declarations in `shards` that stand for `files` as the inputs' digests find them now:
    /// read from the same bytes as the same modules.
    static func earlier(in shards: [SourceCache], for files: [SourceFile], digests: [String: InputDigest.FileDigest])
        -> [String: ScannedFile]
    {
        var result: [String: ScannedFile] = [:]
        for file in files {
            let entry = shards[StateShards.shard(file.path, of: Self.shards)].files[file.path]
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
            parts[StateShards.shard(file.path, of: shards)].files[file.path] = Entry(
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
        try StateShards.write(sourceShards, to: SourceCache.paths, previous: previousSourceShards, in: output, jobs: options.jobs) {
            Data($0.encoded())
        }
    }
}
