import Foundation
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

    /// The last component and the folder are Foundation's, on paths with and without the
    /// doubled, leading and trailing slashes Foundation normalises.
    @Test(arguments: [
        "a.xib", "a/b.xib", "files/Proj/Base.lproj/Main.storyboard", "/a", "/a/b", "a/", "a//b", "//a", "", "/", "//", "x", "ü/é.xib",
        "a/\u{301}b", "日本/語.xib", "./a", "a/./b", "../a/b", ".", "..", "a/..", " /b ",
    ])
    func lastComponentAndFolderAreFoundations(path: String) {
        #expect(PagePath.lastComponent(path) == (path as NSString).lastPathComponent, "\(path.debugDescription)")
        #expect(PagePath.folder(path) == (path as NSString).deletingLastPathComponent, "\(path.debugDescription)")
    }
}
