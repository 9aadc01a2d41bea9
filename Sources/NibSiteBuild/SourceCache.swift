import Foundation
import NibOutput
import NibSources

/// The declarations of the app's source files as the last build read them, in
/// `<output>/.nibviz-state-sources.json` (a file nibviz writes and lists in the marker): a
/// rebuild parses again only the source files whose bytes, module or project-decided modules
/// changed. An edit to one Swift file of a 1,340-file app re-parses that file, not the app.
struct SourceCache: Codable {
    /// One file as read: the digest of its bytes, the modules it was read as, its declarations.
    struct Entry: Codable {
        var digest: String
        var module: String
        var knownModules: [String]
        var scanned: ScannedFile
    }

    /// Bumped when the layout of this file or of the declarations changes (an older one is ignored).
    static let format = 1
    /// Where the cache lives inside the output folder.
    static let path = ".nibviz-state-sources.json"

    var format = SourceCache.format
    /// By the path the survey gives the file.
    var files: [String: Entry] = [:]

    /// The cache the previous build wrote, when the output folder holds one nibviz wrote.
    static func previous(in output: OutputFolder) -> SourceCache? {
        guard output.previousMarker?.files.contains(path) == true,
            let data = FileManager.default.contents(atPath: output.path + "/" + path),
            let cache = try? JSONDecoder().decode(SourceCache.self, from: data), cache.format == format
        else { return nil }
        return cache
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
    /// modified within the seconds before it, whose bytes may still change under it).
    init(scanned: [(file: SourceFile, scanned: ScannedFile)], digests: [String: InputDigest.FileDigest]) {
        for (file, read) in scanned {
            guard let digest = digests[file.path]?.digest else { continue }
            files[file.path] = Entry(digest: digest, module: file.module, knownModules: file.knownModules, scanned: read)
        }
    }
}

extension SiteBuilder {
    /// The declarations of the source files the previous build read from the bytes they hold
    /// now (none with `--no-cache`, without sources, or without a previous build).
    func previousSourceDeclarations(in output: OutputFolder) -> [String: ScannedFile] {
        guard previous != nil, let survey = digests.sources, let cache = SourceCache.previous(in: output) else { return [:] }
        previousSourceCount = cache.files.count
        return cache.earlier(for: survey.files, digests: digests.files)
    }

    /// Keeps what this build read of the sources for the next build (`saveSourceDeclarations`).
    func keepSourceDeclarations(_ scanned: [(file: SourceFile, scanned: ScannedFile)], earlier: [String: ScannedFile]) {
        timings.sourceFilesKept = scanned.filter { earlier[$0.file.path] != nil }.count
        timings.sourceFilesParsed = scanned.count - timings.sourceFilesKept
        guard options.useCache, !scanned.isEmpty else { return }
        let cache = SourceCache(scanned: scanned, digests: digests.files)
        sourceCache = cache
        sourceCacheUnchanged =
            cache.files.count == previousSourceCount && cache.files.count == earlier.count
            && scanned.allSatisfy { earlier[$0.file.path] != nil }
    }

    /// Writes the source files' declarations, or carries the previous build's file when they
    /// are all its own.
    func saveSourceDeclarations(_ output: OutputFolder) throws {
        guard let sourceCache else { return }
        if sourceCacheUnchanged, (try? output.carry(SourceCache.path)) != nil { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try output.write(try encoder.encode(sourceCache), to: SourceCache.path)
    }
}
