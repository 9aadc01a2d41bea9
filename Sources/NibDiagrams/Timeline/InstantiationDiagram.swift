import NibDOT
import NibModel

/// The `instantiation` diagram: which initializer each object receives, grouped by load and
/// phase, coloured by initializer so iOS and macOS differences show (R-INIT-1: `initWithCoder:`
/// on iOS, `initWithFrame:` for macOS custom views, `init` for custom objects); placeholders
/// are listed as resolved, never created (R-NIB-3).
public enum InstantiationDiagram {
    /// The diagram of `timeline` run on `graph` (the graph supplies the placeholders).
    public static func dot(
        _ timeline: Timeline, graph: NibGraph?, platform: Platform, title: String, options: DiagramOptions = DiagramOptions()
    ) -> String {
        DOTEncoder.encode(build(timeline, graph: graph, platform: platform, title: title, options: options))
    }

    /// The whole load (`instantiation`) and, for a document `DocumentPartition` splits, one
    /// part per scene or top-level object drawn from its `PartTimeline`.
    public static func parts(
        _ timeline: Timeline, graph: NibGraph?, platform: Platform, title: String, launch: StoryboardLaunch? = nil,
        options: DiagramOptions = DiagramOptions()
    ) -> [NamedDiagram] {
        var parts = [
            NamedDiagram(
                name: "instantiation", title: title, dot: dot(timeline, graph: graph, platform: platform, title: title, options: options))
        ]
        guard let graph, let split = DocumentPartition.parts(graph, options: options) else { return parts }
        for part in split {
            let run = PartTimeline(part, in: timeline, launch: launch, platform: graph.platform)
            guard run.timeline.events.contains(where: \.isInitializer) else { continue }
            var members = graph
            members.objects = graph.objects.filter { part.members.contains($0.id) }
            let dot = dot(run.timeline, graph: members, platform: platform, title: run.title(title, part: part), options: options)
            parts.append(NamedDiagram(name: part.name, title: part.title, dot: dot))
        }
        return parts
    }

    /// Initializers in legend order, each with its own class (`init-with-coder`, …).
    static let initializers: [(selector: String, meaning: String)] = [
        ("initWithCoder:", "archived object (NSCoding)"),
        ("initWithFrame:", "macOS custom view"),
        ("init", "custom object"),
        ("initWithNibName:bundle:", "controller created in code"),
        ("initWithWindowNibName:", "window controller in code"),
    ]

    static func build(_ timeline: Timeline, graph: NibGraph?, platform: Platform, title: String, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        var dot = DOTGraph(
            name: title + " instantiation", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        let framework = platform.usesAppKit ? "macOS (AppKit)" : "iOS (UIKit)"
        dot.attributes["label"] = TypeScale.titleLabel(title + " — instantiation on " + framework)
        dot.attributes["labelloc"] = "t"
        dot.attributes["class"] = .text("diagram-instantiation platform-" + platform.rawValue)

        // The first initializer line each instance receives (R-CONV-2: outermost call first).
        var seen = Set<Int>()
        var groups: [String] = []
        var members: [String: [(Int, Event)]] = [:]
        for (index, event) in timeline.events.enumerated() where event.isInitializer {
            guard let receiver = event.receiver, seen.insert(receiver.instance).inserted else { continue }
            let group: String
            if let phase = event.phase {
                group = "load \(event.load ?? 1) · \(phase) instantiate"
            } else {
                group = "created by code"
            }
            if members[group] == nil { groups.append(group) }
            members[group, default: []].append((index, event))
        }
        var used = Set<String>()
        let objects = graph?.objectsByID ?? [:]
        let labelsByGroup = groups.map { group in
            (members[group] ?? []).enumerated().map { order, item in nodeLabel(item.1, order: order, objects: objects, options: options) }
        }
        let entries = placeholderEntries(graph, platform: platform)
        let widths = labelsByGroup.map { $0.map(\.width) } + [entries.map(\.width)]
        // The placeholders box is drawn in rows of the same length: its overhang depends on it.
        let firstGuess = TimelineDiagram.columnCount(widths, reserve: placeholdersOverhang(entries, perRow: 16))
        let rowLength = TimelineDiagram.columnCount(widths, reserve: placeholdersOverhang(entries, perRow: firstGuess))
        for (number, group) in groups.enumerated() {
            var box = DOTSubgraph("cluster_group_\(number)", style.attributes(.phase))
            box.attributes["label"] = .text(group)
            box.attributes["labeljust"] = "l"
            var previous: String?
            let list = members[group] ?? []
            let labels = labelsByGroup[number]
            for (order, (index, event)) in list.enumerated() {
                guard let receiver = event.receiver else { continue }
                let selector = event.selector ?? "?"
                used.insert(selector)
                let name = "inst:\(receiver.instance)"
                var attrs = style.attributes(.event, classes: [initializerClass(selector)])
                attrs["fillcolor"] = .text(initializerColor(selector, dark: style.theme.drawsDark))
                attrs["label"] = .html(labels[order].html)
                attrs["tooltip"] = .tooltip(
                    "event \(index + 1): " + EventText.line(event) + "\nclass \(receiver.className)"
                        + (receiver.id.map { "\nid \($0)" } ?? "") + "\nrule \(event.rule)")
                if let link = options.link(.rule(event.rule)) { attrs["href"] = link }
                box.append(.node(DOTNode(name, attrs)))
                var orderEdge = style.attributes(.sequence)
                orderEdge["arrowhead"] = "normal"
                orderEdge["arrowsize"] = "0.5"
                // Rows that fit the legible width: a long load wraps instead of making a strip.
                if let previous {
                    if order.isMultiple(of: rowLength) {
                        var wrap = style.attributes(.sequence, classes: ["wrap"])
                        wrap["constraint"] = "false"
                        wrap["style"] = "dashed"
                        wrap["arrowhead"] = "normal"
                        wrap["arrowsize"] = "0.5"
                        box.append(.edge(DOTEdge(previous, name, wrap)))
                    } else {
                        box.append(.edge(DOTEdge(previous, name, orderEdge)))
                    }
                }
                previous = name
            }
            // Groups stack top to bottom (no edge ties one to the next).
            dot.append(.subgraph(box))
        }
        if groups.isEmpty {
            var attrs = style.attributes(.note)
            attrs["label"] = "no object was created in this run"
            dot.append(.node(DOTNode("empty", attrs)))
        }
        dot.statements += placeholders(entries, rowLength: rowLength, style: style, options: options)
        if options.legend == .include { dot.append(.subgraph(legend(used: used, style: style))) }
        return dot
    }

    /// A created object's label (order, name, initializer, class when the name is not the
    /// class) and its estimated width in points, as `TimelineDiagram.eventLabel`.
    static func nodeLabel(_ event: Event, order: Int, objects: [ObjectID: NibObject], options: DiagramOptions)
        -> (html: String, width: Double)
    {
        let receiver = event.receiver
        let object = receiver?.id.flatMap { objects[ObjectID($0)] }
        let name = object.map { ObjectNaming.headline($0) } ?? receiver?.label ?? "?"
        let lines = TypeScale.wrapped(DOTEscaping.truncated(name, limit: options.labelLimit), width: 24)
        let selector = event.selector ?? "?"
        var html = TypeScale.detailHTML("\(order + 1)") + " <B>" + lines.map(DOTEscaping.html).joined(separator: "<BR/>") + "</B>"
        html += "<BR/>" + DOTEscaping.html(selector)
        var widest = max(Double(lines.map(\.count).max() ?? 0) * 0.6, Double(selector.count) * 0.55) * Double(TypeScale.body)
        if let object, let detail = ObjectNaming.detail(object) {
            html += "<BR/>" + TypeScale.detailHTML(DOTEscaping.html(DOTEscaping.truncated(detail, limit: 30)))
            widest = max(widest, Double(min(detail.count, 30)) * 0.55 * Double(TypeScale.detail))
        }
        return (html, widest + 34)
    }

    /// One kind of placeholder (a storyboard has a First Responder per scene): its headline
    /// (with a count), what it resolves to, every member.
    struct PlaceholderEntry {
        var headline: String
        var resolved: String
        var members: [NibObject]

        /// Estimated width in points, as `nodeLabel`.
        var width: Double {
            max(Double(headline.count) * 0.6 * Double(TypeScale.body), Double(resolved.count) * 0.55 * Double(TypeScale.detail)) + 24
        }
    }

    static func placeholderEntries(_ graph: NibGraph?, platform: Platform) -> [PlaceholderEntry] {
        guard let graph else { return [] }
        var entries: [PlaceholderEntry] = []
        var index: [String: Int] = [:]
        for object in graph.objects where object.isPlaceholder {
            let resolved: String
            switch object.placeholder {
            case PlaceholderIdentifier.filesOwner: resolved = "→ the owner argument"
            case PlaceholderIdentifier.firstResponder: resolved = "→ nil (responder chain)"
            case PlaceholderIdentifier.application: resolved = "→ NSApp"
            case PlaceholderIdentifier.storyboardReference: resolved = "→ loaded from its storyboard"
            default: resolved = platform.usesAppKit ? "→ external object" : "→ UINibExternalObjects entry"
            }
            let key = ObjectNaming.headline(object) + "\u{1}" + resolved
            if let position = index[key] {
                entries[position].members.append(object)
            } else {
                index[key] = entries.count
                entries.append(PlaceholderEntry(headline: ObjectNaming.headline(object), resolved: resolved, members: [object]))
            }
        }
        for position in entries.indices where entries[position].members.count > 1 {
            entries[position].headline += " ×\(entries[position].members.count)"
        }
        return entries
    }

    /// The placeholders box's title.
    static let placeholdersTitle = "placeholders: resolved, not created (R-NIB-3)"

    /// How much wider the placeholders box's title is than a row of its entries: dot
    /// widens the ranks under a left-to-right cluster to fit its label, which pushes every
    /// column of the rows beside it to the right by as much.
    static func placeholdersOverhang(_ entries: [PlaceholderEntry], perRow: Int) -> Double {
        guard !entries.isEmpty else { return 0 }
        let title = Double(placeholdersTitle.count) * 0.55 * Double(TypeScale.body) + 16
        return max(0, title - entries.prefix(max(1, perRow)).reduce(0) { $0 + $1.width + 28 })
    }

    /// The placeholders box, in rows of `rowLength` (rows stack; no edge joins them).
    private static func placeholders(_ entries: [PlaceholderEntry], rowLength: Int, style: DiagramStyle, options: DiagramOptions)
        -> [DOTStatement]
    {
        guard !entries.isEmpty else { return [] }
        var box = DOTSubgraph("cluster_placeholders", style.attributes(.legend))
        box.attributes["label"] = .text(placeholdersTitle)
        var previous: String?
        for (position, entry) in entries.enumerated() {
            guard let first = entry.members.first else { continue }
            var attrs = style.attributes(.placeholder)
            attrs["label"] = .html(
                "<B>" + DOTEscaping.html(entry.headline) + "</B><BR/>" + TypeScale.detailHTML(DOTEscaping.html(entry.resolved)))
            let ids = entry.members.prefix(12).map(\.id.rawValue).joined(separator: ", ") + (entry.members.count > 12 ? ", …" : "")
            attrs["tooltip"] = .tooltip(ObjectNaming.tooltip(first) + (entry.members.count > 1 ? "\nall ids: " + ids : ""))
            if let link = options.link(.object(first.id.rawValue)) { attrs["href"] = link }
            let name = "ph:" + first.id.rawValue
            box.append(.node(DOTNode(name, attrs)))
            // Lays the placeholders out in rows.
            if let previous, !position.isMultiple(of: rowLength) { box.append(.edge(DOTEdge(previous, name, ["style": "invis"]))) }
            previous = name
        }
        return [.subgraph(box)]
    }

    /// The initializer legend; `chained` stacks the entries in a top-to-bottom graph (left to
    /// right, unconnected entries already share a rank, one above the other).
    static func legend(used: Set<String>, style: DiagramStyle, chained: Bool = false) -> DOTSubgraph {
        var box = DOTSubgraph("cluster_legend", style.attributes(.legend))
        box.attributes["label"] = "Legend"
        var previous: String?
        var known = Set(initializers.map(\.selector))
        var entries = initializers.filter { used.contains($0.selector) }
        for selector in used.sorted() where !known.contains(selector) {
            known.insert(selector)
            entries.append((selector, "other initializer"))
        }
        for (selector, meaning) in entries {
            var attrs = style.attributes(.event, classes: [initializerClass(selector), "legend-sample"])
            attrs["fillcolor"] = .text(initializerColor(selector, dark: style.theme.drawsDark))
            attrs["label"] = .text(selector + "  " + meaning)
            box.append(.node(DOTNode("legend:" + selector, attrs)))
            if chained, let previous { box.append(.edge(DOTEdge(previous, "legend:" + selector, ["style": "invis"]))) }
            previous = "legend:" + selector
        }
        return box
    }

    static func initializerClass(_ selector: String) -> String {
        "init-" + DOTEscaping.token(String(selector.filter { $0 != ":" }))
    }

    private static func initializerColor(_ selector: String, dark: Bool) -> String {
        switch selector {
        case "initWithCoder:": dark ? "#1f2f4a" : "#e3ecfb"
        case "initWithFrame:": dark ? "#2e2442" : "#efe7fb"
        case "init": dark ? "#193524" : "#dff3e4"
        case "initWithNibName:bundle:", "initWithWindowNibName:": dark ? "#3a2e17" : "#fff4e0"
        default: dark ? "#2b2f36" : "#f2f4f8"
        }
    }
}
