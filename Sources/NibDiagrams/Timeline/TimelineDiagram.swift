import NibModel

/// The `timeline` diagram: events left to right in order, one lane (row) per object, a band
/// of phase/stage markers on top, exceptions and crashes drawn as such, each event linked to
/// the rule that produced it.
public enum TimelineDiagram {
    /// The most events drawn; the rest are summarised in one node (a diagram must stay legible).
    public static let eventLimit = 120

    /// The timeline diagram of `timeline`: the events its trace level shows (as the text
    /// timeline does), or those of `level` when given.
    public static func dot(_ timeline: Timeline, title: String, level: TraceLevel? = nil, options: DiagramOptions = DiagramOptions())
        -> String
    {
        DOTEncoder.encode(build(timeline, title: title, level: level, options: options))
    }

    static func build(_ timeline: Timeline, title: String, level: TraceLevel?, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        let all = timeline.visibleEvents(at: level ?? timeline.traceLevel)
        let events = Array(all.prefix(eventLimit))
        var dot = DOTGraph(
            name: title + " timeline", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        dot.attributes["label"] = .text(DOTEscaping.truncated(title, limit: 120) + " — \(all.count) event\(all.count == 1 ? "" : "s")")
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-timeline")
        dot.attributes["ranksep"] = "0.25"
        dot.attributes["nodesep"] = "0.15"

        // Phase band: one marker per stage run, ranked with the run's first event.
        let segments = TimelineSegment.segments(events)
        var band = DOTSubgraph("cluster_phases", style.attributes(.phase))
        band.attributes["label"] = "phases"
        var previousMarker: String?
        for (number, segment) in segments.enumerated() {
            let marker = "phase:\(number)"
            var attrs = style.attributes(.note, classes: ["phase-marker", TimelineSegment.stageClass(segment.name)])
            attrs["shape"] = "box"
            attrs["label"] = .text(segment.name)
            // Unloads and reloads stand out in the band (R-MEM-2, R-REL-1).
            switch segment.name {
            case "unload", "memory warning": attrs["fillcolor"] = .text(Palette.colors(.reference, dark: style.theme.drawsDark).fill)
            case "reload": attrs["fillcolor"] = .text(Palette.colors(.initial, dark: style.theme.drawsDark).fill)
            case "exception", "crash", "rejected": attrs["fillcolor"] = .text(Palette.colors(.exception, dark: style.theme.drawsDark).fill)
            default: break
            }
            attrs["tooltip"] = .tooltip("\(segment.name): events \(segment.first + 1)–\(segment.last + 1)")
            band.append(.node(DOTNode(marker, attrs)))
            if let previousMarker { band.append(.edge(DOTEdge(previousMarker, marker, ["style": "invis"]))) }
            previousMarker = marker
        }
        // The band comes first so Graphviz draws it as the top row.
        dot.append(.subgraph(band))

        // Lanes in order of first appearance; the runtime lane (logs, exceptions) last.
        var laneOrder: [String] = []
        var laneTitles: [String: String] = [:]
        var laneEvents: [String: [Int]] = [:]
        for (index, event) in events.enumerated() {
            let key = EventText.laneKey(event)
            if laneEvents[key] == nil {
                laneOrder.append(key)
                laneTitles[key] = event.receiver.map(EventText.laneTitle) ?? "runtime"
            }
            laneEvents[key, default: []].append(index)
        }
        laneOrder.sort { ($0 == "runtime" ? 1 : 0) < ($1 == "runtime" ? 1 : 0) }
        let segmentOf = segmentIndex(segments, count: events.count)
        for (number, key) in laneOrder.enumerated() {
            var lane = DOTSubgraph("cluster_lane_\(number)", style.attributes(.lane))
            lane.attributes["label"] = .text(DOTEscaping.truncated(laneTitles[key] ?? key, limit: options.labelLimit))
            lane.attributes["labeljust"] = "l"
            if let id = events[laneEvents[key]?.first ?? 0].receiver?.id, let link = options.link(.object(id)) {
                lane.attributes["href"] = link
            }
            for index in laneEvents[key] ?? [] {
                lane.append(.node(eventNodeValue(events[index], index: index, stage: segments[segmentOf[index]].name, options: options)))
            }
            dot.append(.subgraph(lane))
        }
        // Each stage marker shares the rank of its first event (declared after the lanes so the
        // events stay in their lanes).
        for (number, segment) in segments.enumerated() {
            dot.append(
                .subgraph(
                    DOTSubgraph(
                        "rank:\(number)", ["rank": "same"],
                        statements: [.node(DOTNode("phase:\(number)")), .node(DOTNode(eventNode(segment.first)))])))
        }
        // Order: consecutive events joined left to right.
        for index in events.indices.dropFirst() {
            var attrs = style.attributes(.sequence)
            attrs["arrowhead"] = "normal"
            attrs["arrowsize"] = "0.4"
            attrs["penwidth"] = "0.8"
            dot.append(.edge(DOTEdge(eventNode(index - 1), eventNode(index), attrs)))
        }
        if all.count > events.count {
            var attrs = style.attributes(.note, classes: ["truncated"])
            attrs["label"] = .text("… \(all.count - events.count) more events")
            dot.append(.node(DOTNode("more", attrs)))
            if !events.isEmpty { dot.append(.edge(DOTEdge(eventNode(events.count - 1), "more", style.attributes(.sequence)))) }
        }
        return dot
    }

    static func eventNode(_ index: Int) -> String { "event:\(index + 1)" }

    private static func segmentIndex(_ segments: [TimelineSegment], count: Int) -> [Int] {
        var out = Array(repeating: 0, count: count)
        for (number, segment) in segments.enumerated() {
            for index in segment.first...segment.last where index < count { out[index] = number }
        }
        return out
    }

    private static func eventNodeValue(_ event: Event, index: Int, stage: String, options: DiagramOptions) -> DOTNode {
        let role: StyleRole
        switch event.kind {
        case .exception, .reject: role = .exception
        case .crash: role = .crash
        case .log, .resolve: role = .note
        default: role = event.level == .l1 ? .lifecycleEvent : .event
        }
        var attrs = options.style.attributes(role, classes: [TimelineSegment.stageClass(stage), event.kind.rawValue])
        let text = DOTEscaping.truncated(EventText.short(event), limit: options.labelLimit)
        var html = "<FONT POINT-SIZE=\"8\">\(index + 1)</FONT><BR/><B>" + DOTEscaping.html(text) + "</B>"
        if event.kind == .message, !event.arguments.isEmpty {
            let args = event.arguments.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            html += "<BR/><FONT POINT-SIZE=\"8\">" + DOTEscaping.html(DOTEscaping.truncated(args, limit: options.labelLimit)) + "</FONT>"
        }
        attrs["label"] = .html(html)
        var tooltip = "\(index + 1). " + EventText.line(event) + "\nrule \(event.rule)"
        if let phase = event.phase { tooltip += " · phase \(phase)" + (event.load.map { " of load \($0)" } ?? "") }
        if let level = event.level { tooltip += " · \(level)" } else { tooltip += " · untraced" }
        attrs["tooltip"] = .tooltip(tooltip)
        if let link = options.link(.rule(event.rule)) { attrs["href"] = link }
        return DOTNode(eventNode(index), attrs)
    }
}
