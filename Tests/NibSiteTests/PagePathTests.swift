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

    /// The last component and the folder are what Apple documents for `NSString`'s
    /// `lastPathComponent` and `deletingLastPathComponent` (Foundation on Linux traps on some of
    /// these, such as `"x"` and `"a/"`, so the expectations are written out).
    @Test(arguments: [
        ("/tmp/scratch.tiff", "scratch.tiff", "/tmp"), ("/tmp/scratch", "scratch", "/tmp"), ("/tmp/", "tmp", "/"),
        ("scratch///", "scratch", ""), ("/", "/", "/"), ("", "", ""), ("x", "x", ""), ("a/", "a", ""), ("/tmp/lock/", "lock", "/tmp"),
        ("scratch.tiff", "scratch.tiff", ""), ("a//b", "b", "a"), ("//a", "a", "/"), ("//", "/", "/"), ("/a", "a", "/"),
        ("a//b//c/", "c", "a/b"), ("files/Proj/Base.lproj/Main.storyboard", "Main.storyboard", "files/Proj/Base.lproj"),
        ("日本/語.xib", "語.xib", "日本"), ("a/\u{301}b", "\u{301}b", "a"), ("../a/b", "b", "../a"), ("./a", "a", "."),
    ])
    func lastComponentAndFolderAreNSStrings(path: String, last: String, folder: String) {
        #expect(PagePath.lastComponent(path) == last, "\(path.debugDescription)")
        #expect(PagePath.folder(path) == folder, "\(path.debugDescription)")
    }
}
