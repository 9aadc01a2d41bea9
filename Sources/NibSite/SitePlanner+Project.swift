import Foundation
import NibCheck
import NibDiagrams
import NibModel
import NibParsing

/// The project's home page: what the inputs hold, and the app map.
extension SitePlanner {
    /// `--title`, else the name of the first input folder (a file input: its folder's name).
    var projectTitle: String {
        if let title = settings.title, !title.isEmpty { return title }
        guard let first = settings.inputs.first else { return "nibviz" }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: first.path, isDirectory: &isFolder), isFolder.boolValue,
            InputClassifier.kind(of: first) == nil
        {
            return first.standardizedFileURL.lastPathComponent
        }
        return first.standardizedFileURL.deletingLastPathComponent().lastPathComponent
    }

    /// A root-relative href of `site/pages/index.md` as seen from `concepts/index.html`.
    static func relocated(_ href: String) -> String {
        if href.hasPrefix("concepts/") { return String(href.dropFirst("concepts/".count)) }
        return "../" + href
    }

    /// `index.md`'s HTML moved one folder down: every relative `href`/`src` is rebased.
    static func relocatedLinks(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let range = rest.range(of: #"(href|src)=""#, options: .regularExpression) {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = String(rest[..<end])
            let absolute =
                value.isEmpty || value.hasPrefix("#") || value.hasPrefix("/") || value.contains("://") || value.hasPrefix("mailto:")
            out += absolute ? value : relocated(value)
            rest = rest[end...]
        }
        return out + rest
    }

    /// The storyboards of the project, for the app map and reference links, in document order
    /// (`storyboards` keeps them).
    var projectStoryboards: [(record: Int, entry: AppMapDiagram.Storyboard)] {
        content.documents.enumerated().compactMap { index, document in
            guard case .success(let graph) = document.graph, graph.isStoryboard else { return nil }
            return (index, AppMapDiagram.Storyboard(key: document.relative, graph: graph))
        }
    }

    func planHomePage() {
        guard hasProject else { return }
        let paths = sceneIndex.documentPaths
        let scenePaths = Dictionary(
            content.documents.enumerated().map { ($1.relative, sceneIndex.paths[$0] ?? [:]) }, uniquingKeysWith: { first, _ in first })
        let pathOf = Dictionary(zip(content.documents.map(\.relative), paths), uniquingKeysWith: { first, _ in first })
        var storyboardCount = 0
        var xibCount = 0
        var compiledCount = 0
        var sceneCount = 0
        var classes = Set<String>()
        var severities: [Diagnostic.Severity: Int] = [:]
        for document in content.documents {
            guard case .success(let graph) = document.graph else { continue }
            if graph.format != .document {
                compiledCount += 1
            } else if graph.isStoryboard {
                storyboardCount += 1
            } else {
                xibCount += 1
            }
            sceneCount += graph.isStoryboard ? graph.scenes.count : 0
            classes.formUnion(graph.objects.compactMap(\.appClass))
            for diagnostic in graph.diagnostics { severities[diagnostic.severity, default: 0] += 1 }
        }
        let unreadable = content.documents.filter { (try? $0.graph.get()) == nil }.count
        let count = Self.counted
        var html = PageContent("<p class=\"lead\">")
        html += [
            count(storyboardCount, "storyboard"), count(xibCount, "xib"), count(compiledCount, "compiled nib"), count(sceneCount, "scene"),
            "<a href=\"classes/index.html\">" + count(classes.count, "custom class")
                + "</a>",
        ].joined(separator: " · ")
        html += "</p><dl class=\"facts\">"
        html += "<dt>Document problems</dt><dd>" + documentProblems(severities, paths: paths) + "</dd>"
        html += "<dt>Check findings</dt><dd>" + checkSummary() + "</dd>"
        html += "<dt>Unreadable documents</dt><dd>\(unreadable)</dd>"
        let scenarios = content.scenarios.filter { $0.name.hasPrefix("user/") }.count
        if scenarios > 0 { html += "<dt>Scenarios</dt><dd>\(scenarios)</dd>" }
        html += "</dl>"
        let boards = storyboards
        if !boards.isEmpty {
            html +=
                "<h2 id=\"app-map\">App map</h2><p>Every storyboard is a box of its scenes; arrows are segues and relationships, and a segue into a storyboard reference is drawn to the scene it opens. Click a scene or a storyboard to open its page.</p>"
            let links = AppMapDiagram.Links(
                storyboard: { key in pathOf[key].map(HTMLEscaping.urlPath) },
                scene: { key, scene in scenePaths[key]?[scene].map(HTMLEscaping.urlPath) })
            html += figure(
                dot: AppMapDiagram.dot(boards.map(\.entry), links: links), caption: "App map", kind: .flow, name: "app-map",
                page: "index.html")
        }
        html += sourcesSummary()
        html += "<h2 id=\"documents\">Documents</h2>"
        html += documentList(paths: paths)
        html +=
            "<h2 id=\"concepts\">How nibs load</h2><p>The <a href=\"concepts/index.html\">concept pages</a> explain what the diagrams of this site show: how UIKit and AppKit load nibs and storyboards, connect outlets and drive view controllers, each step citing its <a href=\"rules.html\">rule</a>.</p>"
        var page = SitePage(
            path: "index.html", title: projectTitle, breadcrumbs: [("Home", nil)], content: html, section: "project")
        page.summary = "\(projectTitle): \(count(storyboardCount, "storyboard")), \(count(xibCount, "xib")), \(count(sceneCount, "scene"))"
        pages.append(page)
    }

    /// The home page's count of what reading the documents reported (their own diagnostics, not
    /// `check`'s findings), and the documents whose Diagnostics section lists them.
    func documentProblems(_ severities: [Diagnostic.Severity: Int], paths: [String]) -> String {
        var text = Self.severityCounts(severities[.error] ?? 0, severities[.warning] ?? 0, severities[.note] ?? 0)
        text += " reported while reading the documents"
        let listed = zip(content.documents, paths).compactMap { document, path -> String? in
            guard case .success(let graph) = document.graph, !graph.diagnostics.isEmpty else { return nil }
            return
                "<a href=\"\(HTMLEscaping.urlPath(path))#diagnostics\">\(HTMLEscaping.escape(PagePath.lastComponent(document.relative)))</a> (\(graph.diagnostics.count))"
        }
        guard !listed.isEmpty else { return text }
        let shown = listed.prefix(8).joined(separator: ", ")
        return text + "; listed under Diagnostics on each document's page: " + shown
            + (listed.count > 8 ? " and \(listed.count - 8) more" : "")
    }

    /// The home page's count of `check`'s findings against the app's sources (the Sources
    /// section has them), or why there are none.
    func checkSummary() -> String {
        guard let sources = content.sources else {
            return
                "not run: build the site with <code>--sources</code> (or <code>sources:</code> in <code>.nibviz.yml</code>) to check the documents against the app's code"
        }
        return "<a href=\"#sources\">" + Self.checkCounts(sources.findings)
            + "</a> from <code>nibviz check</code> against the app's sources"
    }

    /// `N errors, M warnings, K notes` of `check`'s findings.
    static func checkCounts(_ findings: [CheckFinding]) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        return severityCounts(errors, warnings, findings.count - errors - warnings)
    }

    static func severityCounts(_ errors: Int, _ warnings: Int, _ notes: Int) -> String {
        [counted(errors, "error"), counted(warnings, "warning"), counted(notes, "note")].joined(separator: ", ")
    }

    /// `1 scene`, `2 scenes`, `3 custom classes`: a count and its noun, plural when it is not one.
    static func counted(_ count: Int, _ noun: String) -> String {
        guard count != 1 else { return "1 \(noun)" }
        return "\(count) \(noun)" + (noun.hasSuffix("s") ? "es" : "s")
    }

    /// Storyboards with their scenes, then the other documents, each linking to its page.
    func documentList(paths: [String]) -> String {
        var html = "<ul class=\"documents\">"
        for (document, path) in zip(content.documents, paths) {
            let href = HTMLEscaping.urlPath(path)
            html += "<li><a href=\"\(href)\">\(HTMLEscaping.escape(document.relative))</a>"
            switch document.graph {
            case .failure(let error):
                html += " <span class=\"error\">could not be read</span>: <code>\(HTMLEscaping.escape(error.description))</code>"
            case .success(let graph):
                html +=
                    " <span class=\"muted\">\(graph.platform.rawValue) \(graph.isStoryboard ? "storyboard, " + Self.counted(graph.scenes.count, "scene") : graph.format == .document ? "xib" : "compiled nib")</span>"
            }
            html += "</li>"
        }
        return html + "</ul>"
    }
}
