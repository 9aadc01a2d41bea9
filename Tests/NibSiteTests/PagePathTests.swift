import Testing

@testable import NibSite

/// `PagePath` counts a path's folders as `split(separator: "/")` does, on the bytes.
@Suite("Page paths")
struct PagePathTests {
    @Test(arguments: ["a.html", "a/b.html", "a/b/c.html", "/a//b/", "", "/", "//", "ü/é.html", "a/\u{301}b/c", "日本/x", "a/b\u{301}/"])
    func segmentsAreTheSplitsSegments(path: String) {
        #expect(PagePath.segmentCount(path) == path.split(separator: "/").count, "\(path.debugDescription)")
    }

    @Test("the root climbs once per folder")
    func rootClimbsOncePerFolder() {
        #expect(PagePath.root(of: "a/b/c.html") == "../../")
        #expect(PagePath.root(of: "index.html") == "")
        #expect(PagePath.root(of: "documents/x/index.html") == "../../")
    }
}
