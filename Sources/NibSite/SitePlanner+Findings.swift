import Foundation
import NibCheck
import NibModel

/// `check`'s findings on the pages of a site built with the app's sources: each document and
/// scene page lists the findings located in it (computed once by NibCheck, never here), the
/// home page sums them up and lists those located in source files.
extension SitePlanner {
    /// The trace level document and scene timelines are shown at: L1 with a class table from
    /// the sources (only the methods the app's classes override, and the exceptions), else L2.
    var shownLevel: TraceLevel { content.hasClassTable ? .l1 : SiteContent.documentLevel }

    /// The findings of document `number` located in `scene`: from the scene's line to the next
    /// scene's (a storyboard's scenes are consecutive elements in document order).
    func findings(document number: Int, scene: Scene, graph: NibGraph) -> [CheckFinding] {
        let starts = graph.scenes.map(\.line).sorted()
        let end = starts.first { $0 > scene.line } ?? Int.max
        return document(number).findings.filter { $0.line >= scene.line && $0.line < end }
    }

    /// The scene a finding of a storyboard lies in, nil before the first scene.
    static func scene(of finding: CheckFinding, in graph: NibGraph) -> Scene? {
        graph.scenes.filter { $0.line <= finding.line }.max { $0.line < $1.line }
    }

    /// The "Check findings" section: nothing without sources, else every finding (or "None").
    /// `sceneLink` gives the page of the scene a finding lies in, for a storyboard's list.
    func findingsSection(
        _ findings: [CheckFinding], root: String, sceneLink: ((CheckFinding) -> (href: String, title: String)?)? = nil
    ) -> String {
        guard content.hasClassTable else { return "" }
        var html =
            "<h2 id=\"check\">Check findings</h2><p>What <code>nibviz check</code> finds against the app's sources here: what the app would meet at run time (<a href=\"\(root)rules.html#R-CHK-1\">R-CHK</a>).</p>"
        guard !findings.isEmpty else { return html + "<p>None.</p>" }
        html += "<ul class=\"diagnostics findings\">"
        for finding in findings {
            html += "<li class=\"\(finding.severity.rawValue)\">" + Self.findingText(finding, root: root)
            if let link = sceneLink?(finding) { html += " · scene <a href=\"\(link.href)\">\(HTMLEscaping.escape(link.title))</a>" }
            html += "</li>"
        }
        return html + "</ul>"
    }

    /// `file:line:col: error: message [R-CHK-n]` and the source declaration, escaped.
    static func findingText(_ finding: CheckFinding, root: String) -> String {
        let message = finding.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        var html =
            "<code>\(HTMLEscaping.escape(finding.location.description))</code>: <strong>\(finding.severity.rawValue)</strong>: \(HTMLEscaping.escape(message)) <a href=\"\(root)rules.html#\(HTMLEscaping.percentEncoded(finding.rule))\">\(HTMLEscaping.escape(finding.rule))</a>"
        if let source = finding.sourceLocation {
            html +=
                " <span class=\"muted\">(\(HTMLEscaping.escape(finding.sourceNote ?? "declared here")): <code>\(HTMLEscaping.escape(source.description))</code>)</span>"
        }
        return html
    }

    /// Search entries for findings: their message (the runtime's text included) and rule.
    static func findingTerms(_ findings: [CheckFinding]) -> [(kind: String, text: String, anchor: String?)] {
        findings.map { ("finding", $0.rule + " " + $0.message.split(whereSeparator: \.isNewline).joined(separator: " "), "check") }
    }

    /// The home page's lines about the sources: the class table, resolution, findings by severity,
    /// and the findings located in source files.
    func sourcesSummary() -> String {
        guard let sources = content.sources else { return "" }
        let stats = sources.statistics
        func percent(_ tally: Checker.Statistics.Tally) -> String {
            "\(tally.found) of \(tally.total) (\(String(format: "%.0f", tally.percentFound)) %)"
        }
        var html = "<h2 id=\"sources\">Sources</h2><dl class=\"facts\">"
        html +=
            "<dt>Class table</dt><dd>\(sources.classCount) classes from \(sources.swiftFileCount) Swift and \(sources.objcFileCount) Objective-C files: the simulations of this site use it (R-SRC-1…4)</dd>"
        html += "<dt>Outlets resolved</dt><dd>\(percent(stats.outlets))</dd>"
        html += "<dt>Actions resolved</dt><dd>\(percent(stats.actions))</dd>"
        html += "<dt>Custom classes found</dt><dd>\(percent(stats.customClasses))</dd>"
        html +=
            "<dt>Check findings</dt><dd>\(Self.checkCounts(sources.findings)) from <code>nibviz check</code>; each document and scene page lists its own</dd></dl>"
        if !sources.codeFindings.isEmpty {
            html += "<h3 id=\"code-findings\">Findings in the sources</h3><ul class=\"diagnostics findings\">"
            html += sources.codeFindings.map { "<li class=\"\($0.severity.rawValue)\">" + Self.findingText($0, root: "") + "</li>" }
                .joined()
            html += "</ul>"
        }
        return html
    }
}
