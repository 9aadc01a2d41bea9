import Foundation
import NibModel
import NibOutput
import NibParsing
import NibSite
import NibSources

/// One digest of everything a build reads: every user input (after exclusions; a compiled nib
/// bundle or `.storyboardc` folder file by file), what the app's Info.plists name, the app's
/// sources, every file of the site sources, the options that change pages, and the running
/// binary (a rebuilt nibviz rebuilds the site). Reading and hashing the inputs is what a
/// no-change rebuild costs.
enum InputDigest {
    /// The digest of everything, of everything but the user's documents, scenarios and sources
    /// (`global`), and of each document's files by its relative path (`documents`).
    struct Digests {
        var all = ""
        var global = ""
        var documents: [String: String] = [:]
        /// Each document's files (a bundle's, file by file), by its relative path, as hashed.
        var documentFiles: [String: [String]] = [:]
        /// Every file read, with the digest of its bytes, for the next build (`known`).
        var files: [String: FileDigest] = [:]
        /// The `--sources` files and project files hashed, for the read step to scan (one walk).
        var sources: SourceSurvey?
        /// What the app's Info.plists name (R-LAUNCH-1), for the read step (read once).
        var appFiles: MainStoryboards.AppFiles?
        /// The running nibviz: its version and binary (what state written by another one lacks).
        var tool = ""
        /// The folders the walks read, for the read step to walk as they were hashed.
        var listings: FolderListings?
    }

    /// A file's size, modification time (nanoseconds) and the digest of its bytes.
    struct FileDigest: Codable, Equatable, Sendable {
        var size: Int
        var modified: Int
        var digest: String
    }

    /// `known` holds the files of the previous build: a file with the same size and
    /// modification time is not read again (as git's index does), unless it was modified within
    /// two seconds before it was hashed (an edit in the same clock tick would look unchanged).
    /// `earlierProjects` gives the project modules the previous build kept, written by the
    /// given tool (`ProjectCache`).
    /// Its walks share one reading of each folder (`FolderWalk.sharing`), kept in `listings`.
    static func compute(
        _ options: SiteOptions, known: [String: FileDigest] = [:], earlierProjects: (_ tool: String) -> ProjectModules? = { _ in nil }
    ) -> Digests {
        let listings = FolderListings()
        var digests = FolderWalk.sharing(listings) { walked(options, known: known, earlierProjects: earlierProjects) }
        digests.listings = listings
        return digests
    }

    private static func walked(_ options: SiteOptions, known: [String: FileDigest], earlierProjects: (_ tool: String) -> ProjectModules?)
        -> Digests
    {
        var digests = Digests()
        let now = Int(Date().timeIntervalSince1970 * 1e9)
        /// The digest of the file's bytes; nil when it cannot be read.
        func readableDigest(_ file: String) -> String? {
            let stamp = POSIXFile.stamp(file)
            if let stamp, let previous = known[file], previous.size == stamp.size, previous.modified == stamp.modified {
                digests.files[file] = previous
                return previous.digest
            }
            guard let bytes = POSIXFile.read(file, limit: .max, followingLinks: true) else { return nil }
            let hex = bytes.withUnsafeBytes { StableHash.hex(bytes: $0) }
            if let stamp, stamp.size == bytes.count, stamp.modified < now - 2_000_000_000 {
                digests.files[file] = FileDigest(size: stamp.size, modified: stamp.modified, digest: hex)
            }
            return hex
        }
        func digest(_ file: String) -> String { readableDigest(file) ?? Self.unreadableDigest }
        let appFiles = MainStoryboards.appFiles(under: options.inputs, exclusion: options.exclusion)
        digests.appFiles = appFiles
        digests.tool = tool(options)
        var parts: [String] = [
            "site-state-2", digests.tool, options.title ?? "", options.siteRoot.standardizedFileURL.path,
            options.inputs.map(\.path).joined(separator: "\n"), options.exclusion.patterns.joined(separator: "\n"),
            options.sources.map(\.path).joined(separator: "\n"), options.platform.map { "\($0)" } ?? "",
            // Which storyboard is launched (R-LAUNCH-1): what the app's Info.plists name.
            "\(appFiles)",
        ]
        var hasher = StableHash.Stream()
        var global = StableHash.Stream()
        for part in parts {
            hasher.add(part)
            global.add(part)
        }
        parts = []
        // Two inputs can hold documents of one relative path (`ios/Resources` and
        // `mac/Resources`): such a path names no one document, so it gets no digest, and its
        // documents are parsed and planned on every build (their pages and summaries are keyed on it).
        var ambiguous = Set<String>()
        for input in options.inputs {
            for item in SiteContent.expand(input, exclusion: options.exclusion) {
                // A document's own digest names its files relative to it (a moved input keeps it).
                var document = StableHash.Stream()
                let (files, others) = entries(item.url.path)
                for file in files {
                    let fileDigest = digest(file)
                    hasher.add(file)
                    hasher.add(fileDigest)
                    document.add(String(file.dropFirst(item.url.path.count)))
                    document.add(fileDigest)
                }
                // A bundle's other entries count too: its reader lists its folders (an empty
                // `Extra.nib/` in a `.storyboardc` changes the graph, not one file's bytes).
                for entry in others {
                    hasher.add(item.url.path + "/" + entry)
                    document.add("/" + entry)
                }
                guard item.kind == .document || item.kind == .compiledNib else { continue }
                if digests.documents.updateValue(document.hex, forKey: item.relative) != nil { ambiguous.insert(item.relative) }
                digests.documentFiles[item.relative] = files
            }
        }
        for relative in ambiguous {
            digests.documents[relative] = nil
            digests.documentFiles[relative] = nil
        }
        // The app's sources (`--sources`) drive the simulations through what the source scan reads
        // of them: their Swift and Objective-C files and the project files that decide modules.
        // Nothing else under them counts (their documents, assets, a `.git` folder): an edit or a
        // commit there left the class table as it was but planned every document again. They
        // are not in `global`: a document's pages are keyed on what its runs read of the class
        // table and on its findings (`SitePlanner.unitContext`), so an edit to a source file
        // plans again only the documents whose classes or findings it changes.
        if !options.sources.isEmpty {
            let survey = try? SourceScanner.survey(options.sources.map(\.path), earlier: earlierProjects(digests.tool)) { read in
                read.answerNow(contentsDigest: readableDigest) == read.answer
            }
            digests.sources = survey
            // Without a survey the folders themselves (the read step names what is wrong).
            for file in survey.map({ $0.files.map(\.path) }) ?? options.sources.map(\.path) {
                hasher.add(file)
                hasher.add(digest(file))
            }
            // Every answer the project files' readers got: each project file's digest (read
            // once, by the reader), its xcconfigs', the folders it lists.
            for read in survey?.modules.reads ?? [] {
                hasher.add(String(read.kind.rawValue))
                hasher.add(read.path)
                hasher.add(read.answer)
            }
        }
        for folder in ["pages", "scenarios", "assets", "data"] {
            for file in regularFiles(options.siteRoot.appendingPathComponent(folder).path) {
                let fileDigest = digest(file)
                hasher.add(file)
                hasher.add(fileDigest)
                global.add(file)
                global.add(fileDigest)
            }
        }
        digests.all = hasher.hex
        digests.global = global.hex
        return digests
    }

    /// `path` itself, or every regular file under it, sorted.
    static func regularFiles(_ path: String) -> [String] { entries(path).files }

    /// In one walk: `path` itself, or every regular file under it (links to regular files
    /// included), sorted; and every other entry under it (folders, links to folders, anything
    /// else) as `relative-path kind`, in walk order (none when `path` is a file).
    static func entries(_ path: String) -> (files: [String], others: [String]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return ([path], []) }
        var files: [String] = []
        var others: [String] = []
        FolderWalk.walk(path) { relative, _, kind in
            let resolved = kind == .symlink ? POSIXFile.resolvedKind(path + "/" + relative) : kind
            if resolved == .regular { files.append(relative) } else { others.append("\(relative) \(kind)") }
            return kind == .directory
        }
        let sorted = files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return (sorted.map { path + "/" + $0 }, others)
    }

    /// The digest an unreadable file stands for (the digest of one byte no UTF-8 text holds).
    static let unreadableDigest = [UInt8(0xFF)].withUnsafeBytes { StableHash.hex(bytes: $0) }

    /// The running nibviz: its version and binary (`Digests.tool`).
    static func tool(_ options: SiteOptions) -> String { options.version + " " + executableStamp() }

    /// Size and modification time of the running binary.
    static func executableStamp() -> String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }
}
