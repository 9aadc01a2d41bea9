import Foundation
import NibDiagrams
import NibModel
import NibParsing
import NibSimulation

extension SiteServices {
    /// The real parser, simulator and diagrams, with the built-in diagrams where NibDiagrams has
    /// no equivalent yet.
    public static func standard(toolVersion: String) -> SiteServices {
        var services = SiteServices.fallback(toolVersion: "site-2/" + toolVersion)
        let load: @Sendable (URL, String) throws -> NibGraph = { url, name in
            try NibDocumentParser.parse(contentsOf: url, displayName: name)
        }
        services.parseDocument = load
        services.runScenario = { url, name in
            let fallbackTitle = url.deletingPathExtension().lastPathComponent
            do {
                let scenario = try ScenarioParser.parse(contentsOf: url, displayName: name, loadDocument: load)
                let timeline = Simulator.run(scenario)
                return ScenarioRun(
                    title: scenario.title ?? fallbackTitle, platform: scenario.platform.rawValue,
                    timeline: SiteTimeline(timeline, level: scenario.traceLevel), notes: timeline.notes
                )
            } catch {
                return ScenarioRun(title: fallbackTitle, platform: "?", timeline: nil, notes: ["\(error)"])
            }
        }
        services.simulateDocument = { graph in SiteTimeline(Simulator.run(document: graph), level: .l2) }
        services.diagramDarkCSS = { SVGTheming.rules(dark: true) }
        services.documentDOT = { kind, graph, timeline in
            let options = DiagramOptions(theme: .light, linkBase: "#")
            switch kind {
            case .graph:
                return ObjectGraphDiagram.parts(graph, options: options)
            case .flow:
                return graph.isStoryboard
                    ? [NamedDiagram(name: "storyboard-flow", title: "Storyboard flow", dot: FlowDiagram.dot(graph, options: options))] : []
            case .instantiation:
                guard let run = timeline?.source else { return FallbackDiagrams.document(kind, graph: graph, timeline: timeline) }
                let title = (graph.file as NSString).lastPathComponent
                return [
                    NamedDiagram(
                        name: "instantiation", title: "Instantiation",
                        dot: InstantiationDiagram.dot(run.timeline, graph: graph, platform: graph.platform, title: title, options: options))
                ]
            default:
                return FallbackDiagrams.document(kind, graph: graph, timeline: timeline)
            }
        }
        services.timelineDOT = { kind, timeline, title in
            // Golden text written in a page has no simulator run behind it: the site's own
            // drawing handles those; every simulated run is drawn by NibDiagrams.
            guard let run = timeline.source else { return FallbackDiagrams.timeline(kind, timeline, title: title) }
            let options = DiagramOptions(theme: .light, linkBase: "#")
            switch kind {
            case .lifecycle: return LifecycleDiagram.dot(run.timeline, title: title, options: options)
            default: return TimelineDiagram.dot(run.timeline, title: title, level: run.level, options: options)
            }
        }
        return services
    }
}

extension SiteTimeline {
    /// The simulator's timeline as the site shows it, at one trace level.
    init(_ timeline: Timeline, level: TraceLevel) {
        let events = timeline.visibleEvents(at: level).map { event -> Event in
            let kind: Event.Kind
            switch event.kind {
            case .message: kind = .message
            case .ivar: kind = .ivar
            case .log: kind = .log
            case .exception: kind = .exception
            case .crash: kind = .crash
            case .showWindow: kind = .showWindow
            case .resolve: kind = .resolve
            case .reject: kind = .reject
            }
            let line = TimelineFormatter.line(event, level: level)
            let detail =
                event.kind == .message
                ? event.arguments.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                : event.text ?? String(line.drop { $0 != " " }.dropFirst())
            return Event(
                kind: kind, receiver: event.receiver?.label, selector: event.selector, detail: detail,
                ruleID: event.rule, phase: event.phase?.description, line: line
            )
        }
        let names: [ViewState: String] = [
            .notLoaded: "not loaded", .loaded: "loaded", .appearing: "appearing", .visible: "visible",
            .disappearing: "disappearing", .hidden: "hidden", .unloaded: "unloaded",
        ]
        let transitions = timeline.transitions.map { transition in
            // The event just before the change names it best (`viewDidLoad`); the rule otherwise.
            let cause =
                transition.eventIndex > 0 && transition.eventIndex <= timeline.events.count
                ? timeline.events[transition.eventIndex - 1].selector : nil
            return Transition(
                controller: transition.controller.label, from: names[transition.from] ?? transition.from.rawValue,
                to: names[transition.to] ?? transition.to.rawValue, trigger: cause ?? transition.rule
            )
        }
        self.init(events: events, transitions: transitions.isEmpty ? Self.deriveTransitions(events) : transitions)
        source = (timeline, level)
    }
}
