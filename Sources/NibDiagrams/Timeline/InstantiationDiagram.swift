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

    /// Initializers in legend order, each with its own class (`init-with-coder`, …).
    static let initializers: [(selector: String, meaning: String)] = [
        ("initWithCoder:", "archived object (NSCoding)"),
        ("initWithFrame:", "macOS custom view"),
        ("init", "custom object"),
        ("initWithNibName:bundle:", "controller created in code"),
        ("initWithWindowNibName:", "window controller in code"),
    ]

    /// Objects per row of a load group.
    static let rowLength = 6

    static func build(_ timeline: Timeline, graph: NibGraph?, platform: Platform, title: String, options: DiagramOptions) -> DOTGraph {
        let style = options.style
        var dot = DOTGraph(
            name: title + " instantiation", attributes: style.graphAttributes(rankdir: "LR"), nodeDefaults: style.nodeDefaults,
            edgeDefaults: style.edgeDefaults)
        let framework = platform.usesAppKit ? "macOS (AppKit)" : "iOS (UIKit)"
        dot.attributes["label"] = .text(DOTEscaping.truncated(title, limit: 100) + " — instantiation on " + framework)
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
        var previousTail: String?
        for (number, group) in groups.enumerated() {
            var box = DOTSubgraph("cluster_group_\(number)", style.attributes(.phase))
            box.attributes["label"] = .text(group)
            var previous: String?
            for (order, (index, event)) in (members[group] ?? []).enumerated() {
                guard let receiver = event.receiver else { continue }
                let selector = event.selector ?? "?"
                used.insert(selector)
                let name = "inst:\(receiver.instance)"
                var attrs = style.attributes(.event, classes: [initializerClass(selector)])
                attrs["fillcolor"] = .text(initializerColor(selector, dark: style.theme.drawsDark))
                var html =
                    "<FONT POINT-SIZE=\"8\">\(order + 1)</FONT> <B>"
                    + DOTEscaping.html(DOTEscaping.truncated(receiver.label, limit: options.labelLimit)) + "</B>"
                html += "<BR/>" + DOTEscaping.html(selector)
                if let id = receiver.id {
                    html +=
                        "<BR/><FONT POINT-SIZE=\"8\">" + DOTEscaping.html(DOTEscaping.truncated(id, limit: options.labelLimit)) + "</FONT>"
                }
                attrs["label"] = .html(html)
                attrs["tooltip"] = .tooltip(
                    "event \(index + 1): " + EventText.line(event) + "\nclass \(receiver.className)\nrule \(event.rule)")
                if let link = options.link(.rule(event.rule)) { attrs["href"] = link }
                box.append(.node(DOTNode(name, attrs)))
                var orderEdge = style.attributes(.sequence)
                orderEdge["arrowhead"] = "normal"
                orderEdge["arrowsize"] = "0.5"
                // Rows of `rowLength`: a long load wraps instead of making a 5,000-px strip.
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
            dot.append(.subgraph(box))
            if let previousTail, let first = members[group]?.first?.1.receiver {
                dot.append(.edge(DOTEdge(previousTail, "inst:\(first.instance)", ["style": "invis"])))
            }
            previousTail = members[group]?.last?.1.receiver.map { "inst:\($0.instance)" }
        }
        if groups.isEmpty {
            var attrs = style.attributes(.note)
            attrs["label"] = "no object was created in this run"
            dot.append(.node(DOTNode("empty", attrs)))
        }
        if let graph { dot.statements += placeholders(graph, platform: platform, style: style, options: options) }
        dot.append(.subgraph(legend(used: used, style: style)))
        return dot
    }

    private static func placeholders(_ graph: NibGraph, platform: Platform, style: DiagramStyle, options: DiagramOptions) -> [DOTStatement]
    {
        let list = graph.objects.filter(\.isPlaceholder)
        guard !list.isEmpty else { return [] }
        var box = DOTSubgraph("cluster_placeholders", style.attributes(.legend))
        box.attributes["label"] = "placeholders: resolved, not created (R-NIB-3)"
        // One node per kind of placeholder (a storyboard has a First Responder per scene).
        var order: [String] = []
        var groups: [String: [NibObject]] = [:]
        var resolvedText: [String: String] = [:]
        for object in list {
            let resolved: String
            switch object.placeholder {
            case PlaceholderIdentifier.filesOwner: resolved = "→ the owner argument"
            case PlaceholderIdentifier.firstResponder: resolved = "→ nil (responder chain)"
            case PlaceholderIdentifier.application: resolved = "→ NSApp"
            case PlaceholderIdentifier.storyboardReference: resolved = "→ loaded from its storyboard"
            default: resolved = platform.usesAppKit ? "→ external object" : "→ UINibExternalObjects entry"
            }
            let key = ObjectNaming.headline(object) + "\u{1}" + resolved
            if groups[key] == nil {
                order.append(key)
                resolvedText[key] = resolved
            }
            groups[key, default: []].append(object)
        }
        var previous: String?
        for key in order {
            guard let members = groups[key], let first = members.first else { continue }
            var attrs = style.attributes(.placeholder)
            let count = members.count > 1 ? " ×\(members.count)" : ""
            attrs["label"] = .html(
                "<B>" + DOTEscaping.html(ObjectNaming.headline(first) + count) + "</B><BR/><FONT POINT-SIZE=\"9\">"
                    + DOTEscaping.html(resolvedText[key] ?? "") + "</FONT>")
            let ids = members.prefix(12).map(\.id.rawValue).joined(separator: ", ") + (members.count > 12 ? ", …" : "")
            attrs["tooltip"] = .tooltip(ObjectNaming.tooltip(first) + (members.count > 1 ? "\nall ids: " + ids : ""))
            if let link = options.link(.object(first.id.rawValue)) { attrs["href"] = link }
            let name = "ph:" + first.id.rawValue
            box.append(.node(DOTNode(name, attrs)))
            // Lays the placeholders out in a row.
            if let previous { box.append(.edge(DOTEdge(previous, name, ["style": "invis"]))) }
            previous = name
        }
        return [.subgraph(box)]
    }

    private static func legend(used: Set<String>, style: DiagramStyle) -> DOTSubgraph {
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
            attrs["fontsize"] = "9"
            box.append(.node(DOTNode("legend:" + selector, attrs)))
            if let previous { box.append(.edge(DOTEdge(previous, "legend:" + selector, ["style": "invis"]))) }
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
