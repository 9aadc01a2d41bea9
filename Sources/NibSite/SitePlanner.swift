import Foundation
import NibDiagrams
import NibModel

/// Plans every page of a site from one `SiteContent` (values with structural figure blocks),
/// and turns them into files once the figures are rendered (`writeFiles`). No I/O of its own
/// beyond reading the site's assets; rendering, caching and writing belong to the build
/// (NibSiteBuild).
public final class SitePlanner {
    /// What the pages say about the build.
    public struct Settings: Sendable {
        /// The nibviz version in the footer.
        public var version: String
        /// The project's name on its home page (default: the first input folder's name).
        public var title: String?
        /// The inputs as the user named them.
        public var inputs: [URL]
        /// Threads that plan documents' pages at once (1: one after the other, on the caller's).
        public var jobs: Int

        /// Creates settings.
        public init(version: String, title: String? = nil, inputs: [URL] = [], jobs: Int = 1) {
            self.version = version
            self.title = title
            self.inputs = inputs
            self.jobs = jobs
        }
    }

    /// What the pages say about the build.
    public let settings: Settings
    /// Everything the pages show, read once. While document pages are planned its documents are
    /// their outlines (`DocumentRecord.outline`; each record on the `DocumentShelf`).
    public internal(set) var content: SiteContent {
        // A planner given its documents after it was made documents a project as one made with
        // them does. Nothing else changes with `content`: the memos stay (the documents' outlines
        // replace them while units are planned), and letting the documents go keeps the project.
        didSet {
            if !content.documents.isEmpty { hasProject = true }
            if !content.rules.elementsEqual(oldValue.rules, by: { $0.id == $1.id }) { ruleLinks = Self.ruleLinks(content.rules) }
        }
    }
    /// Each rule's link from the site root (`rules.html#<id>`), by id: every figure's rule links
    /// look here (a set of the rule ids built for each figure was 1 % of a corpus build).
    private(set) var ruleLinks: [String: String]
    /// Whether the site documents a project (it has user documents); it outlives
    /// `releaseDocuments`.
    private(set) var hasProject: Bool
    /// The document whose pages are planned, in full (`DocumentRecord.inFull`: parsed again and
    /// simulated; `UnitPlanner`): `content` holds the documents' outlines then.
    var fullDocument: (number: Int, record: SiteContent.DocumentRecord)?
    /// The documents' records (graphs or their summaries) while their pages are planned
    /// (`planDocumentUnits`).
    var shelf: DocumentShelf?
    /// How many documents' records the shelf holds: those whose pages are not adopted yet,
    /// while document pages are planned; none before or after.
    public var documentsHeld: Int { shelf?.count ?? 0 }
    var pages: [SitePage] = []
    /// Every figure of the site, in planning order (`PageBlock.figure(n)` is `figures[n]`).
    public internal(set) var figures: [SiteFigure] = []
    /// Scene pages and the segues between them (planned first: every page links through it).
    var sceneIndex = SceneIndex()
    /// Which concept pages cite each rule (`link()`).
    var citations: [String: [(String, String)]] = [:]
    /// The page shell (`prepareLayout()`).
    var layout: PageLayout?
    /// Asked, for each document (its number and `unitContext`), for the pages an earlier build
    /// planned for it in the same context; nil plans them.
    public var reuseUnit: ((Int, String) -> KeptUnit?)?
    /// Each document's pages, planned or kept, in document order (after `plan()`).
    public internal(set) var units: [UnitRecord] = []
    /// Called with the pages of each document as it is adopted (`pages` indices; linked and
    /// ready to lay out and write: the build writes them while the rest is planned).
    public var pagesAdopted: ((Range<Int>) throws -> Void)?
    /// The pages of the documents (`plan()`), linked as each is adopted.
    public internal(set) var unitPages: Range<Int> = 0..<0
    /// Called with each figure as it is planned (the build starts rendering it at once).
    public var figureAdded: ((Int, SiteFigure) -> Void)?
    /// Whether `figures` keep their DOT after `figureAdded` (a build that renders them as they
    /// come does not need it again).
    public var keepsFigureDOT = true
    /// Where warnings go (`warning: page: …`).
    let note: @Sendable (String) -> Void

    /// Creates a planner over `content`; `note` receives warnings.
    public convenience init(
        settings: Settings, content: SiteContent = SiteContent(), note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(settings: settings, content: content, ruleLinks: Self.ruleLinks(content.rules), note: note)
    }

    /// A planner whose `ruleLinks` (those of `content.rules`) are known: one per document while
    /// their pages are planned.
    init(settings: Settings, content: SiteContent, ruleLinks: [String: String], note: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.content = content
        self.hasProject = !content.documents.isEmpty
        self.ruleLinks = ruleLinks
        self.note = note
    }

    /// `ruleLinks` of `rules`.
    static func ruleLinks(_ rules: [RuleEntry]) -> [String: String] {
        Dictionary(rules.map { ($0.id, "rules.html#" + HTMLEscaping.percentEncoded($0.id)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Lets the documents (their parsed graphs, pending simulations, and the memos that hold
    /// storyboards) go once every page is planned and linked: they are most of a build's memory,
    /// and laying out and writing the pages never reads them.
    public func releaseDocuments() {
        content.documents = []
        fullDocument = nil
        // The storyboards' memo holds their graphs.
        memo = Memo()
    }

    /// Document `number`: in full when its unit is being planned.
    func document(_ number: Int) -> SiteContent.DocumentRecord {
        if let fullDocument, fullDocument.number == number { return fullDocument.record }
        return content.documents[number]
    }

    /// Facts about the documents every page asks for, computed once per content.
    struct Memo {
        var storyboards: [(record: Int, entry: AppMapDiagram.Storyboard)]?
        var storyboardEntries: [AppMapDiagram.Storyboard]?
        var markdownPages: [(source: String, page: MarkdownPage)]?
        /// `classUses`, once the scene index is built.
        var classUses: [String: [(String, String)]]?
    }
    var memo = Memo()

    /// The storyboards of the project, for the app map and reference links, in document order.
    var storyboards: [(record: Int, entry: AppMapDiagram.Storyboard)] {
        if let boards = memo.storyboards { return boards }
        let boards = projectStoryboards
        memo.storyboards = boards
        return boards
    }

    /// `storyboards`' entries alone, in the same order.
    var storyboardEntries: [AppMapDiagram.Storyboard] {
        if let entries = memo.storyboardEntries { return entries }
        let entries = storyboards.map(\.entry)
        memo.storyboardEntries = entries
        return entries
    }

    /// Number of pages planned.
    public var pageCount: Int { pages.count }

    /// Registers a diagram; the page shows it where this block stands.
    func figure(dot: String, caption: String, kind: DiagramKind, name: String, page: String) -> PageBlock {
        .figure(appendFigures([SiteFigure(dot: dot, name: name, caption: caption, kind: kind.rawValue, page: page)]))
    }

    /// Files under `root` with one of `extensions`, as sorted `/`-separated relative paths.
    public static func files(under root: URL, extensions: Set<String>) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            if extensions.contains((path as NSString).pathExtension.lowercased()) { out.append(path) }
        }
        return out.sorted()
    }
}

/// A diagram a page shows: its DOT and where it stands.
public struct SiteFigure: Sendable {
    /// The DOT text (NibDiagrams).
    public var dot: String
    /// A name for Graphviz errors.
    public var name: String
    /// The caption under the figure.
    public var caption: String
    /// The diagram kind (`graph`, `flow`, …), a CSS class.
    public var kind: String
    /// The page it is on.
    public var page: String
}
