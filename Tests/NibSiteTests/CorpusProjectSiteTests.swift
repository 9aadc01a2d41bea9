import Foundation
import NibTestSupport
import Testing

/// Whole corpus projects through `nibviz site` (skipped when ../shared/corpus is absent): page
/// sizes, and storyboard references that link to their target.
@Suite(
    "Corpus project sites", .serialized, .enabled(if: TestPaths.corpus != nil, "../shared/corpus not found: corpus project tests skipped"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first"))
struct CorpusProjectSiteTests {
    static let pageLimit = 1_500_000

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

    @Test(arguments: ["altstoreio/AltStore", "sequelpro/sequelpro"])
    func noPageIsOverTheLimit(repository: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-corpus-site-\(getpid())-\(repository.replacingOccurrences(of: "/", with: "-"))")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let project = try Self.checkout(repository, into: folder) else { return }
        let output = folder.appendingPathComponent("site")
        // Sequel Pro's largest diagram takes Graphviz over a minute when other tests load the
        // machine: the default per-diagram limit would fail the build on load, not on a bug.
        let result = try runNibviz(
            ["site", project.path, "-o", output.path, "--no-cache"],
            environment: ProcessInfo.processInfo.environment.merging(["NIBVIZ_RENDER_TIMEOUT": "900"]) { $1 })
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let pages = Self.pages(output)
        #expect(pages.count > 40)
        let over = pages.filter { $0.size > Self.pageLimit }
        #expect(over.isEmpty, "pages over 1.5 MB: \(over)")
        #expect(try LinkWalk.broken(in: output).isEmpty)
        // Diagrams too large to read inline open in the zoom viewer, whose standalone SVG exists.
        var zoomable = 0
        for page in pages {
            let pageURL = output.appendingPathComponent(page.path)
            let html = try String(contentsOf: pageURL, encoding: .utf8)
            for part in html.components(separatedBy: " zoomable\" data-src=\"").dropFirst() {
                zoomable += 1
                let source = String(part.prefix { $0 != "\"" })
                let target = pageURL.deletingLastPathComponent().appendingPathComponent(source).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page.path): \(source)")
            }
        }
        #expect(zoomable > 0, "the big flows and app map open in the viewer")
        guard repository == "altstoreio/AltStore" else { return }
        // Every storyboard reference whose storyboard is in the site links to it.
        let storyboards = Set(
            pages.compactMap { page -> String? in
                let name = (page.path as NSString).lastPathComponent
                return name.hasSuffix(".storyboard.html") ? String(name.dropLast(".storyboard.html".count)) : nil
            })
        #expect(storyboards.count >= 5, "\(storyboards)")
        var linked = 0
        for page in pages where page.path.hasSuffix(".storyboard.html") {
            let html = try String(contentsOf: output.appendingPathComponent(page.path), encoding: .utf8)
            linked += html.components(separatedBy: "storyboard reference <a class=\"reference\"").count - 1
            for chunk in html.components(separatedBy: "storyboard reference <code>").dropFirst() {
                let name = String(chunk.prefix { $0 != "<" && $0 != " " })
                #expect(!storyboards.contains(name), "\(page.path): reference to \(name) is in the site but not linked")
            }
        }
        #expect(linked > 0, "AltStore's storyboards refer to each other")
    }
}
