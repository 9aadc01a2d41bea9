import Foundation
import NibModel

extension SiteBuilder {
    func planPages() throws {
        planConceptPages()
        planRulesPage()
        planScenarioPages()
        planDocumentPages()
        planClassesPage()
    }

    static func conceptPath(_ source: String) -> String {
        let base = String(source.dropLast(3)).split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/")
        return base == "index" ? "index.html" : "concepts/\(base).html"
    }

    func planConceptPages() {
        var hasIndex = false
        for (source, markdown) in conceptPages {
            let path = Self.conceptPath(source)
            if path == "index.html" { hasIndex = true }
            var content = markdown.html
            var named: [String: SiteTimeline] = [:]
            for (index, directive) in markdown.directives.enumerated() {
                content = content.replacingOccurrences(
                    of: MarkdownPage.slotMarker(index), with: directiveHTML(directive, named: &named, pagePath: path))
            }
            if markdown.headings.count >= 3 {
                let items = markdown.headings.map { "<li><a href=\"#\($0.id)\">\(HTMLEscaping.escape($0.text))</a></li>" }.joined()
                content = "<nav class=\"toc\" aria-label=\"On this page\"><h2>On this page</h2><ul>\(items)</ul></nav>" + content
            }
            let crumbs: [(String, String?)] =
                path == "index.html" ? [("Home", nil)] : [("Home", "index.html"), ("Concepts", "index.html"), (markdown.title, nil)]
            var page = SitePage(path: path, title: markdown.title, breadcrumbs: crumbs, content: content, section: "concepts")
            page.summary = Self.firstParagraph(markdown.html)
            page.searchTerms = markdown.headings.map { ("section", $0.text, $0.id) }
            pages.append(page)
        }
        if !hasIndex {
            let list = conceptPages.map { "<li><a href=\"\(Self.conceptPath($0.source))\">\(HTMLEscaping.escape($0.page.title))</a></li>" }
                .joined()
            pages.append(
                SitePage(
                    path: "index.html", title: "nibviz", breadcrumbs: [("Home", nil)], content: "<ul>\(list)</ul>", section: "concepts"))
        }
    }

    func directiveHTML(_ directive: MarkdownPage.Directive, named: inout [String: SiteTimeline], pagePath: String) -> String {
        let root = String(repeating: "../", count: pagePath.split(separator: "/").count - 1)
        switch directive {
        case .timeline(let name, let caption, let lines):
            // The specification's lines, unless the simulator ran a scenario of that name: then
            // its timeline is shown, with a note when it departs from the written sequence.
            let written = SiteTimeline(canonicalLines: lines)
            let scenario = scenario(named: name)
            let timeline = scenario?.run.timeline ?? written
            named[name] = timeline
            let title = caption.isEmpty ? name : caption
            var html = "<section class=\"embedded-timeline\" aria-label=\"\(HTMLEscaping.escape(title))\">"
            html += "<p class=\"embed-title\"><strong>\(HTMLEscaping.escape(title))</strong>"
            if let scenario {
                html += " · simulated from <a href=\"\(root + scenario.path)\">scenario \(HTMLEscaping.escape(scenario.shortName))</a>"
            }
            html += "</p>"
            if scenario?.run.timeline != nil, timeline.events.map(\.line) != written.events.map(\.line) {
                html +=
                    "<p class=\"note\">The simulated run differs from the sequence written in this page (\(written.events.count) lines written, \(timeline.events.count) simulated).</p>"
                progress.note("warning: \(pagePath): timeline \(name) differs from scenario \(scenario?.shortName ?? name)")
            }
            html += timelineHTML(timeline, name: name, withLifecycle: true) + "</section>"
            return html
        case .scenario(let name):
            guard let scenario = scenario(named: name) else {
                return "<p class=\"note\">Scenario <code>\(HTMLEscaping.escape(name))</code> is not in this build.</p>"
            }
            var html =
                "<section class=\"embedded-timeline\"><p class=\"embed-title\"><strong>Scenario <a href=\"\(root + scenario.path)\">\(HTMLEscaping.escape(scenario.shortName))</a></strong>: \(HTMLEscaping.escape(scenario.run.title))</p>"
            if let timeline = scenario.run.timeline {
                named[name] = timeline
                html += timelineHTML(timeline, name: name, withLifecycle: true)
            } else {
                html += "<p class=\"note\">\(HTMLEscaping.escape(scenario.run.notes.joined(separator: "; ")))</p>"
            }
            return html + "</section>"
        case .diagram(let kind, let name):
            guard let timeline = named[name] ?? scenario(named: name)?.run.timeline else {
                return "<p class=\"note\">No timeline named <code>\(HTMLEscaping.escape(name))</code> for this diagram.</p>"
            }
            return figure(dot: services.timelineDOT(kind, timeline, name), caption: "\(name): \(kind.rawValue)", kind: kind, name: name)
        case .unknown(let text):
            return "<p class=\"note\">Unknown directive <code>\(HTMLEscaping.escape(text))</code>.</p>"
        }
    }

    /// The text of the first paragraph, for the page description and search.
    static func firstParagraph(_ html: String) -> String {
        guard let open = html.range(of: "<p>"), let close = html.range(of: "</p>", range: open.upperBound..<html.endIndex) else {
            return ""
        }
        let text = HTMLText.strippingTags(String(html[open.upperBound..<close.lowerBound])).replacingOccurrences(of: "\n", with: " ")
        return text.count > 200 ? String(text.prefix(197)) + "…" : text
    }

    func scenario(named name: String) -> ScenarioEntry? {
        scenarios.first { $0.shortName == name || $0.name == name } ?? scenarios.first { $0.shortName == name + "-a" }
    }

    /// The timeline as a table plus its diagrams.
    func timelineHTML(_ timeline: SiteTimeline, name: String, withLifecycle: Bool) -> String {
        var rows = ""
        let hasPhases = timeline.events.contains { $0.phase != nil }
        for (index, event) in timeline.events.enumerated() {
            let receiver = event.receiver.map { "<code>\(HTMLEscaping.escape($0))</code>" } ?? ""
            let what: String
            switch event.kind {
            case .message: what = "<code>\(HTMLEscaping.escape(event.selector ?? ""))</code>"
            default: what = "<span class=\"kind\">\(event.kind.rawValue.uppercased())</span> \(HTMLEscaping.escape(event.detail))"
            }
            let detail = event.kind == .message ? HTMLEscaping.escape(event.detail) : ""
            let rule = event.ruleID ?? ""
            let phase = event.phase.map { HTMLEscaping.escape($0) } ?? ""
            rows +=
                "<tr class=\"ev-\(event.kind.rawValue)\"><td>\(index + 1)</td><td>\(receiver)</td><td>\(what)</td><td>\(detail)</td>\(hasPhases ? "<td>\(phase)</td>" : "")<td>\(rule)</td></tr>"
        }
        let phaseHeader = hasPhases ? "<th scope=\"col\">Phase</th>" : ""
        var html =
            "<div class=\"table-scroll\"><table class=\"timeline\"><thead><tr><th scope=\"col\">#</th><th scope=\"col\">Receiver</th><th scope=\"col\">Event</th><th scope=\"col\">Arguments</th>\(phaseHeader)<th scope=\"col\">Rule</th></tr></thead><tbody>\(rows)</tbody></table></div>"
        html += "<div class=\"figures\">"
        if timeline.events.count > Self.timelineDiagramLimit {
            html += "<p class=\"note\">\(timeline.events.count) events: too many for a readable diagram; the table above has them all.</p>"
        } else {
            html += figure(dot: services.timelineDOT(.timeline, timeline, name), caption: "\(name): timeline", kind: .timeline, name: name)
        }
        if withLifecycle && !timeline.transitions.isEmpty {
            html += figure(
                dot: services.timelineDOT(.lifecycle, timeline, name), caption: "\(name): view states (numbered transitions)",
                kind: .lifecycle, name: name)
        }
        return html + "</div>"
    }

    /// Timelines longer than this are shown as a table only (a layout of thousands of events is
    /// slow and unreadable).
    static let timelineDiagramLimit = 200

    func planRulesPage() {
        var html =
            "<p>Every rule of the nib loading specification, with its grounding tags (<code>[DOC]</code> Apple documentation, <code>[SEED]</code> seed notes, <code>[OBS]</code> observed, <code>[REF]</code> re-implementations, <code>[SIM]</code> simulator convention) and where the concept pages discuss it.</p>"
        var currentSection = ""
        for rule in rules {
            if rule.section != currentSection {
                if !currentSection.isEmpty { html += "</dl>" }
                currentSection = rule.section
                html += "<h2 id=\"\(HTMLEscaping.slug(rule.section))\">\(HTMLEscaping.escape(rule.section))</h2><dl class=\"rules\">"
            }
            html +=
                "<dt id=\"\(rule.id)\"><code>\(rule.id)</code> <span class=\"tags\">\(HTMLEscaping.escape(rule.tags))</span></dt><dd>\(HTMLEscaping.escape(rule.summary))RULEBACKLINKS:\(rule.id):END</dd>"
        }
        if !currentSection.isEmpty { html += "</dl>" }
        var page = SitePage(
            path: "rules.html", title: "Rule index", breadcrumbs: [("Home", "index.html"), ("Rule index", nil)], content: html,
            section: "rules")
        page.summary = "Every R- rule of the nib loading specification"
        page.searchTerms = rules.map { ("rule", "\($0.id) \($0.summary)", $0.id) }
        pages.append(page)
    }

    func planScenarioPages() {
        var groups: [String: [ScenarioEntry]] = [:]
        for scenario in scenarios {
            let group = scenario.name.split(separator: "/").dropLast().joined(separator: "/")
            groups[group.isEmpty ? "other" : group, default: []].append(scenario)
            let root = String(repeating: "../", count: scenario.path.split(separator: "/").count - 1)
            var html =
                "<p>\(HTMLEscaping.escape(scenario.run.title)) · platform <code>\(HTMLEscaping.escape(scenario.run.platform))</code></p>"
            for note in scenario.run.notes { html += "<p class=\"note\">\(HTMLEscaping.escape(note))</p>" }
            if let timeline = scenario.run.timeline {
                html += "<h2 id=\"timeline\">Timeline</h2>" + timelineHTML(timeline, name: scenario.shortName, withLifecycle: false)
                if !timeline.transitions.isEmpty {
                    html +=
                        "<h2 id=\"lifecycle\">View states</h2>"
                        + figure(
                            dot: services.timelineDOT(.lifecycle, timeline, scenario.shortName),
                            caption: "\(scenario.shortName): view state machine, path taken", kind: .lifecycle, name: scenario.shortName)
                }
            }
            html += "<h2 id=\"source\">Scenario source</h2><pre class=\"source\"><code>\(HTMLEscaping.escape(scenario.source))</code></pre>"
            _ = root
            var page = SitePage(
                path: scenario.path, title: scenario.shortName,
                breadcrumbs: [("Home", "index.html"), ("Scenarios", "scenarios/index.html"), (scenario.shortName, nil)], content: html,
                section: "scenarios")
            page.summary = scenario.run.title
            page.searchTerms = (scenario.run.timeline?.events ?? []).compactMap { $0.selector }.uniqued().map {
                ("selector", $0, "timeline")
            }
            pages.append(page)
        }
        var html =
            scenarios.isEmpty
            ? "<p>No scenario files in this build (<code>site/scenarios/</code> is empty).</p>"
            : "<p>Scripted runs of the simulator: the SPEC golden sequences and the seed documents' demos. Each page shows the timeline as a table and as diagrams, and the scenario source.</p>"
        for group in groups.keys.sorted() {
            html += "<h2 id=\"\(HTMLEscaping.slug(group))\">\(HTMLEscaping.escape(group))</h2><ul class=\"columns\">"
            for scenario in groups[group] ?? [] {
                html +=
                    "<li><a href=\"../\(scenario.path)\">\(HTMLEscaping.escape(scenario.shortName))</a> <span class=\"muted\">\(HTMLEscaping.escape(scenario.run.title))</span></li>"
            }
            html += "</ul>"
        }
        pages.append(
            SitePage(
                path: "scenarios/index.html", title: "Scenarios", breadcrumbs: [("Home", "index.html"), ("Scenarios", nil)], content: html,
                section: "scenarios"))
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
