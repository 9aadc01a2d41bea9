import Foundation
import NibTestSupport
import Testing

/// Whole corpus projects through `nibviz site` with their sources when the source corpus is
/// present (skipped when ../shared/corpus is absent): what a developer relies on in the output —
/// page sizes, readable inline diagrams, storyboard references that link to their target, and
/// search over identifiers, outlet names and rule text.
@Suite(
    "Corpus project sites", .serialized, .enabled(if: TestPaths.corpus != nil, "../shared/corpus not found: corpus project tests skipped"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
struct CorpusProjectSiteTests {
    static let pageLimit = 1_500_000

    /// A corpus project, what its search must find, and a scene page and text its sources show.
    struct Project: CustomStringConvertible, Sendable {
        var repository: String
        /// Terms search.json must hold: a segue id (when the app has storyboards), outlet names, rule text.
        var searchTerms: [String]
        /// With the source corpus: a page (relative to documents/) and a text it must show.
        var withSources: (page: String, text: String)?
        /// With the source corpus: the runtime exceptions the pages may predict (the real ones
        /// the source corpus README lists); any other is a false error.
        var knownExceptions: Int = 0
        var description: String { repository }
    }

    static let projects = [
        Project(
            repository: "altstoreio/AltStore", searchTerms: ["\"showApp\"", "\"showAppIDs\"", "\"backButton\"", "R-OUT-1 "],
            withSources: (
                "AltStore/AltStore/My_Apps/InstalledAppsCollectionHeaderView.xib.html",
                "this class is not key value coding-compliant for the key button"
            ), knownExceptions: 1),
        Project(
            repository: "sequelpro/sequelpro", searchTerms: ["\"addDatabaseButton\"", "\"chooseDatabaseButton\"", "R-OUT-1 "],
            withSources: nil),
        // macOS storyboards whose runtime attributes set AppKit properties the curated tables do
        // not list (NSSplitView.dividerColor): no predicted exception.
        Project(
            repository: "coteditor/CotEditor", searchTerms: ["\"OptionsSegue\"", "\"fieldSplitViewItem\"", "R-OUT-1 "],
            withSources: nil),
    ]

    /// The corpus documents of `repository` put back at their original paths (MANIFEST.tsv), so
    /// storyboard references find their storyboards by name as in the app.
    static func checkout(_ repository: String, into folder: URL) throws -> URL? {
        guard let corpus = TestPaths.corpus else { return nil }
        let manifest = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        let project = folder.appendingPathComponent(repository.split(separator: "/").last.map(String.init) ?? "project")
        for line in manifest.split(separator: "\n") {
            let row = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard row.count > 3, row[1] == repository else { continue }
            let target = project.appendingPathComponent(row[3])
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.copyItem(at: corpus.appendingPathComponent(row[0]), to: target)
            }
        }
        return project
    }

    static func pages(_ root: URL) -> [(path: String, size: Int)] {
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        return paths.sorted().map { path in
            let size = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)[.size] as? Int) ?? 0
            return (path, size)
        }
    }

    @Test(arguments: projects)
    func theSiteOfAWholeProjectIsReadableLinkedAndSearchable(project: Project) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-corpus-site-\(getpid())-\(project.repository.replacingOccurrences(of: "/", with: "-"))")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let checkout = try Self.checkout(project.repository, into: folder) else { return }
        let output = folder.appendingPathComponent("site")
        let sources = TestPaths.corpusSources?.appendingPathComponent(project.repository.replacingOccurrences(of: "/", with: "__"))
        let withSources = sources.map { FileManager.default.fileExists(atPath: $0.path) } == true
        if !withSources { print("\(project): the source corpus is absent; the site is built without --sources") }
        // Sequel Pro's largest diagram takes Graphviz over a minute when other tests load the
        // machine: the default per-diagram limit would fail the build on load, not on a bug.
        let result = try runNibviz(
            ["site", checkout.path, "-o", output.path, "--no-cache"] + (withSources ? ["--sources", sources?.path ?? ""] : []),
            environment: ProcessInfo.processInfo.environment.merging(["NIBVIZ_RENDER_TIMEOUT": "900"]) { $1 })
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let pages = Self.pages(output)
        #expect(pages.count > 40)
        let over = pages.filter { $0.size > Self.pageLimit }
        #expect(over.isEmpty, "pages over 1.5 MB: \(over)")
        #expect(try LinkWalk.broken(in: output).isEmpty)
        var texts: [String: String] = [:]
        for page in pages { texts[page.path] = try String(contentsOf: output.appendingPathComponent(page.path), encoding: .utf8) }

        // Every inline SVG fits the 960 px column with its smallest text at 8 px or more, or is
        // in the zoom viewer, whose standalone SVG exists.
        var inline = 0
        var zoomable = 0
        for (path, html) in texts.sorted(by: { $0.key < $1.key }) {
            for figure in InlineSVG.all(in: html) {
                if let source = figure.zoomSource {
                    zoomable += 1
                    let target = output.appendingPathComponent(path).deletingLastPathComponent().appendingPathComponent(source)
                    #expect(FileManager.default.fileExists(atPath: target.standardizedFileURL.path), "\(path): \(source)")
                    continue
                }
                inline += 1
                #expect(figure.problem == nil, "\(path): \(figure.title): \(figure.problem ?? "")")
            }
        }
        print("\(project): \(pages.count) pages, \(inline) inline diagrams readable at 960 px, \(zoomable) in the zoom viewer")
        #expect(inline > 20)

        // Every storyboard reference whose storyboard is in the site links to it, on the
        // storyboard pages and on the scene pages of reference scenes.
        let storyboards = Set(
            pages.compactMap { page -> String? in
                let name = (page.path as NSString).lastPathComponent
                return name.hasSuffix(".storyboard.html") ? String(name.dropLast(".storyboard.html".count)) : nil
            })
        var linked = 0
        for (path, html) in texts {
            linked += html.components(separatedBy: "<a class=\"reference\"").count - 1
            for chunk in html.components(separatedBy: "<span class=\"muted\">(not in this site)</span>").dropLast() {
                guard let code = chunk.components(separatedBy: "<code>").last else { continue }
                let name = String(code.prefix { $0 != "<" && $0 != " " })
                #expect(!storyboards.contains(name), "\(path): reference to \(name) is in the site but not linked")
            }
        }
        if storyboards.count > 1 { #expect(linked > 0, "\(project)'s storyboards refer to each other") }

        // Search finds segue ids, outlet names and rule text.
        let search = try String(contentsOf: output.appendingPathComponent("search.json"), encoding: .utf8)
        for term in project.searchTerms { #expect(search.contains(term), "\(project): search.json lacks \(term)") }

        // With the app's sources: only the real exceptions (the source corpus README's), none
        // invented by a key nibviz cannot see.
        if withSources {
            let predicting = texts.filter { $0.key.hasPrefix("documents/") && $0.value.contains("<span class=\"kind\">EXCEPTION</span>") }
                .keys.sorted()
            #expect(predicting.count == project.knownExceptions, "\(project): \(predicting)")
        }
        // With the app's sources: the runtime's exception where the sources lack a key.
        if withSources, let (page, text) = project.withSources {
            let html = texts["documents/" + page] ?? ""
            #expect(html.contains(text), "documents/\(page)")
            #expect(html.contains("id=\"check\""))
            #expect(search.contains(text))
        }
    }
}

/// The inline SVGs of a page, read independently of the site's own `SVGMetrics`: the size the
/// page gives each (`max-width`/`min-width` in points, the viewBox) and its smallest text.
struct InlineSVG {
    var title: String
    /// The standalone SVG of a figure in the zoom viewer.
    var zoomSource: String?
    /// Why it is not readable inline at 960 px, nil when it is.
    var problem: String?

    static func all(in html: String) -> [InlineSVG] {
        var out: [InlineSVG] = []
        var rest = Substring(html)
        while let start = rest.range(of: "<svg") {
            let before = rest[..<start.lowerBound]
            let figureTag =
                before.range(of: "<figure", options: .backwards).map { String(before[$0.lowerBound...].prefix { $0 != ">" }) } ?? ""
            guard let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) else { break }
            let svg = rest[start.lowerBound..<end.upperBound]
            rest = rest[end.upperBound...]
            var figure = InlineSVG(title: title(svg), zoomSource: nil, problem: nil)
            if figureTag.contains(" zoomable\""), let range = figureTag.range(of: "data-src=\"") {
                figure.zoomSource = String(figureTag[range.upperBound...].prefix { $0 != "\"" })
            } else {
                figure.problem = problem(svg)
            }
            out.append(figure)
        }
        return out
    }

    static func title(_ svg: Substring) -> String {
        guard let open = svg.range(of: "<title>"), let close = svg.range(of: "</title>", range: open.upperBound..<svg.endIndex) else {
            return "untitled"
        }
        return String(svg[open.upperBound..<close.lowerBound])
    }

    /// Shown at most 960 px wide (never under its `min-width`), is its smallest text ≥ 8 px?
    static func problem(_ svg: Substring) -> String? {
        let root = svg.prefix { $0 != ">" }
        func number(after key: String, in text: Substring) -> Double? {
            guard let range = text.range(of: key) else { return nil }
            return Double(String(text[range.upperBound...].prefix { $0.isNumber || $0 == "." }))
        }
        guard let maxWidth = number(after: "max-width:", in: root) else { return "no width" }
        let minWidth = number(after: "min-width:", in: root) ?? 0
        guard let box = root.range(of: "viewBox=\"") else { return "no viewBox" }
        let values = root[box.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        guard values.count == 4, values[2] > 0 else { return "bad viewBox" }
        let pixels = 4.0 / 3.0
        let shown = max(min(maxWidth * pixels, 960), minWidth * pixels)
        if shown > 960.5 { return "\(Int(shown)) px wide, over the 960 px column" }
        var smallest = Double.infinity
        var text = svg[...]
        while let range = text.range(of: "font-size=\"") {
            text = text[range.upperBound...]
            if let size = Double(String(text.prefix { $0 != "\"" })), size > 0 { smallest = min(smallest, size) }
        }
        guard smallest.isFinite else { return nil }
        let size = smallest * shown / values[2]
        return size >= 7.995 ? nil : "smallest text \(String(format: "%.1f", size)) px at \(Int(shown)) px wide"
    }
}
