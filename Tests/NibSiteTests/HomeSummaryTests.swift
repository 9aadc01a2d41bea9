import Foundation
import NibTestSupport
import Testing

@testable import NibSite

/// The project home page's summary says what each number counts: problems found reading the
/// documents (linked to the Diagnostics section that lists them) apart from `check`'s findings
/// against the sources (linked to the Sources section), never one unlabelled "Diagnostics".
@Suite(
    "project home summary", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct HomeSummaryTests {
    /// A xib with one element the reader does not know: one warning while reading it.
    static let oddXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
          <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="odd-vw-1"><subviews><frobnicator id="odd-fx-1"/></subviews></view>
          </objects>
        </document>
        """

    static func summary(_ output: URL) throws -> String {
        let home = try ProjectSiteTests.page(output, "index.html")
        return try #require(home.components(separatedBy: "<dl class=\"facts\">").dropFirst().first?.components(separatedBy: "</dl>").first)
    }

    @Test func documentProblemsAndCheckFindingsAreNamedApartAndLinkToTheirLists() throws {
        let (app, output) = try ProjectSourcesTests.project("home-summary")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        try Self.oddXib.write(to: app.appendingPathComponent("Views/Odd.xib"), atomically: true, encoding: .utf8)
        let result = try runNibviz(
            ["site", app.path, "--sources", app.appendingPathComponent("Sources").path, "-o", output.path, "--no-cache"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try Self.summary(output)
        #expect(!summary.contains("<dt>Diagnostics</dt>"))
        #expect(
            summary.contains(
                "<dt>Document problems</dt><dd>0 errors, 1 warning, 0 notes reported while reading the documents; listed under Diagnostics on each document's page: <a href=\"documents/App/Views/Odd.xib.html#diagnostics\">Odd.xib</a> (1)</dd>"
            ), "\(summary)")
        // The same counts as the Sources section and `nibviz check`.
        #expect(
            summary.contains(
                "<dt>Check findings</dt><dd><a href=\"#sources\">2 errors, 3 warnings, 6 notes</a> from <code>nibviz check</code> against the app's sources</dd>"
            ), "\(summary)")
        let home = try ProjectSiteTests.page(output, "index.html")
        #expect(home.contains("<h2 id=\"sources\">"))
        let odd = try ProjectSiteTests.page(output, "documents/App/Views/Odd.xib.html")
        #expect(odd.contains("id=\"diagnostics\""))
    }

    /// Counts on the home page and in the document list: `1 scene`, never `1 scenes`.
    @Test func countsAreSingularForOne() {
        #expect(SitePlanner.counted(1, "scene") == "1 scene" && SitePlanner.counted(2, "scene") == "2 scenes")
        #expect(SitePlanner.counted(0, "xib") == "0 xibs" && SitePlanner.counted(3, "custom class") == "3 custom classes")
    }

    @Test func withoutSourcesTheSummarySaysCheckDidNotRun() throws {
        let (app, output) = try ProjectSiteTests.project("home-summary-plain")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let result = try runNibviz(["site", app.path, "-o", output.path, "--no-cache"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try Self.summary(output)
        #expect(summary.contains("<dt>Document problems</dt><dd>0 errors, 0 warnings, 0 notes reported while reading the documents</dd>"))
        #expect(summary.contains("<dt>Check findings</dt><dd>not run: build the site with <code>--sources</code>"), "\(summary)")
    }
}
