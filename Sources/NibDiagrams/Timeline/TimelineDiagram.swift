import NibDOT
import NibModel

/// The `timeline` diagram: events in order, wrapped into rows that fit the legible width
/// (`TypeScale.legibleWidth`) instead of one long strip; in each row one lane per object, a
/// marker where each stage (load phase P1–P5, init, loadView, appear, unload, …) starts,
/// exceptions and crashes drawn as such, each event linked to the rule that produced it.
public enum TimelineDiagram {
    /// The most events drawn; the rest are summarised in one node (a diagram must stay legible).
    public static let eventLimit = 120

    /// The timeline diagram of `timeline`: the events its trace level shows (as the text
    /// timeline does), or those of `level` when given. With `graph`, objects are named as in
    /// every other diagram (`ObjectNaming`); the simulator's label stays in the tooltip.
    public static func dot(
        _ timeline: Timeline, title: String, level: TraceLevel? = nil, graph: NibGraph? = nil, options: DiagramOptions = DiagramOptions()
    ) -> String {
        DOTEncoder.encode(build(timeline, title: title, level: level, graph: graph, options: options))
    }

    /// The whole timeline (`timeline`) and, for a document `DocumentPartition` splits, one part
    /// per scene or top-level object drawn from its `PartTimeline` (the run that shows a scene,
    /// given the storyboard's `launch`); parts without events are left out.
    public static func parts(
        _ timeline: Timeline, title: String, level: TraceLevel? = nil, graph: NibGraph?, launch: StoryboardLaunch? = nil,
        options: DiagramOptions = DiagramOptions()
    ) -> [NamedDiagram] {
        var parts = [
            NamedDiagram(name: "timeline", title: title, dot: dot(timeline, title: title, level: level, graph: graph, options: options))
        ]
        guard let graph, let split = DocumentPartition.parts(graph, options: options) else { return parts }
        for part in split {
            let run = PartTimeline(part, in: timeline, launch: launch, platform: graph.platform)
            guard !run.timeline.visibleEvents(at: level ?? run.timeline.traceLevel).isEmpty else { continue }
            let dot = dot(run.timeline, title: run.title(title, part: part), level: level, graph: graph, options: options)
            parts.append(NamedDiagram(name: part.name, title: part.title, dot: dot))
        }
        return parts
    }

    static func build(_ timeline: Timeline, title: String, level: TraceLevel?, graph: NibGraph?, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let all = timeline.visibleEvents(at: level ?? timeline.traceLevel)
        let events = Array(all.prefix(eventLimit))
        var dot = DOTGraph(
            name: title + " timeline", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = TypeScale.titleLabel(title + " — \(all.count) event\(all.count == 1 ? "" : "s")")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-timeline")
        dot.attributes["ranksep"] = "0.25"
        dot.attributes["nodesep"] = "0.15"
        let objects = graph?.objectsByID ?? [:]
        let segments = TimelineSegment.segments(events)
        let segmentOf = segmentIndex(segments, count: events.count)
        // Each stage's class once, not once per event (a fifth of an event node's cost).
        let stageClasses = segments.map { TimelineSegment.stageClass($0.name) }
        let scratch = ByteText(capacity: 512)
        let eventStyles = EventStyles(style)
        let labels = events.enumerated().map { index, event in eventLabel(event, index: index, options: options, scratch: scratch) }
        let laneTitles = events.map { event in event.receiver.map { laneTitle($0, objects) } ?? "runtime" }
        let rows = rowRanges(
            events.indices.map { index in
                RowItem(
                    node: labels[index].width, lane: EventText.laneKey(events[index]),
                    laneTitle: textWidth(laneTitles[index], size: TypeScale.body),
                    stage: segmentOf[index], marker: textWidth(segments[segmentOf[index]].name, size: TypeScale.body) + 24)
            })
        var markers: [(name: String, event: Int)] = []
        for (rowNumber, row) in rows.enumerated() {
            let stages = segments.indices.filter { number in
                segments[number].last >= row.lowerBound && segments[number].first < row.upperBound
            }
            var box = DOTSubgraph("cluster_row_\(rowNumber)", style.attributes(.phase, classes: ["timeline-row"]))
            box.attributes["label"] = .text("events \(row.lowerBound + 1)–\(row.upperBound)")
            box.attributes["labeljust"] = "l"
            // A marker where each stage starts in this row (a stage running on from the row
            // before is marked again, so every row reads on its own).
            for number in stages {
                let segment = segments[number]
                let first = max(segment.first, row.lowerBound)
                let marker = "phase:\(number):\(rowNumber)"
                var attrs = style.attributes(.note, classes: ["phase-marker", stageClasses[number]])
                attrs["shape"] = "box"
                attrs["label"] = .text(first == segment.first ? segment.name : "… " + segment.name)
                // Unloads and reloads stand out (R-MEM-2, R-REL-1).
                switch segment.name {
                case "unload", "memory warning": attrs["fillcolor"] = .text(Palette.colors(.reference, dark: style.theme.drawsDark).fill)
                case "reload": attrs["fillcolor"] = .text(Palette.colors(.initial, dark: style.theme.drawsDark).fill)
                case "exception", "crash", "rejected":
                    attrs["fillcolor"] = .text(Palette.colors(.exception, dark: style.theme.drawsDark).fill)
                default: break
                }
                attrs["tooltip"] = .tooltip("\(segment.name): events \(segment.first + 1)–\(segment.last + 1)")
                box.append(.node(DOTNode(marker, attrs)))
                markers.append((marker, first))
            }
            // Lanes in order of first appearance in the row; the runtime lane (logs, exceptions) last.
            var laneOrder: [String] = []
            var laneEvents: [String: [Int]] = [:]
            for index in row {
                let key = EventText.laneKey(events[index])
                if laneEvents[key] == nil { laneOrder.append(key) }
                laneEvents[key, default: []].append(index)
            }
            laneOrder.sort { ($0 == "runtime" ? 1 : 0) < ($1 == "runtime" ? 1 : 0) }
            for (number, key) in laneOrder.enumerated() {
                let indices = laneEvents[key] ?? []
                let receiver = indices.first.flatMap { events[$0].receiver }
                var lane = DOTSubgraph("cluster_row_\(rowNumber)_lane_\(number)", style.attributes(.lane))
                lane.attributes["label"] = .text(
                    DOTEscaping.truncated(indices.first.map { laneTitles[$0] } ?? "runtime", limit: options.labelLimit))
                lane.attributes["labeljust"] = "l"
                if let id = receiver?.id, let link = options.link(.object(id)) { lane.attributes["href"] = link }
                for index in indices {
                    lane.append(
                        .node(
                            eventNodeValue(
                                events[index], index: index, label: labels[index].html, stageClass: stageClasses[segmentOf[index]],
                                options: options, scratch: scratch, styles: eventStyles)))
                }
                box.append(.subgraph(lane))
            }
            dot.append(.subgraph(box))
        }
        // Each stage marker shares the rank of its first event in the row.
        for (number, marker) in markers.enumerated() {
            dot.append(
                .subgraph(
                    DOTSubgraph(
                        "rank:\(number)", ["rank": "same"],
                        statements: [.node(DOTNode(marker.name)), .node(DOTNode(eventNode(marker.event)))])))
        }
        // Order: consecutive events joined left to right; the step to the next row does not
        // constrain the layout, so each row starts again at the left.
        // The two kinds of step, made once for every edge.
        var step = style.attributes(.sequence)
        step["arrowhead"] = "normal"
        step["arrowsize"] = "0.4"
        step["penwidth"] = "0.8"
        var stepToNextRow = step
        stepToNextRow["constraint"] = "false"
        stepToNextRow["style"] = "invis"
        let rowStarts = Set(rows.map(\.lowerBound))
        // Each event's node name made once, not once per edge end.
        let nodeNames = events.indices.map(eventNode)
        for index in events.indices.dropFirst() {
            dot.append(.edge(DOTEdge(nodeNames[index - 1], nodeNames[index], rowStarts.contains(index) ? stepToNextRow : step)))
        }
        if all.count > events.count {
            var attrs = style.attributes(.note, classes: ["truncated"])
            attrs["label"] = .text("… \(all.count - events.count) more events")
            dot.append(.node(DOTNode("more", attrs)))
            if !events.isEmpty {
                var edge = style.attributes(.sequence)
                edge["constraint"] = "false"
                edge["style"] = "invis"
                dot.append(.edge(DOTEdge(eventNode(events.count - 1), "more", edge)))
            }
        }
        return dot
    }

    /// A lane's title: the object's name (`ObjectNaming`) when the document has it, else the
    /// simulator's label with its class.
    static func laneTitle(_ receiver: EventObject, _ objects: [ObjectID: NibObject]) -> String {
        if let id = receiver.id, let object = objects[ObjectID(id)] { return ObjectNaming.short(object) }
        return EventText.laneTitle(receiver)
    }

    /// What an event adds to the width of its row, in points.
    struct RowItem {
        /// The event node's estimated width.
        var node: Double
        /// Its lane, and the width of the lane's title (drawn once per row).
        var lane: String
        var laneTitle: Double
        /// Its stage, and the width of the stage marker (drawn where the stage starts in a row).
        var stage: Int
        var marker: Double
    }

    /// Estimated width of `text` at `size` points in Helvetica (about 0.55 em per character).
    static func textWidth(_ text: String, size: Int) -> Double {
        Double(min(text.count, 48)) * Double(size) * 0.55
    }

    /// Rows of events that fit the legible width. All rows share Graphviz's ranks (columns),
    /// and a column is as wide as its widest node in any row, so every row gets the same
    /// number of events: the most whose widest-per-column sum fits. An event costs the widest
    /// of its node, its stage marker (where a stage starts in the row) and its lane's title
    /// (where the lane first appears in the row), plus the space to the next rank.
    static func rowRanges(_ items: [RowItem]) -> [Range<Int>] {
        guard !items.isEmpty else { return [] }
        let budget = TypeScale.legibleWidth - 150
        func rows(_ length: Int) -> [Range<Int>] {
            stride(from: 0, to: items.count, by: length).map { $0..<min($0 + length, items.count) }
        }
        // Each lane as a number, and the row each was last seen in: up to 16 row lengths are
        // tried, and a set of lane names per row per try was a tenth of drawing a timeline.
        var numbers: [String: Int] = [:]
        let lanes = items.map { item in
            if let known = numbers[item.lane] { return known }
            numbers[item.lane] = numbers.count
            return numbers.count - 1
        }
        var seenInRow = Array(repeating: -1, count: numbers.count)
        var rowCount = 0
        func width(_ length: Int) -> Double {
            var columns = Array(repeating: 0.0, count: length)
            for row in rows(length) {
                rowCount += 1
                for index in row {
                    let item = items[index]
                    var cost = item.node
                    if index == row.lowerBound || items[index - 1].stage != item.stage { cost = max(cost, item.marker) }
                    if seenInRow[lanes[index]] != rowCount {
                        seenInRow[lanes[index]] = rowCount
                        cost = max(cost, item.laneTitle + 24)
                    }
                    columns[index - row.lowerBound] = max(columns[index - row.lowerBound], cost + 28)
                }
            }
            return columns.reduce(0, +)
        }
        var length = min(items.count, 16)
        while length > 1, width(length) > budget { length -= 1 }
        return rows(length)
    }

    /// Events per row for groups that share columns (`InstantiationDiagram`): the most whose
    /// widest-per-column sum of `widths` fits the legible width less `reserve` (what else
    /// widens the drawing).
    static func columnCount(_ groups: [[Double]], reserve: Double = 0) -> Int {
        let budget = TypeScale.legibleWidth - 150 - reserve
        var length = min(groups.map(\.count).max() ?? 1, 16)
        while length > 1 {
            var columns = Array(repeating: 0.0, count: length)
            for group in groups {
                for (index, width) in group.enumerated() { columns[index % length] = max(columns[index % length], width + 28) }
            }
            if columns.reduce(0, +) <= budget { break }
            length -= 1
        }
        return max(length, 1)
    }

    static func eventNode(_ index: Int) -> String { "event:\(index + 1)" }

    private static func segmentIndex(_ segments: [TimelineSegment], count: Int) -> [Int] {
        var out = Array(repeating: 0, count: count)
        for (number, segment) in segments.enumerated() {
            for index in segment.first...segment.last where index < count { out[index] = number }
        }
        return out
    }

    /// An event's label and its estimated drawn width in points (node plus the space to the
    /// next rank), from the type scale: about 0.6 em per bold character, 0.55 em per detail one.
    ///
    /// Built in `scratch` (emptied first): every event of every timeline has a label.
    static func eventLabel(_ event: Event, index: Int, options: DiagramOptions, scratch: ByteText) -> (
        html: String, width: Double
    ) {
        let text = DOTEscaping.truncated(EventText.short(event), limit: min(options.labelLimit, 32))
        let html = scratch
        html.removeAll()
        TypeScale.appendDetailHTML(to: html) { $0.append(index + 1) }
        html += "<BR/><B>"
        DOTEscaping.appendHTML(text, to: html)
        html += "</B>"
        var widest = Double(TypeScale.characterCount(text)) * Double(TypeScale.body) * 0.6
        if event.kind == .message, !event.arguments.isEmpty {
            let args = event.arguments.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let lines = TypeScale.wrapped(args, width: 26, lines: 2)
            html += "<BR/>"
            TypeScale.appendDetailHTML(to: html) { html in
                for (number, line) in lines.enumerated() {
                    if number > 0 { html += "<BR/>" }
                    DOTEscaping.appendHTML(line, to: html)
                }
            }
            widest = max(widest, Double(lines.map(TypeScale.characterCount).max() ?? 0) * Double(TypeScale.detail) * 0.55)
        }
        return (html.string, max(widest, 24) + 18)
    }

    /// Event nodes' style attributes by role, stage and kind, each made once per diagram: a
    /// timeline has a few of them, and a class list per event was a sixth of drawing it.
    final class EventStyles {
        struct Key: Hashable {
            var role: StyleRole
            var stage: String
            var kind: Event.Kind
        }
        let style: DiagramStyle
        var made: [Key: DOTAttributes] = [:]

        init(_ style: DiagramStyle) { self.style = style }

        func attributes(_ role: StyleRole, stage: String, kind: Event.Kind) -> DOTAttributes {
            let key = Key(role: role, stage: stage, kind: kind)
            if let known = made[key] { return known }
            let attributes = style.attributes(role, classes: [stage, kind.rawValue])
            made[key] = attributes
            return attributes
        }
    }

    private static func eventNodeValue(
        _ event: Event, index: Int, label: String, stageClass: String, options: DiagramOptions, scratch: ByteText, styles: EventStyles
    ) -> DOTNode {
        let role: StyleRole
        switch event.kind {
        case .exception, .reject: role = .exception
        case .crash: role = .crash
        case .log, .resolve: role = .note
        default: role = event.level == .l1 ? .lifecycleEvent : .event
        }
        var attrs = styles.attributes(role, stage: stageClass, kind: event.kind)
        attrs["label"] = .html(label)
        // Appended piece by piece as bytes: every event of every timeline has one.
        let tooltip = scratch
        tooltip.removeAll()
        tooltip.append(index + 1)
        tooltip += ". "
        EventText.appendLine(event, to: tooltip)
        tooltip += "\nrule "
        tooltip += event.rule
        if let phase = event.phase {
            tooltip += " · phase "
            tooltip += phase.description
            if let load = event.load {
                tooltip += " of load "
                tooltip.append(load)
            }
        }
        if let level = event.level {
            tooltip += " · "
            tooltip += level.description
        } else {
            tooltip += " · untraced"
        }
        attrs["tooltip"] = .tooltip(tooltip.string)
        if let link = options.link(.rule(event.rule)) { attrs["href"] = link }
        return DOTNode(eventNode(index), attrs)
    }
}
