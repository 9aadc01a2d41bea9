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
}
