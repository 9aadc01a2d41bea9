import Foundation
import NibDOT
import NibModel
import NibTestSupport
import Testing

@testable import NibDiagrams

@Suite("TimelineDiagram")
struct TimelineDiagramTests {
    @Test("the memory-warning timeline draws as its golden DOT")
    func golden() {
        let dot = TimelineDiagram.dot(TimelineFixtures.memoryWarning, title: "G-REL-1", options: DiagramOptions(linkBase: "#"))
        Golden.check(dot, against: snapshot("timeline-memory-warning.dot"))
    }

    @Test("an AppKit owner's view outlet (setView: in P3) is a connection, not an unload: its viewDidLoad is no reload")
    func setViewInsideALoad() {
        // G-BIND-1's run: NSViewController's loadView connects the view outlet with setView:.
        let vc = TimelineFixtures.vc
        let events = [
            TimelineFixtures.message(vc, "loadView", rule: "R-LOAD-1"),
            TimelineFixtures.message(TimelineFixtures.view1, "initWithFrame:", rule: "R-INIT-6", phase: .p2, load: 1),
            TimelineFixtures.message(vc, "setView:", rule: "R-OUT-4", phase: .p3, load: 1),
            TimelineFixtures.message(TimelineFixtures.view1, "awakeFromNib", rule: "R-AWAKE-1", phase: .p4, load: 1),
            TimelineFixtures.message(vc, "viewDidLoad", rule: "R-MAC-2"),
        ]
        let stages = TimelineSegment.segments(events).map(\.name)
        #expect(stages == ["loadView", "P2 instantiate", "P3 connect", "P4 awake", "loadView"])
    }

    @Test("a stage is found from the selector's bytes: appear, disappear and layout anywhere in it")
    func stagesFromSelectorParts() {
        let vc = TimelineFixtures.vc
        let stages = TimelineSegment.segments([
            TimelineFixtures.message(vc, "viewWillAppear:", rule: "R-APPEAR-1"),
            TimelineFixtures.message(vc, "viewDidDisappear:", rule: "R-APPEAR-1"),
            TimelineFixtures.message(vc, "viewWillLayoutSubviews", rule: "R-APPEAR-1"),
            TimelineFixtures.message(vc, "setNeedsDisplay", rule: "R-APPEAR-1"),
        ]).map(\.name)
        #expect(stages == ["appear", "disappear", "appear", "other"])
        #expect(TimelineSegment.has("layoutSubviews", "layout") && !TimelineSegment.has("lay", "layout") && !TimelineSegment.has("", "a"))
        #expect(TimelineSegment.has("x", "") && !TimelineSegment.has("Layou", "Layout") && TimelineSegment.has("aLayout", "Layout"))
    }

    @Test("one node per event, one lane per object and row, a marker where each stage starts in a row, rule links")
    func structure() throws {
        let timeline = TimelineFixtures.memoryWarning
        let svg = SVGInspector(
            try SVGInspector.render(TimelineDiagram.dot(timeline, title: "t", options: DiagramOptions(linkBase: "rules.html#"))))
        #expect(svg.wellFormed)
        let events = svg.groups("node").filter { $0.title.hasPrefix("event:") }
        #expect(events.count == timeline.events.count)
        let linked = events.filter { ($0.hrefs.first ?? "").hasPrefix("rules.html#rule-R-") }
        #expect(linked.count == events.count)
        let lanes = svg.groups("cluster", role: "lane")
        #expect(Set(lanes.map { $0.texts.joined() }) == ["MyVC", "MyView"])
        let rows = svg.groups("cluster", role: "timeline-row")
        #expect(rows.count > 1)
        #expect(rows.first?.texts.first?.hasPrefix("events 1–") == true)
        #expect(rows.last?.texts.first?.hasSuffix("–\(timeline.events.count)") == true)
        let stages = svg.groups("node", role: "phase-marker").map { $0.texts.joined() }.filter { !$0.hasPrefix("… ") }
        #expect(
            stages == [
                "init", "loadView", "P2 instantiate", "P4 awake", "loadView", "appear", "disappear", "memory warning", "unload", "reload",
                "P2 instantiate (load 2)", "P4 awake (load 2)", "reload", "appear",
            ])
        #expect(SVGMetrics(svg: try SVGInspector.render(TimelineDiagram.dot(timeline, title: "t")))?.fitsInline() == true)
    }

    @Test("exceptions are drawn as exceptions")
    func exceptionDrawn() throws {
        let svg = SVGInspector(try SVGInspector.render(TimelineDiagram.dot(TimelineFixtures.exception, title: "t")))
        let exception = try #require(svg.groups("node", role: "exception").first)
        #expect(exception.texts.joined().hasPrefix("2EXCEPTION NSUnknownKeyException"))
    }
}

@Suite("InstantiationDiagram")
struct InstantiationDiagramTests {
    @Test("iOS and macOS loads draw as their golden DOT", arguments: [false, true])
    func golden(mac: Bool) {
        let graph = mac ? Fixtures.macBindings : Fixtures.cardView
        let dot = InstantiationDiagram.dot(
            TimelineFixtures.cardViewLoad(mac: mac), graph: graph, platform: mac ? .macos : .ios, title: "CardView")
        Golden.check(dot, against: snapshot("instantiation-\(mac ? "macos" : "ios").dot"))
    }

    @Test("each created object once with its initializer; placeholders resolved, not created")
    func structure() throws {
        let dot = InstantiationDiagram.dot(
            TimelineFixtures.cardViewLoad(mac: true), graph: Fixtures.macBindings, platform: .macos, title: "x")
        let svg = SVGInspector(try SVGInspector.render(dot))
        let created = svg.groups("node").filter { $0.title.hasPrefix("inst:") }
        let classes: [String] = created.map { $0.classes[2] }
        #expect(classes == ["init-initWithFrame", "init-initWithCoder", "init-init"])
        let placeholders = svg.groups("node", role: "placeholder")
        #expect(placeholders.count == 3)
        let resolved = placeholders.filter { group in group.texts.contains { $0.hasPrefix("→") } }
        #expect(resolved.count == 3)
    }
}

@Suite("LifecycleDiagram")
struct LifecycleDiagramTests {
    @Test("the memory-warning path draws as its golden DOT")
    func golden() {
        Golden.check(
            LifecycleDiagram.dot(TimelineFixtures.memoryWarning, title: "G-REL-1"), against: snapshot("lifecycle-memory-warning.dot"))
    }

    @Test("every state once, the path numbered, unload and reload marked")
    func structure() throws {
        let svg = SVGInspector(try SVGInspector.render(LifecycleDiagram.dot(TimelineFixtures.memoryWarning, title: "t")))
        #expect(svg.groups("node").count == ViewState.allCases.count)
        let path = svg.groups("edge", role: "transition")
        #expect(path.count == 9)
        let numbers: [String] = path.map { edge in String(edge.texts.joined().prefix { $0 != " " }) }
        let expected: [Int] = Array(1...9)
        #expect(numbers.compactMap { Int($0) }.sorted() == expected)
        let kinds: [String] = path.map { $0.classes.count > 2 ? $0.classes[2] : "" }
        #expect(kinds.filter { $0 == "unload" }.count == 1)
        #expect(kinds.filter { $0 == "reload" }.count == 1)
    }
}
