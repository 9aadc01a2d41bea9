import Foundation
import NibModel
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// The compact encodings behind a fast rebuild (#17): the pages and documents of the build
/// state in `CompactBinary`, and the search index written without `JSONSerialization`, checked
/// against Foundation's reader.
@Suite("Build state and search index encoding")
struct BuildStateEncodingTests {
    /// Ids and references travel as one space-separated string, or as the list when a value is
    /// empty or holds a space; both read back to the same lists.
    @Test func pageLinksRoundTripInBothForms() throws {
        let cases: [LinkChecker.PageLinks] = [
            .init(ids: ["main", "obj-a1", "class-Ä"], references: ["../index.html#main", "https://example.com/x?y=1"]),
            .init(ids: [], references: []),
            .init(ids: ["", "a"], references: ["has space.html", "b"]),
            .init(ids: ["line\nbreak"], references: []),
        ]
        for links in cases {
            var writer = CompactBinary.Writer()
            links.write(to: &writer)
            var reader = CompactBinary.Reader(writer.bytes)
            let back = try LinkChecker.PageLinks(from: &reader)
            #expect(back == links && back.ids == links.ids && back.references == links.references && reader.isAtEnd)
        }
        var writer = CompactBinary.Writer()
        cases[0].write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains("main obj-a1 class-Ä"), "one string")
    }

    /// The pages and documents of the build state: every field of every type reads back, equal
    /// values give equal bytes, and every prefix of an encoding is a `Malformed` error.
    @Test func theDetailsRoundTripAndACutShardIsMalformed() throws {
        var details = BuildState.Details()
        details.pages["documents/a.html"] = BuildState.Page(
            fingerprint: "f1", extraFiles: ["diagrams/x.svg"], links: .init(ids: ["main", ""], references: ["b.html#top"]),
            figureKeys: ["k1", "k2"])
        details.pages["index.html"] = BuildState.Page(fingerprint: "f2", extraFiles: [], links: .init(ids: [], references: []))
        details.units["project/Main.storyboard"] = BuildState.Unit(
            key: "digest",
            pages: [
                SitePlanner.KeptPage(path: "documents/a.html", title: "A", summary: "s", terms: [["id", "a1 UIView", "obj-a1"], ["x"]]),
                SitePlanner.KeptPage(path: "documents/b.html", title: "", summary: "", terms: []),
            ], sceneCount: 3, claims: [["a", "b"], []], failures: ["page: caption: error"])
        let bytes = details.encoded()
        let back = try BuildState.Details(decoding: bytes)
        #expect(back == details)
        var reordered = BuildState.Details()
        for (path, page) in details.pages.reversed() { reordered.pages[path] = page }
        for (path, unit) in details.units { reordered.units[path] = unit }
        #expect(reordered.encoded() == bytes, "same value, same bytes")
        for length in 0..<bytes.count {
            #expect(throws: CompactBinary.Malformed.self) { _ = try BuildState.Details(decoding: Array(bytes.prefix(length))) }
        }
        // A shard of another format is read as far as its format (and then not accepted).
        var other = details
        other.format = BuildState.format + 1
        let older = try BuildState.Details(decoding: other.encoded())
        #expect(older.format == BuildState.format + 1 && older.pages.isEmpty)
    }

    /// A field added to these types must be written too (`BuildState+CompactBinary`).
    @Test func everyStoredFieldIsWritten() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(fields(BuildState.Details()) == ["format", "pages", "units"])
        #expect(
            fields(BuildState.Page(fingerprint: "", extraFiles: [], links: .init(ids: [], references: [])))
                == ["fingerprint", "extraFiles", "links", "figureKeys"])
        #expect(
            fields(BuildState.Unit(key: "", pages: [], sceneCount: 0, claims: [], failures: []))
                == ["key", "pages", "sceneCount", "claims", "failures"])
        #expect(fields(SitePlanner.KeptPage(path: "", title: "", summary: "", terms: [])) == ["path", "title", "summary", "terms"])
        #expect(fields(LinkChecker.PageLinks(ids: [], references: [])) == ["packedIDs", "packedReferences"])
    }

    /// Every string the search index holds is escaped as JSON requires and reads back through
    /// Foundation's JSON reader unchanged; slashes and non-ASCII text are left as they are.
    @Test func searchIndexStringsAreValidJSON() throws {
        let texts = [
            "plain", "quote \" backslash \\ slash /", "tab\tnewline\nreturn\r", "bell \u{07} nul \u{0} del \u{7F}", "ünï — 日本", "",
        ]
        var json = SearchIndexJSON()
        json.open("entries")
        for (index, text) in texts.enumerated() { json.entry(kind: index, text: text, page: index, anchor: text) }
        json.open("kinds")
        json.item("page")
        json.open("pages")
        json.item(["Title \"x\"", "a/b.html"])
        let bytes = json.finish()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("slash /") && text.contains("ünï — 日本") && text.contains("\\u0007"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[Any]])
        #expect(entries.map { $0[1] as? String } == texts)
        #expect(entries.map { $0[3] as? String } == texts)
        #expect(object["kinds"] as? [String] == ["page"])
        #expect(object["pages"] as? [[String]] == [["Title \"x\"", "a/b.html"]])
    }
}
