import Foundation
import NibDOT
import NibModel

extension SitePlanner {
    /// Makes rule and golden ids in the text of the pages not linked while planning (the
    /// documents' pages are linked as each is adopted, `linkRules`) and collects which concept
    /// pages cite each rule (the rule index's "Discussed in"); run once, after `plan()`, before
    /// any of those pages is written. Figures are filled in later, so the linker never sees SVG
    /// and no text can become a figure.
    public func link() {
        var citations: [String: [(String, String)]] = [:]
        for index in pages.indices where !unitPages.contains(index) {
            let cited = linkRules(index)
            if pages[index].section == "concepts" {
                for id in cited { citations[id, default: []].append((pages[index].title, pages[index].path)) }
            }
        }
        self.citations = citations
    }

    /// Links the rule and golden ids in page `index`'s text; the rules it cites that exist.
    @discardableResult
    func linkRules(_ index: Int) -> Set<String> {
        let ruleLinks = self.ruleLinks
        let root = pages[index].root
        var linker = RuleLinker(
            // The same link as a figure's (`ruleLinks`): a rule id needs no percent-encoding.
            ruleHref: { ruleLinks[$0].map { root + $0 } },
            goldenHref: { id in self.scenario(named: id).map { root + self.scenarioPath($0) } }
        )
        pages[index].content.blocks = pages[index].content.blocks.map { block in
            guard case .html(let html) = block else { return block }
            return .html(linker.link(html))
        }
        return Set(linker.cited.filter { ruleLinks[$0] != nil })
    }

    /// The page shell: known before any page is planned (the sidebar lists the concept pages,
    /// read up front), so a document's pages can be laid out as soon as they are planned.
    func prepareLayout() {
        var visible: Set<String> = ["concepts", "scenarios", "rules"]
        if hasProject { visible.formUnion(["project", "documents", "classes"]) }
        layout = PageLayout(
            sidebar: markdownPages.filter { self.conceptPath($0.source) != "index.html" }.map {
                ($0.page.title, self.conceptPath($0.source))
            }, version: settings.version, visibleSections: visible, projectTitle: hasProject ? projectTitle : nil)
    }

    /// The output path of page `index`.
    public func pagePath(_ index: Int) -> String { pages[index].path }

    /// Forgets page `index`'s content once its file is written (its title and search data stay
    /// for the search index).
    public func release(_ index: Int) { pages[index].content = PageContent() }

    /// Whether page `index` is kept from the previous build (`reuseUnit`): carried, not written.
    public func pageIsKept(_ index: Int) -> Bool { pages[index].isKept }

    /// The figures page `index` shows, by figure number.
    public func pageFigures(_ index: Int) -> [Int] {
        pages[index].content.blocks.compactMap { if case .figure(let number) = $0 { number } else { nil } }
    }

    /// Page `index` laid out once with its figures left open: the fingerprint and the file are
    /// both made from it (the layout is the costly part of a page).
    public func template(_ index: Int) -> PageTemplate {
        let page = pages[index]
        let figureNumbers = pageFigures(index)
        // The shell is laid out around a marker standing for the content, which is cut at its
        // figures: no search through the content (pages with big tables run to megabytes).
        var shellPage = page
        shellPage.html = "\u{0}nibviz-content\u{0}"
        let shell = layout?.render(shellPage) ?? shellPage.html
        guard let (head, tail) = Self.cut(shell, at: shellPage.html) else {
            return PageTemplate(path: page.path, root: page.root, pieces: nil, figures: figureNumbers, index: index)
        }
        // Each piece joined as bytes: a page has a block per section and table.
        var pieces: [String] = []
        var piece = ByteText(capacity: head.utf8.count + tail.utf8.count + 4096)
        piece += head
        for block in page.content.blocks {
            switch block {
            case .html(let text): piece += text
            case .figure:
                pieces.append(piece.string)
                piece = ByteText(capacity: 4096)
            case .ruleCitations(let id): piece += citationsHTML(id, root: page.root)
            }
        }
        piece += tail
        pieces.append(piece.string)
        return PageTemplate(path: page.path, root: page.root, pieces: pieces, figures: figureNumbers, index: index)
    }

    /// `text` before and after its one occurrence of `marker`; nil when it has none or several.
    static func cut(_ text: String, at marker: String) -> (String, String)? {
        // In the text's own UTF-8 with `memmem`: every page's shell passes here.
        var text = text
        var marker = marker
        return text.withUTF8 { bytes in
            marker.withUTF8 { needle -> (String, String)? in
                guard let found = ByteSearch.firstIndex(of: needle, in: bytes, from: 0),
                    ByteSearch.firstIndex(of: needle, in: bytes, from: found + needle.count) == nil
                else { return nil }
                return (
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[..<found]), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(found + needle.count)...]), as: UTF8.self)
                )
            }
        }
    }

    /// A digest of everything page `index`'s file is made of, figures by their content key: the
    /// same digest means the same bytes (a rebuild keeps the previous file).
    public func pageFingerprint(_ template: PageTemplate, figureKey: (Int) -> String) -> String {
        var parts = template.pieces ?? [layout?.render(assembled(template.index) { _, _ in "\u{0}figure\u{0}" }) ?? ""]
        for number in template.figures {
            let figure = figures[number]
            parts.append(figureKey(number) + "\u{0}" + figure.caption + "\u{0}" + figure.kind)
        }
        return StableHash.hex(parts)
    }

    /// Page `template`'s file with `figureHTML` (one per figure, in page order) in place of its
    /// figures: the laid-out pieces filled in (`PageTemplate.filled`), or, for a page that does not
    /// stand alone, the page laid out again. The page's bytes depend only on its own figures.
    public func pageHTML(_ template: PageTemplate, figureHTML: [String]) -> String {
        if let html = template.filled(figureHTML) { return html }
        return layout?.render(assembled(template.index) { _, ordinal in figureHTML[ordinal] }) ?? ""
    }

    /// Page `index` with its HTML filled in, figures by `figureHTML(number, ordinal on the page)`.
    func assembled(_ index: Int, figureHTML: (Int, Int) -> String) -> SitePage {
        var page = pages[index]
        var html = ""
        var ordinal = 0
        for block in page.content.blocks {
            switch block {
            case .html(let text): html += text
            case .figure(let number):
                html += figureHTML(number, ordinal)
                ordinal += 1
            case .ruleCitations(let id): html += citationsHTML(id, root: page.root)
            }
        }
        page.html = html
        return page
    }

    /// The "Discussed in …" paragraph of rule `id` on a page at `root`; empty when no concept
    /// page cites it.
    func citationsHTML(_ id: String, root: String) -> String {
        let cites = (citations[id] ?? []).sorted { $0.1 < $1.1 }
        guard !cites.isEmpty else { return "" }
        return " <p class=\"cited\">Discussed in "
            + cites.map { "<a href=\"\(root + $0.1)\">\(HTMLEscaping.escape($0.0))</a>" }.joined(separator: ", ") + ".</p>"
    }

    /// Every planned page (after `plan()`), as `SearchPages`: what the search index reads, a
    /// value another thread may write the index from while the pages are written here.
    public var searchPages: SearchPages { SearchPages(pages: pages) }
}

/// A page laid out with its figures left open (`SitePlanner.template`).
public struct PageTemplate: Sendable {
    /// The page's output path.
    public var path: String
    /// `../` once per folder level of `path`.
    public internal(set) var root: String
    /// The laid-out text around the figures (one more than `figures`); nil when the page is
    /// laid out again with its figures instead.
    var pieces: [String]?
    /// The page's figures by number, in page order.
    public var figures: [Int]
    /// The page's number.
    var index: Int

    /// Whether the page's content can be let go (`release`): the template holds all its file
    /// is made of.
    public var standsAlone: Bool { pieces != nil }

    /// The page's file with `figureHTML` (one per figure, in page order) between the laid-out
    /// pieces; nil when the page is laid out again with its figures (`SitePlanner.pageHTML`):
    /// only a page that `standsAlone` is filled in here.
    public func filled(_ figureHTML: [String]) -> String? {
        filled(figureBytes: figureHTML.reduce(0) { $0 + $1.utf8.count }) { ordinal, out in
            if ordinal < figureHTML.count { out.append(contentsOf: figureHTML[ordinal].utf8) }
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The page's file as bytes: `figure(ordinal, &out)` appends each figure's HTML between the
    /// laid-out pieces, in one buffer reserved for the pieces and `figureBytes` more (pages run
    /// to megabytes, most of them inlined SVG that stays bytes from the renderer to the file).
    /// Nil when the page does not stand alone. A pure function of its values and `figure`: the
    /// builder fills pages in on the thread that writes them.
    public func filled(figureBytes: Int, _ figure: (Int, inout [UInt8]) -> Void) -> [UInt8]? {
        guard let pieces else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count } + figureBytes)
        for (ordinal, piece) in pieces.enumerated() {
            out.append(contentsOf: piece.utf8)
            if ordinal < pieces.count - 1 { figure(ordinal, &out) }
        }
        return out
    }
}

/// The planned pages as the search index reads them (their titles, summaries, paths and search
/// terms); `SitePlanner.searchPages`.
public struct SearchPages: @unchecked Sendable {
    // The array is copied on write: the planner letting a page's content go after writing it
    // leaves this copy as it was.
    let pages: [SitePage]

    /// Writes `search.json` and `assets/search-index.js` through `write`:
    /// `{"pages": [[title, path]…], "kinds": […], "entries": [[kind, text, page, anchor]…]}`,
    /// page titles and paths stored once, entries pointing at them by index.
    public func writeIndex(_ write: (String, Data) throws -> Void) throws {
        var kinds: [String] = ["page"]
        var json = SearchIndexJSON()
        json.open("entries")
        for (pageIndex, page) in pages.enumerated() {
            json.entry(kind: 0, text: page.title + (page.summary.isEmpty ? "" : " — " + page.summary), page: pageIndex, anchor: "")
            for term in page.searchTerms {
                let kind: Int
                if let known = kinds.firstIndex(of: term.kind) {
                    kind = known
                } else {
                    kinds.append(term.kind)
                    kind = kinds.count - 1
                }
                json.entry(kind: kind, text: term.text, page: pageIndex, anchor: term.anchor ?? "")
            }
        }
        json.open("kinds")
        for kind in kinds { json.item(kind) }
        json.open("pages")
        for page in pages { json.item([page.title, page.path]) }
        let data = Data(json.finish())
        try write("search.json", data)
        var script = Data("window.NIBVIZ_SEARCH = ".utf8)
        script.append(data)
        script.append(Data(";\n".utf8))
        try write("assets/search-index.js", script)
    }

}
