import Foundation
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// The compact encodings behind a fast rebuild (#17): page links in the build state, and the
/// search index written without `JSONSerialization`, each checked against what it replaced.
@Suite("Build state and search index encoding")
struct BuildStateEncodingTests {
    /// Ids and references travel as one space-separated string, or as an array when a value is
    /// empty or holds a space; both read back to the same lists.
    @Test func pageLinksRoundTripInBothForms() throws {
        let cases: [LinkChecker.PageLinks] = [
            .init(ids: ["main", "obj-a1", "class-Ä"], references: ["../index.html#main", "https://example.com/x?y=1"]),
            .init(ids: [], references: []),
            .init(ids: ["", "a"], references: ["has space.html", "b"]),
            .init(ids: ["line\nbreak"], references: []),
        ]
        for links in cases {
            let data = try JSONEncoder().encode(links)
            let back = try JSONDecoder().decode(LinkChecker.PageLinks.self, from: data)
            #expect(back.ids == links.ids)
            #expect(back.references == links.references)
        }
        let compact = String(decoding: try JSONEncoder().encode(cases[0]), as: UTF8.self)
        #expect(compact.contains(#""main obj-a1 class-Ä""#))
        // A state written by an earlier nibviz (one JSON string per value) still reads.
        let old = try JSONDecoder().decode(LinkChecker.PageLinks.self, from: Data(#"{"ids":["a","b"],"references":["c"]}"#.utf8))
        #expect(old.ids == ["a", "b"] && old.references == ["c"])
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

    /// A kept page's search terms travel as one string, or as the array when a value holds a
    /// separator or a term is not (kind, text, anchor); both read back to the same terms.
    @Test func keptPageTermsRoundTripInBothForms() throws {
        let termLists: [[[String]]] = [
            [["id", "a1 UIView Main \"View\"", "obj-a1"], ["outlet", "view", "connections"], ["class", "", ""]],
            [],
            [["id", "has \u{1F} a separator", "x"]],
            [["short", "term"]],
        ]
        for terms in termLists {
            let page = SitePlanner.KeptPage(path: "documents/a.html", title: "A", summary: "s", terms: terms)
            let back = try JSONDecoder().decode(SitePlanner.KeptPage.self, from: try JSONEncoder().encode(page))
            #expect(back.terms == terms && back.path == page.path && back.title == "A" && back.summary == "s")
        }
    }
}
