import Testing

@testable import NibSiteBuild

/// A reference's outcome is kept per folder: the pages of one folder share a reference to
/// another file, while an anchor of the page itself is looked up on each page.
@Suite("Link check outcomes")
struct LinkCheckOutcomeTests {
    @Test func pagesOfOneFolderShareFileOutcomesButNotTheirOwnAnchors() {
        let shared = ##"<a href="../t.html#there">1</a><a href="../t.html#gone">2</a><a href="gone.html">3</a><a href="#mine">4</a>"##
        let pages = [
            "a/one.html": LinkChecker.PageLinks(html: "<p id=\"mine\"></p>" + shared),
            "a/two.html": LinkChecker.PageLinks(html: shared),
            "b/three.html": LinkChecker.PageLinks(html: shared + #"<a href="file.txt#x">5</a><a href="file.txt">6</a>"#),
            "t.html": LinkChecker.PageLinks(html: "<p id=\"there\"></p>"),
        ]
        for jobs in [1, 4] {
            let problems = LinkChecker.check(pages: pages, jobs: jobs) { $0 == "b/file.txt" }
            #expect(
                problems == [
                    "a/one.html: missing anchor ../t.html#gone", "a/one.html: missing file gone.html",
                    "a/two.html: missing anchor #mine", "a/two.html: missing anchor ../t.html#gone", "a/two.html: missing file gone.html",
                    "b/three.html: missing anchor #mine", "b/three.html: missing anchor ../t.html#gone",
                    "b/three.html: missing file gone.html",
                ])
        }
    }
}
