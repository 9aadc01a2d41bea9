import Foundation
import NibDiagrams
import NibModel

extension SitePlanner {
    /// Timelines longer than this are shown as a table only (a layout of thousands of events is
    /// slow and unreadable).
    static let timelineDiagramLimit = 200

    /// Links for a diagram drawn on `pagePath`: rules to their entry on the rule index, objects
    /// and scenes to their rows when the page has them (`anchors`), nothing otherwise.
    func diagramOptions(pagePath: String, objects: Set<String> = [], scenes: Set<String> = []) -> DiagramOptions {
        let root = PagePath.root(of: pagePath)
        let rules = ruleLinks
        let links = DiagramLinks { target in
            switch target {
            case .rule(let id): rules[id].map { root + $0 }
            case .object(let id): objects.contains(id) ? "#" + HTMLEscaping.objectFragment(id) : nil
            case .scene(let id): scenes.contains(id) ? "#" + HTMLEscaping.sceneFragment(id) : nil
            }
        }
        return DiagramOptions(theme: .light, links: links)
    }

    /// The timeline as a table plus its diagrams (timeline; lifecycle when asked and the run
    /// moved a view controller through its view states).
    /// `objects`: ids of the object rows on the page, for lane links. `own`: ids of the objects
    /// whose events the page is about (a scene's, in a run that shows other scenes too), marked.
    func timelineContent(
        _ timeline: Timeline, level: TraceLevel, name: String, withLifecycle: Bool, pagePath: String, objects: Set<String> = [],
        own: Set<String> = []
    ) -> PageContent {
        let tableIndices = Self.tableIndices(timeline, at: level)
        let events = timeline.events
        let rows = ByteText(capacity: 256 * tableIndices.count)
        let hasPhases = tableIndices.contains { events[$0].phase != nil }
        // Each row appended piece by piece as bytes, each event read in place: a storyboard's
        // launch table runs to hundreds of rows, on its document page and on its scenes'.
        for (row, index) in tableIndices.enumerated() {
            let kind = events[index].kind
            rows += "<tr class=\"ev-"
            rows += kind.rawValue
            if events[index].receiver?.id.map(own.contains) == true { rows += " ev-own" }
            rows += "\"><td>"
            rows.append(row + 1)
            rows += "</td><td>"
            if let receiver = events[index].receiver {
                rows += "<code>"
                HTMLEscaping.appendEscaped(receiver.label, to: rows)
                rows += "</code>"
            }
            rows += "</td><td>"
            if kind == .message {
                rows += "<code>"
                HTMLEscaping.appendEscaped(events[index].selector ?? "", to: rows)
                rows += "</code></td><td>"
                for (number, argument) in events[index].arguments.enumerated() {
                    if number > 0 { rows += " " }
                    HTMLEscaping.appendEscaped(argument.key, to: rows)
                    rows += "="
                    HTMLEscaping.appendEscaped(argument.value, to: rows)
                }
            } else {
                let line = events[index].line(at: level)
                let detail = line.drop { $0 != " " }.dropFirst()
                rows += "<span class=\"kind\">"
                rows += kind.rawValue.uppercased()
                rows += "</span> "
                HTMLEscaping.appendEscaped(String(detail), to: rows)
                rows += "</td><td>"
            }
            rows += "</td>"
            if hasPhases {
                rows += "<td>"
                if let phase = events[index].phase { HTMLEscaping.appendEscaped(phase.description, to: rows) }
                rows += "</td>"
            }
            rows += "<td>"
            HTMLEscaping.appendEscaped(events[index].rule, to: rows)
            rows += "</td></tr>"
        }
        let phaseHeader = hasPhases ? "<th scope=\"col\">Phase</th>" : ""
        var out: PageContent
        if tableIndices.isEmpty {
            // An empty table read as a failed run (MacPass: 26 of 46 documents at L1); the view
            // states, if any, are still drawn below.
            let why =
                level == .l1
                ? "at L1 a message is shown only when the app's sources implement it (R-CONV-7), and no class of this run overrides one it sends"
                : "the run sends no message at \(level)"
            out = PageContent(
                "<p class=\"note\">No event to show: \(why). <code>nibviz simulate</code> with <code>--trace L2</code> lists every message the framework sends.</p>"
            )
            guard withLifecycle && !timeline.transitions.isEmpty else { return out }
        } else {
            out = PageContent(
                "<div class=\"table-scroll\"><table class=\"timeline\"><thead><tr><th scope=\"col\">#</th><th scope=\"col\">Receiver</th><th scope=\"col\">Event</th><th scope=\"col\">Arguments</th>\(phaseHeader)<th scope=\"col\">Rule</th></tr></thead><tbody>\(rows.string)</tbody></table></div>"
            )
        }
        out += "<div class=\"figures\">"
        let options = diagramOptions(pagePath: pagePath, objects: objects)
        if tableIndices.count > Self.timelineDiagramLimit {
            out += "<p class=\"note\">\(tableIndices.count) events: too many for a readable diagram; the table above has them all.</p>"
        } else if !tableIndices.isEmpty {
            out += figure(
                dot: TimelineDiagram.dot(timeline, title: name, level: level, options: options), caption: "\(name): timeline",
                kind: .timeline, name: name, page: pagePath)
        }
        if withLifecycle && !timeline.transitions.isEmpty {
            let caption = tableIndices.isEmpty ? "numbered transitions" : "transitions numbered in order; #n is the table's row"
            out += lifecycleFigure(
                timeline, name: name, caption: "\(name): view states (\(caption))", pagePath: pagePath, tableIndices: tableIndices)
        }
        out += "</div>"
        return out
    }

    /// The indices in `timeline.events` of the rows of its table at `level`, in order: row `n`
    /// is the event at `[n - 1]` (the table and the view-state diagram's `#n` both read it).
    static func tableIndices(_ timeline: Timeline, at level: TraceLevel) -> [Int] {
        timeline.events.indices.filter { timeline.events[$0].isVisible(at: level) }
    }

    /// The view state machine of every controller of `timeline`, with the path taken; each
    /// transition names its cause's row in the table shown beside it, whose rows are the events
    /// at `tableIndices` (`tableIndices(_:at:)`; none: no table).
    func lifecycleFigure(_ timeline: Timeline, name: String, caption: String, pagePath: String, tableIndices: [Int] = [])
        -> PageBlock
    {
        var rows: [Int: Int] = [:]
        for (row, index) in tableIndices.enumerated() { rows[index] = row + 1 }
        return figure(
            dot: LifecycleDiagram.dot(timeline, title: name, rows: rows, options: diagramOptions(pagePath: pagePath)), caption: caption,
            kind: .lifecycle, name: name, page: pagePath)
    }
}
