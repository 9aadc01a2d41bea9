import Testing

@testable import NibSiteBuild

/// `LinkChecker.linkAttributes`: what counts as an anchor or a reference on a written page.
@Suite("Link scan")
struct LinkScanTests {
    @Test("ids, hrefs, xlink:hrefs and srcs after a space (a colon for href) are found; other attributes and text are not")
    func whatIsFound() {
        let html =
            #"<a id="top" href="a.html#x">x</a><img src="i.png"><g id="f1-node1"><a xlink:href="../b.html"></a></g>"#
            + #"<p data-id="no" xid="no" class="id=&quot;no&quot;">grid="no" id= "no" :id="no" id="last"#
        let scan = LinkChecker.linkAttributes(in: html)
        #expect(scan.ids == ["top", "last"])
        #expect(scan.references == ["a.html#x", "i.png", "../b.html"])
        #expect(scan.figureIDs == nil, "no reference on the page points into a figure")
    }

    @Test("figure ids are read only when the page links into a figure; a value runs to the next quote")
    func figureIDs() {
        let scan = LinkChecker.linkAttributes(in: ##"<g id="f2-a&amp;b"></g><a href="#f2-a&amp;b">"## + #" href="x=y"=""#)
        #expect(scan.figureIDs == ["f2-a&b"])
        #expect(scan.references == ["#f2-a&amp;b", "x=y"])
        #expect(LinkChecker.linkAttributes(in: "").ids.isEmpty)
        #expect(LinkChecker.linkAttributes(in: "id=\"").ids.isEmpty, "no byte before the name")
        #expect(LinkChecker.linkAttributes(in: " id=\"").ids == [""], "an unclosed value runs to the end")
    }

    /// What a page's links were defined as before they were sorted as bytes: every id unescaped,
    /// deduplicated and sorted as strings; every reference but those into a figure that
    /// resolves, likewise.
    static func reference(_ html: String) -> LinkChecker.PageLinks {
        let scan = LinkChecker.linkAttributes(in: html)
        var references: Set<String> = []
        var brokenInner: [String] = []
        for reference in scan.references {
            guard reference.hasPrefix("#"), LinkChecker.PageLinks.isFigureID(String(reference.dropFirst())) else {
                references.insert(reference)
                continue
            }
            if scan.figureIDs?.contains(LinkChecker.unescape(String(reference.dropFirst()))) != true { brokenInner.append(reference) }
        }
        return LinkChecker.PageLinks(
            ids: Set(scan.ids.map(LinkChecker.unescape)).sorted(), references: references.union(brokenInner).sorted())
    }

    @Test("a page's links, sorted and deduplicated as bytes, are the strings' sorted set: ASCII, other scripts, figures, entities, spaces, empty values")
    func pageLinksAreTheSortedSets() {
        let pieces = [
            ##"<a id="b" href="z.html">"##, ##"<a id="a" href="a.html#x">"##, ##"<h2 id="b">"##, ##"<a href="a.html#x">"##,
            ##"<a id="Zürich" href="ü.html">"##, ##"<a id="日本" href="%E6%97%A5.html">"##, ##"<a id="Ärger" href="é.html#é">"##,
            ##"<g id="f3-node1"></g>"##, ##"<a href="#f3-node1">"##, ##"<a href="#f3-missing">"##, ##"<a href="#f12x">"##,
            ##"<a href="with space.html">"##, ##"<a id="" href="">"##, ##"<a id="x&amp;y">"##, ##"<a href="q?a=1&amp;b=2">"##,
            ##"<img src="i.png">"##, ##"<a xlink:href="../b.html">"##, ##"<a id="a-1">"##, ##"<a id="a">"##,
        ]
        var pages = [pieces.joined(), pieces.reversed().joined(), "", "<p>no links</p>"]
        for first in pieces.indices {
            for second in pieces.indices {
                pages.append(pieces[first] + pieces[second] + pieces[(first * 7 + second) % pieces.count] + pieces[first])
            }
        }
        for page in pages {
            #expect(LinkChecker.PageLinks(html: page) == Self.reference(page), "\(page)")
            #expect(LinkChecker.PageLinks(bytes: Array(page.utf8)) == Self.reference(page), "\(page)")
        }
    }
}
