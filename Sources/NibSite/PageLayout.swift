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
    var root: String { String(repeating: "../", count: path.split(separator: "/").count - 1) }
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

    func render(_ page: SitePage) -> String {
        let root = page.root
        let html = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .viewport(.accordingToDevice),
                .element(named: "title", text: page.title == "nibviz" ? "nibviz" : "\(page.title) · nibviz"),
                // Plot does not escape attribute values: every value from content is escaped here.
                .meta(
                    .name("description"),
                    .content(HTMLEscaping.escape(page.summary.isEmpty ? "nibviz: nib, xib and storyboard loading explained" : page.summary))
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
                            .forEach(sections.filter { visibleSections.contains($0.0) }) { section in
                                .li(
                                    .a(
                                        .href(root + section.2),
                                        .if(section.0 == page.section, .attribute(named: "aria-current", value: "page")),
                                        .text(section.1)
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
                                            .if(item.1 == page.path, .attribute(named: "aria-current", value: "page")), .text(item.0)))
                                })
                        )
                    ),
                    .main(
                        .id("main"),
                        .nav(
                            .class("breadcrumbs"),
                            .attribute(named: "aria-label", value: "Breadcrumbs"),
                            .ol(
                                .forEach(Array(page.breadcrumbs.enumerated())) { _, crumb in
                                    if let target = crumb.1 { return .li(.a(.href(root + target), .text(crumb.0))) }
                                    return .li(.attribute(named: "aria-current", value: "page"), .text(crumb.0))
                                })
                        ),
                        .h1(.text(page.title)),
                        .raw(page.html)
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
