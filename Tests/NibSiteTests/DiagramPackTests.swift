import Foundation
import GraphvizRender
import NibOutput
import Synchronization
import Testing

@testable import NibSiteBuild

/// The site's diagram cache inside the output, packed (#17): what one build writes the next
/// reads back byte for byte; a pack mostly still in use is carried, one mostly dead is
/// compacted into the new pack; a damaged index or pack costs a re-render, never a wrong SVG.
@Suite("Diagram pack")
struct DiagramPackTests {
    /// 100 KiB per key: twenty make a pack above `DiagramPack.smallPack`.
    static func svg(_ key: String) -> [UInt8] {
        Array("<svg id=\"\(key)\">\(String(repeating: key, count: 100_000 / key.count))</svg>".utf8)
    }

    /// A new folder path in the temporary directory for one test (`label` tells which).
    static func scratch(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-pack-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// One build into `target`: `reuse` keys are kept from the previous build (and must read
    /// back as written), `render` keys are written anew. Returns the cache folder's listing.
    @discardableResult
    static func build(_ target: URL, reuse: [String], render: [String], order: [String]? = nil) throws -> [String] {
        let output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
        let pack = DiagramPack(output: output)
        for key in reuse {
            #expect(pack.has(key), "\(key) is cached")
            #expect(pack.read(key) == svg(key))
            pack.keep(key)
        }
        for key in render { pack.write(key, svg(key)) }
        try pack.finish(order: order ?? render)
        try output.commit()
        return (try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent(DiagramPack.folder).path)).sorted()
    }

    @Test func entriesReadBackAndPacksAreCarriedOrCompacted() throws {
        let directory = Self.scratch("pack")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("site")
        let keys = (0..<20).map { String(format: "k%02d", $0) }
        let first = try Self.build(target, reuse: [], render: keys)
        #expect(first.count == 2 && first.contains("index"), "\(first)")
        // A cold build in another folder whose renders came back in another order writes the
        // same bytes (entries in the build's order: the scratch file copied into it).
        let twin = directory.appendingPathComponent("twin")
        try Self.build(twin, reuse: [], render: keys.reversed(), order: keys)
        let pack = try #require(first.first { $0.hasPrefix("pack-") })
        #expect(
            FileManager.default.contents(atPath: target.path + "/.nibviz-cache/" + pack)
                == FileManager.default.contents(atPath: twin.path + "/.nibviz-cache/" + pack))
        // Most entries still used: the old pack is carried, the new entry gets a pack of its own.
        let second = try Self.build(target, reuse: Array(keys.dropLast(2)), render: ["new"])
        #expect(second.filter { $0.hasPrefix("pack-") }.count == 2 && second.contains(pack), "\(second)")
        // Mostly dead, or small: the live entries move into the new pack, the old packs are gone.
        let third = try Self.build(target, reuse: ["k00", "new"], render: ["newer"])
        #expect(third.filter { $0.hasPrefix("pack-") }.count == 1 && !third.contains(pack), "\(third)")
        try Self.build(target, reuse: ["k00", "new", "newer"], render: [])
    }

    @Test func aDamagedCacheIsARenderNotAWrongSVG() throws {
        let directory = Self.scratch("bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("site")
        let listing = try Self.build(target, reuse: [], render: ["a", "b"])
        let pack = try #require(listing.first { $0.hasPrefix("pack-") })
        // Truncated pack: the entry past the end is not read.
        let packPath = target.path + "/.nibviz-cache/" + pack
        let bytes = try #require(FileManager.default.contents(atPath: packPath))
        try bytes.prefix(bytes.count - 5).write(to: URL(fileURLWithPath: packPath))
        var output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
        var cache = DiagramPack(output: output)
        #expect(cache.read("a") == Self.svg("a") && cache.read("b") == nil)
        output.discard()
        // A malformed index: nothing is taken from the cache.
        try "a pack-x.svgs 0\n".write(toFile: target.path + "/.nibviz-cache/index", atomically: true, encoding: .utf8)
        output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
        cache = DiagramPack(output: output)
        #expect(!cache.has("a") && cache.read("a") == nil)
        output.discard()
    }

    /// The index is read as its lines and fields (blank lines and runs of spaces left out), with
    /// plain decimal offsets; a line of another shape, a sign or a number past `Int` ends the
    /// reading with nothing cached, and an entry of a pack the build did not write is left out.
    @Test func theIndexIsReadLineByLine() throws {
        let directory = Self.scratch("index")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("site")
        let listing = try Self.build(target, reuse: [], render: ["a", "b"])
        let pack = try #require(listing.first { $0.hasPrefix("pack-") })
        func read(_ text: String) throws -> [String: DiagramPack.Location] {
            try text.write(toFile: target.path + "/.nibviz-cache/index", atomically: true, encoding: .utf8)
            let output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
            defer { output.discard() }
            return DiagramPack.readIndex(in: output)
        }
        let entries = try read("a \(pack) 0 10\n\n  b  \(pack)   10 20\nc pack-gone.svgs 0 5\nü \(pack) 30 1")
        #expect(
            entries == [
                "a": .init(pack: pack, offset: 0, length: 10), "b": .init(pack: pack, offset: 10, length: 20),
                "ü": .init(pack: pack, offset: 30, length: 1),
            ])
        for malformed in [
            "a \(pack) +0 10\n", "a \(pack) -1 10\n", "a \(pack) 0 99999999999999999999\n", "a \(pack) 0 1 2\n", "a \(pack) 0x1 2\n",
        ] {
            #expect(try read("b \(pack) 0 1\n" + malformed).isEmpty, "\(malformed)")
        }
    }

    /// Results come back in the order the lanes finish; the cache is written in submission order
    /// (a failure holds no place), so a cold build's pack is the scratch file itself, and a page
    /// needing an SVG that waits in that queue reads it from there.
    @Test func cacheWritesFollowSubmissionOrder() throws {
        let writes = Mutex<[String]>([])
        let finished = Mutex<[String]>([])
        let store = DiagramStore(toolVersion: "test", serial: true)
        store.cache = DiagramCache(
            read: { _ in nil }, has: { _ in false }, write: { key, _ in writes.withLock { $0.append(key) } }, keep: { _ in },
            finish: { order in finished.withLock { $0 = order } })
        let keys = ["a", "b", "c", "d"].map { store.add(dot: "digraph { \($0) }", name: $0).key }
        for key in keys { _ = store.takeRequest(key) }
        func svg(_ key: String) -> Result<RenderOutput, RenderError> {
            .success(RenderOutput(data: Array("<svg>\(key)</svg>".utf8), warnings: []))
        }
        store.store(keys[2], svg(keys[2]), submission: 2)
        #expect(writes.withLock { $0 }.isEmpty, "c waits for a and b")
        // Let go before its turn: a page still gets it, from the queue.
        store.release(keys[2])
        #expect(store.rendered(keys[2]).svg == Array("<svg>\(keys[2])</svg>".utf8))
        store.store(keys[1], .failure(RenderError(stage: .layout, name: "b", message: "no")), submission: 1)
        store.store(keys[0], svg(keys[0]), submission: 0)
        #expect(writes.withLock { $0 } == [keys[0], keys[2]])
        store.store(keys[3], svg(keys[3]), submission: 3)
        try store.finishCache()
        #expect(writes.withLock { $0 } == [keys[0], keys[2], keys[3]])
        #expect(finished.withLock { $0 } == [keys[0], keys[2], keys[3]])
    }
}
