import Foundation
import NibModel

extension SitePlanner {
    func planScenarioPages() {
        var groups: [String: [SiteContent.ScenarioRecord]] = [:]
        for scenario in content.scenarios {
            let group = scenario.name.split(separator: "/").dropLast().joined(separator: "/")
            groups[group.isEmpty ? "other" : group, default: []].append(scenario)
            let path = scenarioPath(scenario)
            var body = PageContent(
                "<p>\(HTMLEscaping.escape(scenario.title)) · platform <code>\(HTMLEscaping.escape(scenario.platform))</code></p>")
            for note in scenario.notes { body += "<p class=\"note\">\(HTMLEscaping.escape(note))</p>" }
            if let timeline = scenario.timeline {
                body += "<h2 id=\"timeline\">Timeline</h2>"
                body += timelineContent(
                    timeline, level: timeline.traceLevel, name: scenario.shortName, withLifecycle: false, pagePath: path)
                if !timeline.transitions.isEmpty {
                    body += "<h2 id=\"lifecycle\">View states</h2>"
                    body += lifecycleFigure(
                        timeline, name: scenario.shortName,
                        caption: "\(scenario.shortName): view state machine, path taken (#n is the timeline's row)", pagePath: path,
                        tableIndices: Self.tableIndices(timeline, at: timeline.traceLevel))
                }
            }
            body += "<h2 id=\"source\">Scenario source</h2><pre class=\"source\"><code>\(HTMLEscaping.escape(scenario.source))</code></pre>"
            var page = SitePage(
                path: path, title: scenario.shortName,
                breadcrumbs: [("Home", "index.html"), ("Scenarios", "scenarios/index.html"), (scenario.shortName, nil)], content: body,
                section: "scenarios")
            page.summary = scenario.title
            page.searchTerms = (scenario.timeline?.visibleEvents(at: scenario.timeline?.traceLevel ?? .l1) ?? []).compactMap(\.selector)
                .uniqued().map { ("selector", $0, "timeline") }
            pages.append(page)
        }
        var html =
            content.scenarios.isEmpty
            ? "<p>No scenario files in this build (<code>site/scenarios/</code> is empty).</p>"
            : "<p>Scripted runs of the simulator: the SPEC golden sequences and the seed documents' demos. Each page shows the timeline as a table and as diagrams, and the scenario source.</p>"
        for group in groups.keys.sorted() {
            html += "<h2 id=\"\(HTMLEscaping.slug(group))\">\(HTMLEscaping.escape(group))</h2><ul class=\"columns\">"
            for scenario in groups[group] ?? [] {
                html +=
                    "<li><a href=\"../\(HTMLEscaping.urlPath(scenarioPath(scenario)))\">\(HTMLEscaping.escape(scenario.shortName))</a> <span class=\"muted\">\(HTMLEscaping.escape(scenario.title))</span></li>"
            }
            html += "</ul>"
        }
        pages.append(
            SitePage(
                path: "scenarios/index.html", title: "Scenarios", breadcrumbs: [("Home", "index.html"), ("Scenarios", nil)],
                content: PageContent(html), section: "scenarios"))
    }
}
