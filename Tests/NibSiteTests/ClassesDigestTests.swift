import Foundation
import NibModel
import NibParsing
import NibPipeline
import NibSimulation
import NibSources
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A document's classes digest (what its runs read of the app's classes, part of the key that
/// keeps its pages) takes the digests of the entries it shares with the build's table from one
/// cache (`ClassEntryDigests`): it must be the digest of the slice alone, the same as worked
/// out entry by entry, and change with any entry of the slice.
@Suite struct ClassesDigestTests {
    /// Every document of `documents` with the class table of `sources`: the digest with the
    /// build's cache equals the one without (every entry's digest made from the slice itself).
    static func expectCacheChangesNothing(documents: URL, sources: URL, limit: Int = .max) throws -> Int {
        let survey = try SourceScanner.survey([sources.path])
        let scanned = try SourceScanner.read(files: survey.files, jobs: 2)
        let index = SourceScanner.index(scanned, files: survey.files, modules: survey.modules)
        let cache = ClassEntryDigests(table: index.table)
        var compared = 0
        for document in DocumentLoader.documents(in: [documents], exclusion: InputExclusion([])).prefix(limit) {
            guard case .success(let graph) = SiteContent.graph(of: document) else { continue }
            let options = SiteContent.documentOptions(
                graph, at: document.url, classes: index.table, sources: index, platform: nil, role: .assumedMain)
            let cached = SiteContent.classesDigest(options, of: graph, base: cache)
            let uncached = SiteContent.classesDigest(options, of: graph)
            #expect(cached == uncached, "\(document.relativePath)")
            #expect(!cached.isEmpty)
            compared += 1
        }
        return compared
    }

    @Test func theCacheGivesTheDigestOfTheSliceAloneOnTheFixtureApp() throws {
        let app = SiteFixtures.fixtures.appendingPathComponent("App")
        let compared = try Self.expectCacheChangesNothing(
            documents: app, sources: SiteFixtures.fixtures.appendingPathComponent("AppSources"))
        #expect(compared == 2)
    }

    /// The same over the corpus projects whose sources are re-created (skipped without them):
    /// their documents resolve custom classes per module, the case where a document's table
    /// differs from the build's.
    @Test func theCacheGivesTheDigestOfTheSliceAloneOnTheCorpus() throws {
        guard let corpus = TestPaths.corpus, let sources = TestPaths.corpusSources else {
            print("skipped: the corpus or its re-created sources are absent (see ../shared/corpus/sources)")
            return
        }
        var compared = 0
        for project in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let documents = corpus.appendingPathComponent("files").appendingPathComponent(project)
            guard FileManager.default.fileExists(atPath: documents.path) else { continue }
            // Twenty per project: the digest without the cache encodes every entry (seconds in a
            // debug build).
            compared += try Self.expectCacheChangesNothing(
                documents: documents, sources: sources.appendingPathComponent(project), limit: 20)
        }
        #expect(compared > 100)
    }

    /// A slice that differs in an entry no object names (a superclass) has another digest, with
    /// each build's cache; the same slice has the same digest whatever else the table holds.
    @Test func anEntryReachedThroughASuperclassChangesTheDigest() throws {
        let graph = NibGraph(
            file: "A.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", platform: .ios,
            objects: [NibObject(id: "1", element: "view", className: "UIView", customClass: "Panel")])
        let panel = ClassInfo(name: "Panel", superclass: "Base")
        let base = ClassInfo(name: "Base", superclass: "UIView")
        var changedBase = base
        changedBase.keys = ["title"]
        func digest(_ table: [String: ClassInfo]) -> String {
            let options = SimulationOptions(classTable: SimulationOptions.classTable(table, seenBy: graph))
            return SiteContent.classesDigest(options, of: graph, base: ClassEntryDigests(table: table))
        }
        // A document's own table resolves its custom classes apart from the build's (another
        // module's declaration, `SourceIndex.table(for:base:)`): that entry is not the cache's.
        var otherPanel = panel
        otherPanel.keys = ["count"]
        let runtime = SimulationOptions(classTable: SimulationOptions.classTable(["Panel": otherPanel, "Base": base], seenBy: graph))
        #expect(
            SiteContent.classesDigest(runtime, of: graph, base: ClassEntryDigests(table: ["Panel": panel, "Base": base]))
                == SiteContent.classesDigest(runtime, of: graph))
        let before = digest(["Panel": panel, "Base": base])
        #expect(before != digest(["Panel": panel, "Base": changedBase]))
        #expect(before == digest(["Panel": panel, "Base": base, "Unrelated": ClassInfo(name: "Unrelated")]))
    }
}
