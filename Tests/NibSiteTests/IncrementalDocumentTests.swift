import Foundation
import GraphvizRender
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// Per-document incrementality (#17): a rebuild plans again only the documents whose bytes,
/// or whatever their pages read of the rest of the project, changed; the others' pages are
/// kept without planning, and the site is byte for byte the one a cold build writes.
@Suite("Incremental documents", .serialized)
struct IncrementalDocumentTests {
    /// The three xibs of `SiteFixtures.inputs` and the two storyboards of `__Fixtures__/App`
    /// (Main refers to Settings through a storyboard reference).
    static func project(in directory: URL) throws -> URL {
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        try FileManager.default.copyItem(at: SiteFixtures.fixtures.appendingPathComponent("App"), to: project.appendingPathComponent("App"))
        try SiteFixtures.dateBack(project)
        return project
    }

    /// `project(in:)` and the fixture app's sources beside it (`AppSources`), dated a minute
    /// ago: a build records a file's digest only once its bytes have stood still for two
    /// seconds (an edit within the same clock tick looks unchanged), as a checkout's have.
    static func projectWithSources(in directory: URL) throws -> (project: URL, sources: URL) {
        let project = try project(in: directory)
        let sources = directory.appendingPathComponent("AppSources")
        try FileManager.default.copyItem(at: SiteFixtures.fixtures.appendingPathComponent("AppSources"), to: sources)
        try SiteFixtures.dateBack(sources)
        return (project, sources)
    }

    static func build(_ project: URL, into output: URL) throws -> SiteReport {
        try SiteBuilder(options: IncrementalSiteTests.options(output, inputs: [project]), backend: InProcessBackend()).build()
    }

    /// Edits `file` under `project` (the edit must change it), rebuilds into `output`, and checks
    /// the rebuilt site against a cold build of the edited project.
    static func rebuild(
        _ project: URL, _ file: String, output: URL, directory: URL, edit: (String) -> String
    ) throws -> (report: SiteReport, changed: Set<String>) {
        let before = try IncrementalSiteTests.modificationTimes(output)
        let url = project.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(edit(text) != text, "the fixture has the text to edit")
        try Data(edit(text).utf8).write(to: url)
        let report = try build(project, into: output)
        let after = try IncrementalSiteTests.modificationTimes(output)
        let changed = Set(after.keys.filter { after[$0] != before[$0] && !$0.hasPrefix(".") })
        let cold = directory.appendingPathComponent("cold-\(file.split(separator: "/").joined(separator: "-"))")
        _ = try build(project, into: cold)
        let rebuilt = SiteFixtures.snapshot(output).filter { !$0.key.hasPrefix(".") }
        let fresh = SiteFixtures.snapshot(cold).filter { !$0.key.hasPrefix(".") }
        #expect(rebuilt.keys.sorted() == fresh.keys.sorted())
        for (path, bytes) in fresh where rebuilt[path] != bytes { Issue.record("\(path) differs from a cold build") }
        return (report, changed)
    }

    @Test func aOneDocumentEditPlansThatDocumentAloneAndWritesWhatAColdBuildWrites() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-document")
        let output = directory.appendingPathComponent("public")
        let project = try Self.project(in: directory)
        let first = try Self.build(project, into: output)
        #expect(first.timings.documentsPlanned == 5 && first.timings.documentsKept == 0)
        let (second, changed) = try Self.rebuild(project, "nested/Swatch.xib", output: output, directory: directory) {
            $0.replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ")
        }
        #expect(second.timings.documentsPlanned == 1 && second.timings.documentsKept == 4)
        // The four unchanged documents are not parsed: their summaries from the first build stand in.
        #expect(first.timings.documentsSummarized == 0 && second.timings.documentsSummarized == 4)
        let pages = changed.filter { $0.hasSuffix(".html") }
        #expect(pages.contains("documents/project/nested/Swatch.xib.html"), "\(pages.sorted())")
        // The document's own pages and the pages that list every document (home, classes) only.
        let allowed: Set<String> = ["index.html", "documents/index.html", "classes/index.html"]
        #expect(pages.allSatisfy { $0.hasPrefix("documents/project/nested/Swatch.xib") || allowed.contains($0) }, "\(pages.sorted())")
        #expect(!changed.contains("documents/project/App/Main.storyboard.html") && !changed.contains("rules.html"))
    }

    /// `site App -o App/docs`: the site of the last build is no input of the next (its
    /// `Main.storyboard/` folders of scene pages are no documents, its pages no sources), so the
    /// next build finds nothing changed, and an edit plans that document alone.
    @Test func aSiteWrittenInsideItsProjectIsNoInputOfTheNextBuild() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-inside")
        let project = try Self.project(in: directory)
        let output = project.appendingPathComponent("docs")
        let first = try Self.build(project, into: output)
        #expect(first.failures.isEmpty && first.documentPages == 5, "\(first.failures)")
        let again = try Self.build(project, into: output)
        #expect(again.upToDate && again.failures.isEmpty, "\(again.failures)")
        let swatch = project.appendingPathComponent("nested/Swatch.xib")
        try Data(try String(contentsOf: swatch, encoding: .utf8).replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ").utf8)
            .write(to: swatch)
        let edited = try Self.build(project, into: output)
        #expect(edited.failures.isEmpty && edited.documentPages == 5, "\(edited.failures)")
        #expect(edited.timings.documentsPlanned == 1 && edited.timings.documentsKept == 4)
    }

    /// `site App --sources App`: the documents among the sources are no source (the scan does
    /// not read them), so editing one plans it alone; an edit to a source file that changes no
    /// class a document's runs read, and no finding, plans nothing again.
    @Test func withTheProjectAsItsOwnSourcesAnEditPlansThatDocumentAlone() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-own-sources")
        let project = try Self.project(in: directory)
        try FileManager.default.copyItem(
            at: SiteFixtures.fixtures.appendingPathComponent("AppSources"), to: project.appendingPathComponent("AppSources"))
        let output = directory.appendingPathComponent("public")
        var options = IncrementalSiteTests.options(output, inputs: [project])
        options.sources = [project]
        func build() throws -> SiteReport { try SiteBuilder(options: options, backend: InProcessBackend()).build() }
        let first = try build()
        #expect(first.timings.documentsPlanned == 5)
        let swatch = project.appendingPathComponent("nested/Swatch.xib")
        try Data(try String(contentsOf: swatch, encoding: .utf8).replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ").utf8)
            .write(to: swatch)
        let edited = try build()
        #expect(edited.timings.documentsPlanned == 1 && edited.timings.documentsKept == 4)
        // With a class table every document is parsed: its runs' options depend on the classes it uses.
        #expect(edited.timings.documentsSummarized == 0)
        // What the source scan does not read (notes, a `.git` folder) changes nothing.
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/main\n".utf8).write(to: project.appendingPathComponent(".git/HEAD"))
        try Data("# App\n".utf8).write(to: project.appendingPathComponent("README.md"))
        #expect(try build().upToDate)
        let source = project.appendingPathComponent("AppSources/AppList.swift")
        try Data((try String(contentsOf: source, encoding: .utf8) + "\n// edited\n").utf8).write(to: source)
        let recoded = try build()
        #expect(!recoded.upToDate && recoded.timings.documentsPlanned == 0 && recoded.timings.documentsKept == 5)
    }

    /// `site App --sources AppSources`: an edit to a source file plans again the documents whose
    /// runs read the class it changes, or whose findings it moves, and no other; the site is
    /// byte for byte the one a cold build writes.
    @Test func aSourceEditPlansTheDocumentsUsingTheClassItChanges() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-source-edit")
        let (project, sources) = try Self.projectWithSources(in: directory)
        let output = directory.appendingPathComponent("public")
        func build(into output: URL) throws -> SiteReport {
            var options = IncrementalSiteTests.options(output, inputs: [project])
            options.sources = [sources]
            return try SiteBuilder(options: options, backend: InProcessBackend()).build()
        }
        func edit(_ file: String, _ change: (String) -> String) throws -> (report: SiteReport, changed: Set<String>) {
            let url = sources.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(change(text) != text, "the fixture has the text to edit")
            let before = try IncrementalSiteTests.modificationTimes(output)
            try Data(change(text).utf8).write(to: url)
            let report = try build(into: output)
            let after = try IncrementalSiteTests.modificationTimes(output)
            let cold = directory.appendingPathComponent("cold-\(UUID().uuidString)")
            _ = try build(into: cold)
            let rebuilt = SiteFixtures.snapshot(output).filter { !$0.key.hasPrefix(".") }
            let fresh = SiteFixtures.snapshot(cold).filter { !$0.key.hasPrefix(".") }
            #expect(rebuilt.keys.sorted() == fresh.keys.sorted())
            for (path, bytes) in fresh where rebuilt[path] != bytes { Issue.record("\(path) differs from a cold build") }
            return (report, Set(after.keys.filter { after[$0] != before[$0] && !$0.hasPrefix(".") && $0.hasSuffix(".html") }))
        }
        let cold = try build(into: output)
        #expect(cold.timings.documentsPlanned == 5)
        #expect(cold.timings.sourceFilesParsed == 2 && cold.timings.sourceFilesKept == 0)
        func sourceShards() throws -> [String: Int] {
            try IncrementalSiteTests.modificationTimes(output).filter { $0.key.hasPrefix(".nibviz-state-sources-") }
        }
        let shardsBefore = try sourceShards()
        #expect(shardsBefore.count == SourceCache.shards)
        // AboutViewController (Settings.storyboard) now overrides viewDidLoad: its runs trace it.
        let (overridden, changed) = try edit("Settings.swift") {
            $0.replacingOccurrences(
                of: "final class AboutViewController: UIViewController {}",
                with: "final class AboutViewController: UIViewController {\n    override func viewDidLoad() { super.viewDidLoad() }\n}")
        }
        #expect(overridden.timings.documentsPlanned == 1 && overridden.timings.documentsKept == 4)
        // The edited file alone is parsed again; the other's declarations are the last build's.
        #expect(overridden.timings.sourceFilesParsed == 1 && overridden.timings.sourceFilesKept == 1)
        // The shard that held the edited file is written again; the others are carried.
        let shardsAfter = try sourceShards()
        #expect(shardsAfter.keys.sorted() == shardsBefore.keys.sorted())
        #expect(shardsAfter.filter { shardsBefore[$0.key] != $0.value }.count == 1, "\(shardsAfter)")
        #expect(changed.contains { $0.hasPrefix("documents/project/App/Settings.storyboard") }, "\(changed.sorted())")
        #expect(!changed.contains { $0.hasPrefix("documents/project/App/Main.storyboard") }, "\(changed.sorted())")
        // A line inserted above AppDetailViewController moves the source line of Main's finding
        // (its outlet `backButton` is no key of the class): Main is planned again, Settings not.
        let (moved, _) = try edit("AppList.swift") {
            $0.replacingOccurrences(of: "import UIKit\n", with: "import UIKit\nimport Foundation\n")
        }
        #expect(moved.timings.documentsPlanned == 1 && moved.timings.documentsKept == 4)
        // A body edit that changes no declaration plans nothing.
        let (body, unchanged) = try edit("AppList.swift") {
            $0.replacingOccurrences(
                of: "@IBAction func refresh(_ sender: Any) {}", with: "@IBAction func refresh(_ sender: Any) { print(sender) }")
        }
        #expect(body.timings.documentsPlanned == 0 && body.timings.documentsKept == 5)
        #expect(unchanged.isEmpty, "\(unchanged.sorted())")
    }

    /// Declarations another nibviz read (another binary or version: its readers may differ)
    /// are not taken: every source file is parsed again.
    @Test func sourceDeclarationsReadByAnotherNibvizAreParsedAgain() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-source-tool")
        let (project, sources) = try Self.projectWithSources(in: directory)
        let output = directory.appendingPathComponent("public")
        var options = IncrementalSiteTests.options(output, inputs: [project])
        options.sources = [sources]
        func build() throws -> SiteReport { try SiteBuilder(options: options, backend: InProcessBackend()).build() }
        #expect(try build().timings.sourceFilesParsed == 2)
        func editSettings() throws {
            let url = sources.appendingPathComponent("Settings.swift")
            try Data((try String(contentsOf: url, encoding: .utf8) + "\n// edited\n").utf8).write(to: url)
        }
        try editSettings()
        let same = try build()
        #expect(same.timings.sourceFilesParsed == 1 && same.timings.sourceFilesKept == 1)
        // The shards as an older nibviz would have left them.
        for number in 0..<SourceCache.shards {
            let url = output.appendingPathComponent(SourceCache.path(number))
            var shard = try SourceCache(decoding: Array(try Data(contentsOf: url)))
            #expect(shard.format == SourceCache.format && !shard.tool.isEmpty)
            shard.tool = "older " + shard.tool
            try Data(shard.encoded()).write(to: url)
        }
        try editSettings()
        let other = try build()
        #expect(other.timings.sourceFilesParsed == 2 && other.timings.sourceFilesKept == 0)
        // Shards cut short (a full disk, a foreign file) are no cache either: parsed again.
        for number in 0..<SourceCache.shards {
            let url = output.appendingPathComponent(SourceCache.path(number))
            let bytes = try Data(contentsOf: url)
            #expect(throws: CompactBinary.Malformed.self) { try SourceCache(decoding: Array(bytes.dropLast())) }
            try bytes.prefix(bytes.count / 2).write(to: url)
        }
        try editSettings()
        let cut = try build()
        #expect(cut.timings.sourceFilesParsed == 2 && cut.timings.sourceFilesKept == 0)
    }

    @Test func aSceneRetitledInOneStoryboardPlansTheStoryboardThatLinksToItToo() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-reference")
        let output = directory.appendingPathComponent("public")
        let project = try Self.project(in: directory)
        _ = try Self.build(project, into: output)
        let (report, changed) = try Self.rebuild(project, "App/Settings.storyboard", output: output, directory: directory) {
            $0.replacingOccurrences(of: "title=\"Settings\" id=\"set-st-001\"", with: "title=\"Preferences\" id=\"set-st-001\"")
        }
        // Main's scene pages name the Settings scene its segue opens through the reference.
        #expect(report.timings.documentsPlanned == 2 && report.timings.documentsKept == 3)
        // Main was read from its summary and is parsed once its pages are planned (`rebuild`
        // checks the site against a cold build).
        #expect(report.timings.documentsSummarized == 4)
        #expect(changed.contains { $0.hasPrefix("documents/project/App/Main.storyboard/") }, "\(changed.sorted())")
        #expect(!changed.contains("documents/project/Card.xib.html"))
    }

    /// A use of a class added past what other documents' scene pages list of it (ten other uses
    /// and a link to the class index) plans only the edited document again.
    @Test func aUseOfAPopularClassAddedAtTheEndPlansTheEditedDocumentAlone() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-class-uses")
        let output = directory.appendingPathComponent("public")
        let project = directory.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        for number in 0..<12 {
            let storyboard = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc-\(number)">
                <scenes><scene sceneID="scene-\(number)"><objects>
                <viewController id="vc-\(number)" customClass="SharedScreen" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="view-\(number)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/></view>
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="responder-\(number)" sceneMemberID="firstResponder"/>
                </objects></scene></scenes>
                </document>
                """
            try storyboard.write(
                to: project.appendingPathComponent(String(format: "S%02d.storyboard", number)), atomically: true, encoding: .utf8)
        }
        _ = try Self.build(project, into: output)
        let (report, changed) = try Self.rebuild(project, "S11.storyboard", output: output, directory: directory) {
            $0.replacingOccurrences(
                of: "contentMode=\"scaleToFill\" id=\"view-11\"",
                with: "contentMode=\"scaleToFill\" customClass=\"SharedScreen\" id=\"view-11\"")
        }
        #expect(report.timings.documentsPlanned == 1 && report.timings.documentsKept == 11)
        #expect(!changed.contains("documents/project/S00.storyboard/scene-0.html"), "\(changed.sorted())")
    }

    @Test func aChangedOptionPlansEveryDocumentAgain() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-options")
        let output = directory.appendingPathComponent("public")
        let project = try Self.project(in: directory)
        _ = try Self.build(project, into: output)
        var options = IncrementalSiteTests.options(output, inputs: [project])
        options.title = "Another title"
        let report = try SiteBuilder(options: options, backend: InProcessBackend()).build()
        #expect(report.timings.documentsPlanned == 5 && report.timings.documentsKept == 0)
        // Summaries are keyed on the options too: every document is parsed again.
        #expect(report.timings.documentsSummarized == 0)
    }
}

/// The link check of a rebuild skips the pages kept from the previous build only while nothing
/// they may point at is gone (#17).
@Suite("Incremental link check")
struct IncrementalLinkCheckTests {
    static func state(_ pages: [String: String], files: [String], extra: [String: [String]] = [:]) -> BuildState {
        var state = BuildState()
        for (path, html) in pages {
            state.pages[path] = BuildState.Page(fingerprint: path, extraFiles: extra[path] ?? [], links: LinkChecker.PageLinks(html: html))
        }
        for file in files { state.files[file] = BuildState.Stamp(size: 1, modified: 1) }
        return state
    }

    @Test func keptPagesAreCheckedAgainWhenAPageWrittenAgainLostAnAnchorOrAFileIsGone() throws {
        let previous = Self.state(
            ["a.html": "<p id=\"x\"></p>", "b.html": "<a href=\"a.html#x\">x</a>"], files: ["a.html", "b.html", "diagrams/k.svg"],
            extra: ["a.html": ["diagrams/k.svg"]])
        let linksOfB = try #require(previous.pages["b.html"]).links
        let same = ["a.html": LinkChecker.PageLinks(html: "<p id=\"x\"></p><p id=\"y\"></p>"), "b.html": linksOfB]
        // a.html written again with its anchor (and without its old standalone diagram): b.html stays unchecked.
        #expect(SiteBuilder.nothingLost(since: previous, files: ["a.html", "b.html"], links: same, kept: ["b.html"]))
        // a.html written again without the anchor b.html names: everything is checked again.
        var lost = same
        lost["a.html"] = LinkChecker.PageLinks(html: "<p id=\"y\"></p>")
        #expect(!SiteBuilder.nothingLost(since: previous, files: ["a.html", "b.html"], links: lost, kept: ["b.html"]))
        // A page the previous build wrote is gone.
        #expect(!SiteBuilder.nothingLost(since: previous, files: ["b.html"], links: ["b.html": linksOfB], kept: ["b.html"]))
        // A file of a kept page is gone.
        #expect(!SiteBuilder.nothingLost(since: previous, files: ["a.html", "b.html"], links: same, kept: ["a.html", "b.html"]))
        #expect(LinkChecker.check(pages: lost, checking: ["b.html"]) { _ in true } == ["b.html: missing anchor a.html#x"])
    }
}

/// The link check's resolution of references (fast paths included).
@Suite("Link check references")
struct LinkCheckReferenceTests {
    @Test func referencesResolveAgainstTheirPagesFolderWithDotSegmentsFragmentsAndPercentEncoding() {
        let pages = [
            "a/b/page.html": LinkChecker.PageLinks(
                html: """
                    <p id="here"></p><a href="#here">1</a><a href="#gone">2</a><a href="../c.html#top">3</a>\
                    <a href="./d%20e.html">4</a><a href="..//c.html">5</a><a href="https://example.com">6</a><a href="#%68ere">7</a>
                    """),
            "a/c.html": LinkChecker.PageLinks(html: "<p id=\"top\"></p>"),
        ]
        let problems = LinkChecker.check(pages: pages) { $0 == "a/b/d e.html" }
        #expect(problems == ["a/b/page.html: missing anchor #gone", "a/b/page.html: outside reference https://example.com"])
        #expect(LinkChecker.normalize("a/./b/../c") == "a/c" && LinkChecker.normalize("a/b.c/d") == "a/b.c/d")
        #expect(LinkChecker.normalize("/a//b/") == "a/b" && LinkChecker.normalize("a/...") == "a/...")
    }

    /// Ids inside inlined figures (`f<n>-…`) are checked on their own page and kept out of the
    /// page's anchors; a reference into a figure that is not there fails the check.
    @Test func figureIDsAreCheckedOnTheirPageAndLeftOutOfItsAnchors() {
        let figure = "<svg id=\"f0-graph0\"><g id=\"f0-node1\"><a xlink:href=\"#f0-node1\"></a></g></svg>"
        let pages = [
            "a.html": LinkChecker.PageLinks(html: "<p id=\"top\"></p>\(figure)<a href=\"#f0-gone\">x</a><a href=\"b.html#f1-node2\">y</a>"),
            "b.html": LinkChecker.PageLinks(html: "<svg id=\"f1-node2\"></svg>"),
        ]
        #expect(pages["a.html"]?.ids == ["top"] && pages["b.html"]?.ids == [])
        #expect(pages["a.html"]?.references == ["#f0-gone", "b.html#f1-node2"])
        let problems = LinkChecker.check(pages: pages) { _ in false }
        #expect(problems == ["a.html: missing anchor #f0-gone", "a.html: missing anchor b.html#f1-node2"])
    }

    /// `joined`'s fast path gives what normalizing the whole path gives, also where it must fall back.
    @Test(arguments: ["", "a", "a/b", "a/b/c", "a/./b", "a//b", "a/b/..", "ü/é", "日本/e\u{301}/x"])
    func joiningAReferenceToItsFolderIsNormalizingTheWholePath(base: String) {
        let references = [
            "x.html", "../x.html", "../../x.html", "../../../../x.html", "./x.html", ".././../x/y.html", "../x/../y.html", "..",
            "../", "./", "x/", "x//y", "/x", "...", "../...", "x/..", "../ü.html", "../../日本/x.html", "e\u{301}/../x.html",
            ".\u{301}./x.html",
        ]
        for reference in references {
            let expected = LinkChecker.normalize(base.isEmpty ? reference : base + "/" + reference)
            #expect(LinkChecker.joined(base, reference) == expected, "\(base) + \(reference)")
        }
    }
}
