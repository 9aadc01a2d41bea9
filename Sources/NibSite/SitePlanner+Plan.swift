import Foundation
import Ink
import NibDiagrams
import NibModel
import Synchronization

extension SitePlanner {
    /// Plans every page (scene index first: every page links through it; the page shell
    /// next: each document's pages are handed on, `pagesAdopted`, as soon as they are planned);
    /// a page path claimed twice fails. The pages come in this order: home, concepts, rules,
    /// scenarios, each document's scene and own pages, the documents' index, the classes.
    public func plan() throws {
        // The concept pages (their Markdown parsed, their scenario figures drawn up) read only
        // the site's pages and scenarios: a planner of their own plans them on a thread of its
        // own while the scene index and the home page are built here; a rebuild after one
        // document changed spent a sixth of its time on them and the home page, one after the
        // other. Their figures and warnings join this planner's in the serial order.
        let concepts = BackgroundValue(threaded: settings.jobs > 1) { [settings, content] in
            ConceptPages(settings: settings, content: content)
        }
        sceneIndex = SceneIndex.build(documents: content.documents)
        memo.classUses = classUses(sceneIndex.documentPaths)
        // The rule index (every rule's Markdown, no figure) is planned on a thread of its own,
        // by a planner of its own that only that thread uses.
        let rulesPage = BackgroundValue(threaded: settings.jobs > 1) { [settings, content, note] () -> [SitePage] in
            let planner = SitePlanner(settings: settings, content: content, note: note)
            planner.planRulesPage()
            return planner.pages
        }
        // Documents are planned on other threads while the home, concept, rule and scenario
        // pages are planned here; the page shell is needed from the first document's pages on.
        // The documents' index and the class index come last but are planned here too: they
        // read every document, which is let go as its pages are adopted.
        var indexes: [SitePage] = []
        try planDocumentUnits {
            planHomePage()
            adoptConceptPages(concepts.value)
            prepareLayout()
            pages += rulesPage.value
            planScenarioPages()
            indexes = [documentIndexPage(sceneIndex.documentPaths), classesPage()].compactMap { $0 }
        }
        pages += indexes
        // Paths are claimed in `sceneIndex`; a page planned twice would overwrite another.
        let repeated = Dictionary(grouping: pages.map { $0.path.lowercased() }, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        guard repeated.isEmpty else {
            throw SiteBuildError(step: "plan, render and write pages", message: "two pages share \(repeated.joined(separator: ", "))")
        }
    }

    /// The output path of a concept page; `index.md` is the home page, or `concepts/index.html`
    /// when the site documents a project (whose page is the home).
    func conceptPath(_ source: String) -> String {
        let base = String(source.dropLast(3)).split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/")
        return base == "index" ? conceptsHome : "concepts/\(base).html"
    }

    /// Where the concept pages start.
    var conceptsHome: String { hasProject ? "concepts/index.html" : "index.html" }

    /// The concept pages, parsed once per content (sidebar order: front matter `order`, then path).
    var markdownPages: [(source: String, page: MarkdownPage)] {
        if let parsed = memo.markdownPages { return parsed }
        let parsed: [(source: String, page: MarkdownPage)] = content.conceptPages.map {
            ($0.path, MarkdownPage(markdown: $0.markdown, fallbackTitle: Self.pageName($0.path)))
        }
        .sorted { ($0.page.order, $0.source) < ($1.page.order, $1.source) }
        memo.markdownPages = parsed
        return parsed
    }

    static func pageName(_ path: String) -> String {
        (PagePath.lastComponent(path) as NSString).deletingPathExtension
    }

    /// Appends the concept pages `concepts` planned, their figures renumbered after this
    /// planner's and handed on (`figureAdded`), their warnings passed on; the parsed Markdown
    /// becomes this planner's (the page shell's sidebar lists it).
    func adoptConceptPages(_ planned: ConceptPages) {
        memo.markdownPages = planned.markdownPages
        for warning in planned.warnings { note(warning) }
        let offset = appendFigures(planned.figures)
        pages += planned.pages.map { $0.offsettingFigures(by: offset) }
    }

    /// Registers figures (a page's own, or those another planner numbered from 0): each handed on
    /// (`figureAdded`) and its DOT let go unless kept; returns the number of the first, the
    /// offset for the pages that show them.
    func appendFigures(_ planned: [SiteFigure]) -> Int {
        let offset = figures.count
        for var figure in planned {
            figureAdded?(figures.count, figure)
            if !keepsFigureDOT { figure.dot = "" }
            figures.append(figure)
        }
        return offset
    }

    func planConceptPages() {
        var hasIndex = false
        let concepts = markdownPages
        for (source, markdown) in concepts {
            let path = conceptPath(source)
            if path == conceptsHome { hasIndex = true }
            var body = PageContent()
            if markdown.headings.count >= 3 {
                let items = markdown.headings.map { "<li><a href=\"#\($0.id)\">\(HTMLEscaping.escape($0.text))</a></li>" }.joined()
                body += "<nav class=\"toc\" aria-label=\"On this page\"><h2>On this page</h2><ul>\(items)</ul></nav>"
            }
            var named: [String: (Timeline, TraceLevel)] = [:]
            for part in markdown.parts {
                switch part {
                case .html(let html): body += source == "index.md" && path != "index.html" ? Self.relocatedLinks(html) : html
                case .directive(let directive): body += directiveContent(directive, named: &named, pagePath: path)
                }
            }
            let crumbs: [(String, String?)] =
                path == "index.html"
                ? [("Home", nil)]
                : path == conceptsHome
                    ? [("Home", "index.html"), ("Concepts", nil)]
                    : [("Home", "index.html"), ("Concepts", conceptsHome), (markdown.title, nil)]
            var page = SitePage(path: path, title: markdown.title, breadcrumbs: crumbs, content: body, section: "concepts")
            page.summary = Self.firstParagraph(markdown.html)
            page.searchTerms = markdown.headings.map { ("section", $0.text, $0.id) }
            pages.append(page)
        }
        if !hasIndex {
            let list = concepts.map {
                "<li><a href=\"\(HTMLEscaping.urlPath(hasProject ? Self.relocated(conceptPath($0.source)) : conceptPath($0.source)))\">\(HTMLEscaping.escape($0.page.title))</a></li>"
            }
            .joined()
            pages.append(
                SitePage(
                    path: conceptsHome, title: hasProject ? "Concepts" : "nibviz", breadcrumbs: [("Home", nil)],
                    content: PageContent("<ul>\(list)</ul>"),
                    section: "concepts"))
        }
    }

    func directiveContent(
        _ directive: MarkdownPage.Directive, named: inout [String: (Timeline, TraceLevel)], pagePath: String
    ) -> PageContent {
        let root = PagePath.root(of: pagePath)
        switch directive {
        case .timeline(let name, let caption, let lines):
            // A timeline written in a page is the expected output of the scenario of that name:
            // the page shows the simulator's run, and says so when the run departs from the text.
            let title = caption.isEmpty ? name : caption
            var out = PageContent(
                "<section class=\"embedded-timeline\" aria-label=\"\(HTMLEscaping.escape(title))\"><p class=\"embed-title\"><strong>\(HTMLEscaping.escape(title))</strong>"
            )
            let written = lines.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let scenario = scenario(named: name), let timeline = scenario.timeline else {
                note("warning: \(pagePath): timeline \(name) has no scenario that runs it; shown as written")
                out += "</p><p class=\"note\">Not simulated: no scenario named <code>\(HTMLEscaping.escape(name))</code> in this build.</p>"
                out += "<pre class=\"source\"><code>\(HTMLEscaping.escape(written.joined(separator: "\n")))</code></pre></section>"
                return out
            }
            let level = timeline.traceLevel
            named[name] = (timeline, level)
            out +=
                " · simulated from <a href=\"\(root + scenarioPath(scenario))\">scenario \(HTMLEscaping.escape(scenario.shortName))</a></p>"
            let simulated = timeline.visibleEvents(at: level).map { $0.line(at: level) }
            if simulated != written {
                out +=
                    "<p class=\"note\">The simulated run differs from the sequence written in this page (\(written.count) lines written, \(simulated.count) simulated).</p>"
                note("warning: \(pagePath): timeline \(name) differs from scenario \(scenario.shortName)")
            }
            out += timelineContent(timeline, level: level, name: name, withLifecycle: true, pagePath: pagePath)
            out += "</section>"
            return out
        case .scenario(let name):
            guard let scenario = scenario(named: name) else {
                return PageContent("<p class=\"note\">Scenario <code>\(HTMLEscaping.escape(name))</code> is not in this build.</p>")
            }
            var out = PageContent(
                "<section class=\"embedded-timeline\"><p class=\"embed-title\"><strong>Scenario <a href=\"\(root + scenarioPath(scenario))\">\(HTMLEscaping.escape(scenario.shortName))</a></strong>: \(HTMLEscaping.escape(scenario.title))</p>"
            )
            if let timeline = scenario.timeline {
                named[name] = (timeline, timeline.traceLevel)
                out += timelineContent(timeline, level: timeline.traceLevel, name: name, withLifecycle: true, pagePath: pagePath)
            } else {
                out += "<p class=\"note\">\(HTMLEscaping.escape(scenario.notes.joined(separator: "; ")))</p>"
            }
            out += "</section>"
            return out
        case .diagram(let kind, let name):
            guard let (timeline, level) = named[name] ?? scenario(named: name)?.timeline.map({ ($0, $0.traceLevel) }) else {
                return PageContent("<p class=\"note\">No timeline named <code>\(HTMLEscaping.escape(name))</code> for this diagram.</p>")
            }
            if kind == .lifecycle {
                return PageContent(blocks: [lifecycleFigure(timeline, name: name, caption: "\(name): lifecycle", pagePath: pagePath)])
            }
            return PageContent(blocks: [
                figure(
                    dot: TimelineDiagram.dot(timeline, title: name, level: level, options: diagramOptions(pagePath: pagePath)),
                    caption: "\(name): \(kind.rawValue)", kind: kind, name: name, page: pagePath)
            ])
        case .unknown(let text):
            return PageContent("<p class=\"note\">Unknown directive <code>\(HTMLEscaping.escape(text))</code>.</p>")
        }
    }

    /// The text of the first paragraph, for the page description and search.
    static func firstParagraph(_ html: String) -> String {
        guard let open = html.range(of: "<p>"), let close = html.range(of: "</p>", range: open.upperBound..<html.endIndex) else {
            return ""
        }
        let text = HTMLText.strippingTags(String(html[open.upperBound..<close.lowerBound])).replacingOccurrences(of: "\n", with: " ")
        return text.count > 200 ? String(text.prefix(197)) + "…" : text
    }

    func scenario(named name: String) -> SiteContent.ScenarioRecord? {
        content.scenarios.first { $0.shortName == name || $0.name == name } ?? content.scenarios.first { $0.shortName == name + "-a" }
    }

    func scenarioPath(_ scenario: SiteContent.ScenarioRecord) -> String {
        "scenarios/" + scenario.name.split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/") + ".html"
    }

    /// One entry per SPEC rule with its full text (rendered Markdown), grouped by SPEC section.
    func planRulesPage() {
        var html =
            "<p>Every rule of the nib loading specification, in full, with its grounding tags (<code>[DOC]</code> Apple documentation, <code>[SEED]</code> seed notes, <code>[OBS]</code> observed, <code>[REF]</code> re-implementations, <code>[SIM]</code> simulator convention) and where the concept pages discuss it.</p>"
        var body = PageContent()
        var currentSection: String?
        let parser = MarkdownParser()
        // Each rule's text as HTML, made once for the page and its search terms.
        let texts = content.rules.map { parser.html(from: RuleCatalog.unwrapped($0.markdown)) }
        for (rule, text) in zip(content.rules, texts) {
            if rule.section != currentSection {
                if currentSection != nil { html += "</dl>" }
                currentSection = rule.section
                html += "<h2 id=\"\(HTMLEscaping.slug(rule.section))\">\(HTMLEscaping.escape(rule.section))</h2><dl class=\"rules\">"
            }
            html += "<dt id=\"\(HTMLEscaping.escape(rule.id))\"><code>\(HTMLEscaping.escape(rule.id))</code></dt><dd>"
            html += text
            body += html
            body += .ruleCitations(rule.id)
            html = "</dd>"
        }
        if currentSection != nil { html += "</dl>" }
        body += html
        var page = SitePage(
            path: "rules.html", title: "Rule index", breadcrumbs: [("Home", "index.html"), ("Rule index", nil)], content: body,
            section: "rules")
        page.summary = "Every R- rule of the nib loading specification"
        page.searchTerms = zip(content.rules, texts).map { rule, text in
            ("rule", "\(rule.id) " + String(HTMLText.strippingTags(text).prefix(240)), rule.id)
        }
        pages.append(page)
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// The concept pages as a planner of their own plans them (`plan()` runs it on a thread of its
/// own): pages with figure numbers local to them, their figures, their warnings in order, and
/// the Markdown parsed for them.
struct ConceptPages {
    var pages: [SitePage]
    var figures: [SiteFigure]
    var warnings: [String]
    var markdownPages: [(source: String, page: MarkdownPage)]

    init(settings: SitePlanner.Settings, content: SiteContent) {
        let log = WarningLog()
        let planner = SitePlanner(settings: settings, content: content) { line in log.lines.withLock { $0.append(line) } }
        planner.planConceptPages()
        pages = planner.pages
        figures = planner.figures
        warnings = log.lines.withLock { $0 }
        markdownPages = planner.markdownPages
    }
}

/// Warnings kept in the order they came, to be passed on later from one thread.
private final class WarningLog: Sendable {
    let lines = Mutex<[String]>([])
}
