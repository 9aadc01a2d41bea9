import NibModel
import NibSite

/// The pages and documents of the build state (`BuildState.Details`, sixteen shards) in
/// `CompactBinary`: as JSON, decoding them was a tenth of the main thread of a corpus rebuild
/// after one document changed, and encoding them again most of its state saving. Dictionaries
/// are written in key order (same value, same bytes). A field added to these types must be
/// added here too: a test compares each type's stored properties with the ones written.
extension BuildState.Details {
    /// The first bytes of every shard: a file that does not start so is no shard.
    static let magic = "nibviz pages state"

    func encoded() -> [UInt8] {
        var writer = CompactBinary.Writer()
        writer.string(Self.magic)
        writer.integer(format)
        writer.entries(pages) { $1.write(to: &$0) }
        writer.entries(units) { $1.write(to: &$0) }
        return writer.bytes
    }

    /// A shard as `encoded()` wrote it; one of another format is read as far as its format.
    init(decoding bytes: [UInt8]) throws {
        self.init()
        var reader = CompactBinary.Reader(bytes)
        guard try reader.string() == Self.magic else { throw reader.malformed("not a pages state shard") }
        format = try reader.integer()
        guard format == BuildState.format else { return }
        pages = try reader.entries { try BuildState.Page(from: &$0) }
        units = try reader.entries { try BuildState.Unit(from: &$0) }
        guard reader.isAtEnd else { throw reader.malformed("bytes after the last document") }
    }
}

extension BuildState.Page {
    func write(to writer: inout CompactBinary.Writer) {
        writer.string(fingerprint)
        writer.strings(extraFiles)
        links.write(to: &writer)
        writer.strings(figureKeys)
    }

    init(from reader: inout CompactBinary.Reader) throws {
        self.init(
            fingerprint: try reader.string(), extraFiles: try reader.strings(), links: try LinkChecker.PageLinks(from: &reader),
            figureKeys: try reader.strings())
    }
}

extension BuildState.Unit {
    func write(to writer: inout CompactBinary.Writer) {
        writer.string(key)
        writer.integer(pages.count)
        for page in pages {
            writer.string(page.path)
            writer.string(page.title)
            writer.string(page.summary)
            writer.integer(page.terms.count)
            for terms in page.terms { writer.strings(terms) }
        }
        writer.integer(sceneCount)
        writer.integer(claims.count)
        for claim in claims { writer.strings(claim) }
        writer.strings(failures)
    }

    init(from reader: inout CompactBinary.Reader) throws {
        let key = try reader.string()
        var pages: [SitePlanner.KeptPage] = []
        for _ in 0..<(try reader.count()) {
            let (path, title, summary) = (try reader.string(), try reader.string(), try reader.string())
            var terms: [[String]] = []
            for _ in 0..<(try reader.count()) { terms.append(try reader.strings()) }
            pages.append(SitePlanner.KeptPage(path: path, title: title, summary: summary, terms: terms))
        }
        let sceneCount = try reader.integer()
        var claims: [[String]] = []
        for _ in 0..<(try reader.count()) { claims.append(try reader.strings()) }
        self.init(key: key, pages: pages, sceneCount: sceneCount, claims: claims, failures: try reader.strings())
    }
}

/// The documents' summaries (`BuildState.Summaries`, sixteen shards) in `CompactBinary`, each
/// graph as `NibGraph.write(to:)` writes it: as JSON, decoding them was the largest step of the
/// main thread of a corpus rebuild after one document changed.
extension BuildState.Summaries {
    /// The first bytes of every shard.
    static let magic = "nibviz summaries"

    func encoded() -> [UInt8] {
        var writer = CompactBinary.Writer()
        writer.string(Self.magic)
        writer.integer(format)
        writer.entries(summaries) { writer, summary in
            writer.string(summary.key)
            summary.graph.write(to: &writer)
        }
        return writer.bytes
    }

    /// A shard as `encoded()` wrote it; one of another format is read as far as its format.
    init(decoding bytes: [UInt8]) throws {
        self.init()
        var reader = CompactBinary.Reader(bytes)
        guard try reader.string() == Self.magic else { throw reader.malformed("not a summaries shard") }
        format = try reader.integer()
        guard format == BuildState.format else { return }
        summaries = try reader.entries { BuildState.Summary(key: try $0.string(), graph: try NibGraph(from: &$0)) }
        guard reader.isAtEnd else { throw reader.malformed("bytes after the last summary") }
    }
}
