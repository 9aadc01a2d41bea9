import Foundation
import NibModel
import NibTestSupport

@testable import NibSite
@testable import NibSiteBuild

/// Builds sites into temporary folders from real fixture documents through the real parser,
/// simulator, NibDiagrams and Graphviz (in this process).
enum SiteFixtures {
    static var siteRoot: URL { TestPaths.packageRoot.appendingPathComponent("site") }
    static var fixtures: URL { TestPaths.packageRoot.appendingPathComponent("Tests/NibSiteTests/__Fixtures__") }

    static func temporaryDirectory(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-tests-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of the site's embedded sources (pages, assets, data, scenarios) at `root`, for a
    /// test that adds a page of its own.
    static func copySiteRoot(to root: URL) throws {
        for folder in ["pages", "assets", "data", "scenarios"] {
            try FileManager.default.copyItem(at: siteRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
    }

    /// Writes input documents: `Card.xib`, `nested/Other View.xib` (both the iOS fixture),
    /// `nested/Swatch.xib` (macOS) and, when asked, `bad.xib`.
    static func inputs(in directory: URL, includeBad: Bool) -> URL {
        let folder = directory.appendingPathComponent("project")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        let copies = [("Card.xib", "Card.xib"), ("Card.xib", "nested/Other View.xib"), ("Swatch.xib", "nested/Swatch.xib")]
        for (source, target) in copies {
            try? FileManager.default.copyItem(at: fixtures.appendingPathComponent(source), to: folder.appendingPathComponent(target))
        }
        if includeBad {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("bad.xib").path, contents: Data("nope".utf8))
        }
        return folder
    }

    static func build(output: URL, cache: URL?, inputs: [URL] = [], siteRoot: URL = siteRoot) throws -> SiteReport {
        let options = SiteOptions(
            siteRoot: siteRoot, inputs: inputs, output: output, cacheDirectory: cache, useCache: cache != nil, version: "test",
            showProgress: false, logSteps: false)
        return try SiteBuilder(options: options, backend: InProcessBackend()).build()
    }

    /// Dates every file under `folder` a minute back, as a checkout's files are: a build keeps
    /// a file's digest, and a document's summary, only once its bytes have stood still for two
    /// seconds (an edit within the same clock tick would look unchanged).
    static func dateBack(_ folder: URL) throws {
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        for file in files {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: folder.appendingPathComponent(file).path)
        }
    }

    /// Copies the fixture project into `directory/App`: two storyboards joined by a storyboard
    /// reference (`App/Main.storyboard`, `App/Settings.storyboard`) and `Views/Card.xib`.
    static func appProject(in directory: URL) throws -> URL {
        let app = directory.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Views"), withIntermediateDirectories: true)
        for file in ["Main.storyboard", "Settings.storyboard"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("App/" + file), to: app.appendingPathComponent(file))
        }
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Card.xib"), to: app.appendingPathComponent("Views/Card.xib"))
        return app
    }

    /// Every file under `root` as relative path → bytes.
    static func snapshot(_ root: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return out
    }
}

/// An independent link walk over a built site (not the build's own `LinkChecker`): every
/// `href`, `src` and `xlink:href` of every page, including inline SVG, must name a file that
/// exists and, with a fragment, an `id` on that page.
enum LinkWalk {
    static func broken(in root: URL) throws -> [String] {
        let pages = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        let reference = try NSRegularExpression(pattern: "\\s(?:xlink:href|href|src)=\"([^\"]*)\"")
        let identifier = try NSRegularExpression(pattern: "\\sid=\"([^\"]*)\"")
        var ids: [String: Set<String>] = [:]
        var texts: [String: String] = [:]
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            texts[page] = text
            ids[page] = Set(matches(identifier, in: text).map(entities))
        }
        var broken: [String] = []
        for page in pages.sorted() {
            for raw in matches(reference, in: texts[page] ?? "") {
                let link = entities(raw)
                if link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("data:") { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].removingPercentEncoding ?? parts[0]
                let target =
                    file.isEmpty
                    ? page
                    : URL(fileURLWithPath: "/" + page).deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL.path
                        .dropFirst().description
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path) else {
                    broken.append("\(page) -> \(link)")
                    continue
                }
                if parts.count == 2, !parts[1].isEmpty, target.hasSuffix(".html"),
                    ids[target]?.contains(parts[1].removingPercentEncoding ?? parts[1]) != true
                {
                    broken.append("\(page) -> \(link) (no such anchor)")
                }
            }
        }
        return broken
    }

    static func matches(_ expression: NSRegularExpression, in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static func entities(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
