import Foundation
import Plot

/// One output page before layout.
struct SitePage {
    /// Output path relative to the site root (`concepts/lifecycle.html`).
    var path: String
    /// Title (the `<h1>` and `<title>`).
    var title: String
    /// Breadcrumbs above the title: (text, path relative to the root or nil for the current page).
    var breadcrumbs: [(String, String?)]
    /// The main content: HTML built by the site from escaped parts, and figures by number.
    var content: PageContent
    /// Navigation section highlighted in the header.
    var section: String
    /// The final HTML of the content, once figures are filled in (`SitePlanner.writeFiles`).
    var html: String = ""
    /// A one-line summary for search.
    var summary: String = ""
    /// Extra search terms: (kind, text, anchor).
    var searchTerms: [(kind: String, text: String, anchor: String?)] = []
    /// Kept from an earlier build (`SitePlanner.reuseUnit`): its file is carried, never written.
    var isKept = false

    /// `../` repeated once per folder level of `path`.
    var root: String { PagePath.root(of: path) }
}

/// The HTML shell every page shares: header with navigation, search and theme toggle, the
/// sidebar of concept pages, breadcrumbs, footer. Built with Plot; the content is inserted raw.
struct PageLayout {
    /// Top navigation: (section id, title, path). A project site's home is the project; the
    /// concept pages then start at `concepts/index.html`.
    var sections: [(String, String, String)] {
        (projectTitle.map { [("project", $0, "index.html")] } ?? []) + [
            ("concepts", "Concepts", projectTitle == nil ? "index.html" : "concepts/index.html"),
            ("scenarios", "Scenarios", "scenarios/index.html"),
            ("documents", "Documents", "documents/index.html"), ("classes", "Classes", "classes/index.html"),
            ("rules", "Rule index", "rules.html"),
        ]
    }

    /// The concept pages for the sidebar: (title, path).
    var sidebar: [(String, String)]
    /// The nibviz version shown in the footer (no timestamps: builds are byte-identical).
    var version: String
    /// Sections to show (documents only when the build has documents).
    var visibleSections: Set<String>
    /// The project's title when the site documents a project (its home page), else nil.
    var projectTitle: String? = nil
    /// The shells rendered so far (shared by copies: the fields above are set once).
    let shells = ShellCache()

    /// The page's HTML: the shell of its folder depth, section and sidebar entry (rendered once,
    /// `ShellCache`) around its own title, description, breadcrumbs and content. Every page went
    /// through Plot whole; the shell was a tenth of a site build's own work (Plot escapes text
    /// a character at a time), and all but a few dozen of the shells are the same.
    func render(_ page: SitePage) -> String {
        let root = page.root
        let current = sidebar.contains { $0.1 == page.path } ? page.path : nil
        let pieces = shells.pieces(ShellCache.Key(root: root, section: page.section, current: current)) {
            let shell = document(
                root: root, section: page.section, path: current, title: .raw(ShellCache.marker(0)), description: ShellCache.marker(1),
                crumbs: .raw(ShellCache.marker(2)), heading: .raw(ShellCache.marker(3)), content: ShellCache.marker(4))
            return ShellCache.split(shell)
        }
        // A page's own parts are written here, not through Plot, whose text escaping (a string
        // per character) made the page shells ~20 % of the thread that adopts every page.
        let title = HTMLEscaping.escape(page.title == "nibviz" ? "nibviz" : "\(page.title) · nibviz")
        let description = HTMLEscaping.escape(page.summary.isEmpty ? "nibviz: nib, xib and storyboard loading explained" : page.summary)
        let heading = HTMLEscaping.escape(page.title)
        let crumbs = Self.crumbs(page.breadcrumbs, root: root)
        guard let pieces else {
            // A marker in the site's own texts (a concept page's title): the page whole.
            return document(
                root: root, section: page.section, path: page.path, title: .raw(title), description: description,
                crumbs: .raw(crumbs), heading: .raw(heading), content: page.html)
        }
        var html = pieces[0]
        for (part, piece) in zip([title, description, crumbs, heading, page.html], pieces.dropFirst()) {
            html += part
            html += piece
        }
        return html
    }

    /// The breadcrumbs' list items: a link for each level above the page, then the page.
    static func crumbs(_ breadcrumbs: [(String, String?)], root: String) -> String {
        var html = ""
        for (text, target) in breadcrumbs {
            if let target {
                html += "<li><a href=\"" + HTMLEscaping.escape(root + target) + "\">" + HTMLEscaping.escape(text) + "</a></li>"
            } else {
                html += "<li aria-current=\"page\">" + HTMLEscaping.escape(text) + "</li>"
            }
        }
        return html
    }

    /// The whole page: `path` marks its sidebar entry; `title` (the `<title>` text, escaped),
    /// `description` (escaped), `crumbs`, `heading` and `content` (raw) are its own.
    private func document(
        root: String, section: String, path: String?, title: Node<HTML.BodyContext>, description: String,
        crumbs: Node<HTML.ListContext>, heading: Node<HTML.BodyContext>, content: String
    ) -> String {
        let html = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .viewport(.accordingToDevice),
                .element(named: "title", nodes: [title]),
                // Plot does not escape attribute values: every value from content is escaped here.
                .meta(
                    .name("description"),
                    .content(description)
                ),
                .meta(.name("color-scheme"), .content("light dark")),
                .link(.rel(.stylesheet), .href(root + "assets/style.css")),
                .link(.rel(.stylesheet), .href(root + "assets/diagrams.css")),
                .script(.attribute(named: "src", value: root + "assets/theme.js"))
            ),
            .body(
                .attribute(named: "data-root", value: root),
                .a(.class("skip"), .href("#main"), .text("Skip to content")),
                .header(
                    .class("top"),
                    .a(.class("brand"), .href(root + "index.html"), .text("nibviz")),
                    .nav(
                        .class("sections"),
                        .attribute(named: "aria-label", value: "Sections"),
                        .ul(
                            .forEach(sections.filter { visibleSections.contains($0.0) }) { item in
                                .li(
                                    .a(
                                        .href(root + item.2),
                                        .if(item.0 == section, .attribute(named: "aria-current", value: "page")),
                                        .text(item.1)
                                    ))
                            })
                    ),
                    .div(
                        .class("search"),
                        .element(
                            named: "label",
                            nodes: [
                                .attribute(named: "for", value: "search-input"), .attribute(named: "class", value: "visually-hidden"),
                                .text("Search"),
                            ]),
                        .input(
                            .type(.search), .id("search-input"), .attribute(named: "placeholder", value: "Search…"),
                            .attribute(named: "title", value: "Search pages, rules, classes, object ids and selectors"),
                            .attribute(named: "autocomplete", value: "off")),
                        .ul(.id("search-results"), .attribute(named: "hidden"))
                    ),
                    .button(
                        .type(.button), .id("theme-toggle"), .attribute(named: "aria-label", value: "Switch between light and dark theme"),
                        .attribute(named: "title", value: "Switch theme"), .text("◐"))
                ),
                .div(
                    .class("layout"),
                    .aside(
                        .class("sidebar"),
                        .nav(
                            .attribute(named: "aria-label", value: "Concepts"),
                            .h2(.text("Concepts")),
                            .ul(
                                .forEach(sidebar) { item in
                                    .li(
                                        .a(
                                            .href(root + item.1),
                                            .if(item.1 == path, .attribute(named: "aria-current", value: "page")), .text(item.0)))
                                })
                        )
                    ),
                    .main(
                        .id("main"),
                        .nav(
                            .class("breadcrumbs"),
                            .attribute(named: "aria-label", value: "Breadcrumbs"),
                            .ol(crumbs)
                        ),
                        .h1(heading),
                        .raw(content)
                    )
                ),
                .footer(
                    .class("bottom"),
                    .p(
                        .text(
                            "Generated by nibviz \(version) from the nib loading specification and your documents. Every diagram is simulated, not recorded."
                        ))),
                .script(.attribute(named: "src", value: root + "assets/site.js"))
            )
        )
        return html.render() + "\n"
    }
}

/// A piece of page content. Figures are structural: no text a user controls (an object name,
/// a file name) can ever turn into a figure, because a figure is never a string in the HTML.
enum PageBlock {
    /// Trusted HTML.
    case html(String)
    /// Figure number `n` of the build (`SitePlanner.figures`).
    case figure(Int)
    /// The "Discussed in …" links of a rule, known only once every page is planned.
    case ruleCitations(String)
}

/// Page content as blocks; `+=` appends HTML.
struct PageContent {
    var blocks: [PageBlock] = []

    init(_ html: String = "") { if !html.isEmpty { blocks = [.html(html)] } }
    init(blocks: [PageBlock]) { self.blocks = blocks }

    static func += (content: inout PageContent, html: String) { content.blocks.append(.html(html)) }
    static func += (content: inout PageContent, block: PageBlock) { content.blocks.append(block) }
    static func += (content: inout PageContent, other: PageContent) { content.blocks += other.blocks }
}

/// Page shells by folder depth, section and sidebar entry, each cut at the markers standing for a
/// page's own parts; shared by the threads that lay out pages.
final class ShellCache: @unchecked Sendable {
    struct Key: Hashable {
        var root: String
        var section: String
        var current: String?
    }

    private let lock = NSLock()
    private var shells: [Key: [String]?] = [:]

    /// Stands for part `number` of a page in its shell (control characters no text of the
    /// shell holds; a shell where a marker is not found once is not used).
    static func marker(_ number: Int) -> String { "\u{1}\(number)\u{1}" }

    /// The shell of `key` in pieces (`split`), made by `make` the first time.
    func pieces(_ key: Key, make: () -> [String]?) -> [String]? {
        lock.lock()
        if let known = shells[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        shells[key] = .some(made)
        lock.unlock()
        return made
    }

    /// `shell` cut at markers 0 to 4, in order, each found exactly once; nil otherwise.
    static func split(_ shell: String) -> [String]? {
        var pieces: [String] = []
        var rest = Substring(shell)
        for number in 0..<5 {
            let parts = rest.components(separatedBy: marker(number))
            guard parts.count == 2 else { return nil }
            pieces.append(parts[0])
            rest = Substring(parts[1])
        }
        guard !rest.contains("\u{1}") else { return nil }
        pieces.append(String(rest))
        return pieces
    }
}
