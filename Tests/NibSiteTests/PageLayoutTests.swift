import Foundation
import Testing

@testable import NibSite

/// The page shell is rendered once per folder depth, section and sidebar entry and filled in
/// with each page's own parts (`ShellCache`): pages sharing a shell keep their own title,
/// description and breadcrumbs, escaped by `HTMLEscaping` (text that looks like an entity
/// included: it shows as written), and a shell whose own texts hold a marker is not used.
@Suite("Page layout")
struct PageLayoutTests {
    static func layout(sidebar: [(String, String)] = [("Loading", "concepts/loading.html")]) -> PageLayout {
        PageLayout(sidebar: sidebar, version: "test", visibleSections: ["concepts", "documents"], projectTitle: nil)
    }

    static func page(_ path: String, title: String, summary: String = "", crumbs: [(String, String?)], html: String) -> SitePage {
        var page = SitePage(path: path, title: title, breadcrumbs: crumbs, content: PageContent(), section: "documents")
        page.summary = summary
        page.html = html
        return page
    }

    @Test func pagesSharingAShellKeepTheirOwnParts() {
        let layout = Self.layout()
        let first = layout.render(
            Self.page("documents/a.html", title: "A", crumbs: [("Home", "index.html"), ("A", nil)], html: "<p>a</p>"))
        let second = layout.render(
            Self.page(
                "documents/b.html", title: "B <x> & \"y\"", summary: "about <b>", crumbs: [("Home", "index.html"), ("B <x>", nil)],
                html: "<p>b</p>"))
        #expect(first.contains("<title>A · nibviz</title>") && first.contains("<h1>A</h1>") && first.contains("<p>a</p>"))
        #expect(second.contains("<title>B &lt;x&gt; &amp; &quot;y&quot; · nibviz</title>"), "\(second)")
        #expect(second.contains("<h1>B &lt;x&gt; &amp; &quot;y&quot;</h1>") && second.contains("content=\"about &lt;b&gt;\""))
        #expect(second.contains("<li aria-current=\"page\">B &lt;x&gt;</li>") && second.contains("<a href=\"../index.html\">Home</a>"))
        #expect(!first.contains("\u{1}") && !second.contains("\u{1}"))
        // The same page laid out again (from the cached shell) is the same bytes.
        #expect(
            layout.render(Self.page("documents/a.html", title: "A", crumbs: [("Home", "index.html"), ("A", nil)], html: "<p>a</p>"))
                == first)
    }

    /// A name that looks like an entity (`AT&amp;T.xib`) shows as written, in the title, the
    /// heading and the breadcrumbs, and a path holding `&` is escaped in its link (Plot, which
    /// wrote these before, kept such names as entities and left links as they were).
    @Test func textLookingLikeAnEntityShowsAsWritten() {
        let page = Self.layout().render(
            Self.page(
                "documents/AT&T.html", title: "AT&amp;T.xib", crumbs: [("R&D", "documents/R&D/index.html"), ("AT&amp;T.xib", nil)],
                html: ""))
        #expect(page.contains("<title>AT&amp;amp;T.xib · nibviz</title>") && page.contains("<h1>AT&amp;amp;T.xib</h1>"), "\(page)")
        #expect(
            page.contains("<li><a href=\"../documents/R&amp;D/index.html\">R&amp;D</a></li><li aria-current=\"page\">AT&amp;amp;T.xib</li>")
        )
    }

    @Test func theSidebarEntryOfThePageIsMarkedInItsOwnShell() {
        let layout = Self.layout()
        let concept = layout.render(Self.page("concepts/loading.html", title: "Loading", crumbs: [], html: ""))
        let other = layout.render(Self.page("concepts/other.html", title: "Other", crumbs: [], html: ""))
        #expect(concept.contains("<a href=\"../concepts/loading.html\" aria-current=\"page\">Loading</a>"), "\(concept)")
        #expect(other.contains("<a href=\"../concepts/loading.html\">Loading</a>"))
    }

    @Test func aShellWhoseOwnTextsHoldAMarkerIsNotUsed() {
        let layout = Self.layout(sidebar: [("odd \u{1}0\u{1} title", "concepts/odd.html")])
        let page = layout.render(Self.page("documents/a.html", title: "A", crumbs: [], html: "<p>a</p>"))
        #expect(page.contains("<title>A · nibviz</title>") && page.contains("<p>a</p>") && page.contains("odd \u{1}0\u{1} title"))
        #expect(page.components(separatedBy: "<title>").count == 2)
        // Laid out whole, a page's own parts are the ones a shared shell gets.
        let crumbs: [(String, String?)] = [("Home", "index.html"), ("B <x>", nil)]
        let whole = layout.render(Self.page("documents/b.html", title: "B \"y\"", crumbs: crumbs, html: ""))
        let shared = Self.layout().render(Self.page("documents/b.html", title: "B \"y\"", crumbs: crumbs, html: ""))
        let crumbsHTML = "<ol><li><a href=\"../index.html\">Home</a></li><li aria-current=\"page\">B &lt;x&gt;</li></ol>"
        for part in ["<title>B &quot;y&quot; · nibviz</title>", "<h1>B &quot;y&quot;</h1>", crumbsHTML] {
            #expect(whole.contains(part) && shared.contains(part), "\(part)")
        }
    }
}
