import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibDOT
@testable import NibDiagrams

@Suite("ObjectNaming")
struct ObjectNamingTests {
    static func object(
        label: String? = nil, attributes: [String: String] = [:], storyboardIdentifier: String? = nil, content: String? = nil
    )
        -> NibObject
    {
        NibObject(
            id: "abc-de-fgh", element: "button", className: "UIButton", label: label, storyboardIdentifier: storyboardIdentifier,
            attributes: attributes, contentText: content)
    }

    @Test(
        "the name is the user label, then shown text, then an identifier, then the class",
        arguments: [
            (object(label: "Go", attributes: ["title": "Sign In"]), "Go", ObjectNaming.Source.userLabel),
            (object(attributes: ["title": "Sign In", "text": "x"]), "“Sign In”", .shownText),
            (object(attributes: ["text": "Hello", "placeholder": "x"]), "“Hello”", .shownText),
            (object(attributes: ["placeholder": "Email"]), "“Email”", .shownText),
            (object(content: "Tap me"), "“Tap me”", .shownText),
            (object(attributes: ["reuseIdentifier": "Cell"], storyboardIdentifier: "Main"), "Main", .identifier),
            (object(attributes: ["reuseIdentifier": "Cell"]), "Cell", .identifier),
            (object(attributes: ["title": "  \n  "]), "UIButton", .className),
            (object(), "UIButton", .className),
        ])
    func order(object: NibObject, display: String, source: ObjectNaming.Source) {
        let name = ObjectNaming.name(object)
        #expect(name.display == display)
        #expect(name.source == source)
    }

    @Test("multi-line text names by its first line; the id is in the tooltip, never the label")
    func idInTooltipOnly() {
        let object = Self.object(attributes: ["text": "\n  First line  \nsecond"])
        #expect(ObjectNaming.name(object).text == "First line")
        #expect(!ObjectNaming.htmlLabel(object, name: ObjectNaming.name(object), limit: 40).contains("abc-de-fgh"))
        #expect(ObjectNaming.tooltip(object).contains("id: abc-de-fgh"))
    }

    @Test("placeholders keep their role name; a user label still wins")
    func placeholders() {
        let owner = NibObject(id: "-1", element: "placeholder", className: "NSObject", customClass: "Owner", placeholder: "IBFilesOwner")
        #expect(ObjectNaming.name(owner).display == "File's Owner")
        #expect(ObjectNaming.detail(owner) == "Owner")
        var labelled = owner
        labelled.label = "Controller"
        #expect(ObjectNaming.name(labelled).display == "Controller")
    }
}

@Suite("TypeScale")
struct TypeScaleTests {
    @Test("wrapping breaks at spaces, cuts long words, and ends a cut last line with an ellipsis")
    func wrapping() {
        #expect(TypeScale.wrapped("Short", width: 10) == ["Short"])
        #expect(TypeScale.wrapped("App View Controller", width: 10) == ["App View", "Controller"])
        #expect(TypeScale.wrapped("Supercalifragilistic", width: 8) == ["Supercal", "ifragil…"])
        // A class name is cut where its words meet, not mid-word.
        #expect(
            TypeScale.wrapped("AppDetailCollectionViewController", width: 28) == ["AppDetailCollectionView", "Controller"])
        #expect(TypeScale.wrapped("sourceDetailViewController", width: 24) == ["sourceDetailView", "Controller"])
        #expect(TypeScale.wrapped("one two three four five six", width: 9, lines: 2) == ["one two", "three…"])
        #expect(TypeScale.wrapped(String(repeating: "x ", count: 20_000), width: 20, lines: 2).count == 2)
    }

    /// `wrapped` as it was defined, counting `Character`s throughout: ASCII text is now
    /// counted in bytes.
    static func wrappedByCharacters(_ text: String, width: Int, lines: Int) -> [String] {
        guard width > 1, lines > 0, text.count > width else { return [text] }
        var out: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var rest = Substring(word)
            while !rest.isEmpty {
                if current.isEmpty, rest.count > width {
                    let cut = TypeScale.camelCaseCut(rest, width: width)
                    out.append(String(rest.prefix(cut)))
                    rest = rest.dropFirst(cut)
                } else if current.isEmpty || current.count + 1 + rest.count <= width {
                    current += (current.isEmpty ? "" : " ") + rest
                    rest = ""
                } else {
                    out.append(current)
                    current = ""
                }
            }
            if out.count > lines { break }
        }
        if !current.isEmpty { out.append(current) }
        guard out.count > lines else { return out }
        out.removeLast(out.count - lines)
        let last = out[lines - 1]
        out[lines - 1] = (last.count >= width ? String(last.prefix(width - 1)) : last) + "…"
        return out
    }

    @Test("a label's characters are counted as String.count counts them")
    func characterCountIsTheCharacterCount() {
        let texts = [
            "", "App", "setTitle:forState:", "é", "e\u{0301}", "日本語のラベル", "a\r\nb", "a\rb", "\r\n", "👩‍👩‍👧", "Zürich",
            "\u{0301}", "tab\there", String(repeating: "x", count: 300),
        ]
        for text in texts { #expect(TypeScale.characterCount(text) == text.count, "\(text.debugDescription)") }
    }

    @Test("wrapping counts ASCII in bytes and other text in Characters, as the definition does")
    func wrappingMatchesTheDefinition() {
        let words = [
            "App", "ViewController", "AppDetailCollectionViewController", "é", "e\u{0301}", "日本語のラベル", "a\r\nb", "👩‍👩‍👧",
            "", "x", "setTitle:forState:", "Zürich", "NSMenuItem#5kV-Vb-QxS", "\u{0301}",
        ]
        for (first, a) in words.enumerated() {
            for (second, b) in words.enumerated() {
                let text = [a, b, words[(first + second) % words.count], a].joined(separator: " ")
                for width in [2, 5, 8, 12, 20, 40] {
                    for lines in [1, 2, 3] {
                        #expect(
                            TypeScale.wrapped(text, width: width, lines: lines)
                                == Self.wrappedByCharacters(text, width: width, lines: lines), "\(text.debugDescription) \(width) \(lines)")
                    }
                }
            }
        }
    }

    @Test("a label is named by its first line with text, trimmed")
    func labelsAreNamedByTheirFirstLine() {
        #expect(ObjectNaming.clean("  \n\r\n \t Title  \nrest") == "Title")
        #expect(ObjectNaming.clean(" \t \n ") == nil)
        #expect(ObjectNaming.clean(nil) == nil)
        #expect(ObjectNaming.clean("Line\u{2028}next") == "Line")
        #expect(ObjectNaming.clean("Cafe\u{301} au lait") == "Cafe\u{301} au lait")
    }

    @Test(arguments: [
        "", "short", String(repeating: "Long Title ", count: 30), String(repeating: "x", count: 200), "a — b",
        "Pods__Sparkle__Sparkle.framework__Versions__B__Resources__Base.lproj__SUUpdatePermissionPrompt.nib — instantiation",
        String(repeating: "é\u{301}-", count: 60), String(repeating: " ", count: 100) + "tail", String(repeating: "日本/語 ", count: 40),
        "-\u{301}" + String(repeating: "a", count: 90), String(repeating: "ab —", count: 50),
    ])
    func titleLinesMatchTheirDefinition(text: String) {
        for (width, lines) in [(80, 2), (10, 3), (2, 5), (1, 2), (40, 1)] {
            #expect(
                TypeScale.titleLines(text, width: width, lines: lines) == TypeScale.titleLinesByCharacter(text, width: width, lines: lines))
        }
    }

    @Test("a long title wraps after a path separator into two lines, never wider than the column")
    func titlesWrapAtSeparators() {
        #expect(TypeScale.titleLines("Main.storyboard — 3 scenes", width: 80, lines: 2) == ["Main.storyboard — 3 scenes"])
        let path = "Pods__Sparkle__Sparkle.framework__Versions__B__Resources__Base.lproj__SUUpdatePermissionPrompt.nib — instantiation"
        let lines = TypeScale.titleLines(path, width: 80, lines: 2)
        #expect(
            lines == [
                "Pods__Sparkle__Sparkle.framework__Versions__B__Resources__Base.lproj__", "SUUpdatePermissionPrompt.nib — instantiation",
            ])
        #expect(TypeScale.titleLines(String(repeating: "x", count: 200), width: 80, lines: 2).map(\.count) == [80, 80])
        #expect(TypeScale.titleLines(String(repeating: "x", count: 200), width: 80, lines: 2).last?.hasSuffix("…") == true)
        // A dot title wider than the drawing spreads every column of a left-to-right layout.
        guard case .html(let label) = TypeScale.titleLabel(String(repeating: "Long Title ", count: 30)) else {
            Issue.record("a title is an HTML-like label")
            return
        }
        #expect(label.components(separatedBy: "<BR/>").count == 2 && label.hasSuffix("…</FONT>"))
    }

    @Test("every diagram kind uses the one type scale: no text below the detail size")
    func oneScale() throws {
        let dots = [
            ObjectGraphDiagram.dot(Fixtures.cardView), FlowDiagram.dot(Fixtures.storyboard),
            TimelineDiagram.dot(TimelineFixtures.memoryWarning, title: "t"),
            LifecycleDiagram.dot(TimelineFixtures.memoryWarning, title: "t"),
            InstantiationDiagram.dot(TimelineFixtures.cardViewLoad(mac: false), graph: Fixtures.cardView, platform: .ios, title: "t"),
        ]
        for dot in dots {
            let metrics = try #require(SVGMetrics(svg: try SVGInspector.render(dot)))
            #expect(metrics.smallestFont.map { $0 >= Double(TypeScale.detail) && $0 <= Double(TypeScale.body) } == true)
        }
    }
}

@Suite("SVGMetrics")
struct SVGMetricsTests {
    @Test("size in CSS px and the smallest text when scaled into a column")
    func readsGraphvizSVG() throws {
        let svg = Array(
            """
            <?xml version="1.0"?>
            <svg width="2400pt" height="300pt" viewBox="0.00 0.00 2400.00 300.00" xmlns="http://www.w3.org/2000/svg">
            <text font-size="14.00">t</text><text font-size="10.00">x</text></svg>
            """.utf8)
        let metrics = try #require(SVGMetrics(svg: svg))
        #expect(metrics.width == 3200)
        #expect(metrics.height == 400)
        #expect(metrics.smallestFont == 10)
        #expect(metrics.smallestText(inColumn: 960) == 4)
        #expect(!metrics.fitsInline())
        #expect(SVGMetrics(svg: Array("<svg><text/></svg>".utf8)) == nil)
    }

    @Test("a small diagram is never scaled up")
    func smallStaysAtSize() throws {
        var graph = Fixtures.cardView
        graph.objects = [NibObject(id: "v", element: "view", className: "UIView", customClass: "CardView")]
        graph.connections = []
        let dot = ObjectGraphDiagram.dot(graph)
        let metrics = try #require(SVGMetrics(svg: try SVGInspector.render(dot)))
        #expect(metrics.width < 960)
        #expect(abs((metrics.smallestText(inColumn: 960) ?? 0) - Double(TypeScale.detail) * 4 / 3) < 0.05)
        #expect(metrics.fitsInline())
    }
}

@Suite("DiagramLegend")
struct DiagramLegendTests {
    @Test("legend .omit leaves every diagram without its legend cluster", arguments: DiagramKind.allCases)
    func omitted(kind: DiagramKind) {
        let options = DiagramOptions(legend: .omit)
        let dot: String
        switch kind {
        case .graph: dot = ObjectGraphDiagram.dot(Fixtures.cardView, options: options)
        case .flow: dot = FlowDiagram.dot(Fixtures.storyboard, options: options)
        case .instantiation:
            dot = InstantiationDiagram.dot(
                TimelineFixtures.cardViewLoad(mac: false), graph: Fixtures.cardView, platform: .ios, title: "t", options: options)
        case .timeline: dot = TimelineDiagram.dot(TimelineFixtures.memoryWarning, title: "t", options: options)
        case .lifecycle: dot = LifecycleDiagram.dot(TimelineFixtures.memoryWarning, title: "t", options: options)
        }
        #expect(!dot.contains("cluster_legend"))
    }

    @Test("the standalone legend of each kind renders, fits a column and shows every style of the kind", arguments: DiagramKind.allCases)
    func standalone(kind: DiagramKind) throws {
        let bytes = try SVGInspector.render(DiagramLegend.dot(for: kind))
        let svg = SVGInspector(bytes)
        let (nodes, edges) = DiagramLegend.roles(kind)
        let samples = svg.groups("node", includeLegend: true).filter { $0.classes.contains("legend-sample") }
        if kind == .instantiation {
            #expect(samples.count == InstantiationDiagram.initializers.count)
        } else {
            #expect(samples.count == nodes.count)
        }
        #expect(svg.groups("edge", includeLegend: true).filter { $0.classes.contains("legend-key") }.count == edges.count)
        #expect(SVGMetrics(svg: bytes)?.fitsInline() == true)
    }
}

@Suite("DocumentPartition")
struct DocumentPartitionTests {
    @Test("a storyboard above the threshold is cut per scene, with titles and members; below it is drawn whole")
    func storyboardParts() throws {
        let parts = try #require(DocumentPartition.parts(Fixtures.chain(8), options: DiagramOptions()))
        #expect(parts.map(\.name) == (0..<8).map { "scene-sc\($0)" })
        #expect(parts[1].title == "Step1ViewController")
        #expect(parts[1].members == ["vc1", "v1"])
        #expect(DocumentPartition.parts(Fixtures.storyboard, options: DiagramOptions()) == nil)
    }

    @Test("an object part above the threshold cuts its big containers out into parts of their own; connections into them end at stubs")
    func nestedObjectParts() throws {
        var graph = Fixtures.cardView
        graph.connections = []
        for box in 0..<2 {
            let boxID = ObjectID("box\(box)")
            graph.objects.append(NibObject(id: boxID, element: "stackView", className: "UIStackView", parent: "xRo-ot-001"))
            for index in 0..<14 {
                graph.objects.append(
                    NibObject(
                        id: ObjectID("l\(box)-\(index)"), element: "label", className: "UILabel", parent: boxID,
                        attributes: ["text": "Row \(index)"]))
            }
        }
        graph.connections.append(Connection(id: nil, source: "btn-00-001", kind: .outlet(property: "first", destination: "l0-3")))
        let options = DiagramOptions(objectSplitThreshold: 20)
        let parts = try #require(DocumentPartition.parts(graph, options: options))
        #expect(parts.map(\.name) == ["object-xRo-ot-001", "object-box0", "object-box1"])
        #expect(parts[0].members == ["xRo-ot-001", "btn-00-001", "lbl-00-001"])
        #expect(parts[1].members.count == 15)
        #expect(Set(parts.flatMap(\.members)).count == parts.map(\.members.count).reduce(0, +))
        let graphParts = ObjectGraphDiagram.parts(graph, options: options)
        #expect(graphParts.map(\.name) == ["overview", "object-xRo-ot-001", "object-box0", "object-box1"])
        #expect(graphParts[2].dot.contains("“Row 3”"))
        #expect(graphParts[1].dot.contains("\"btn-00-001\" -> \"stub:l0-3\""))
    }

    @Test("timeline, instantiation, lifecycle and flow parts use the same names as graph parts")
    func samePartsForEveryKind() {
        let graph = Fixtures.chain(8)
        let names = Set(ObjectGraphDiagram.parts(graph).map(\.name))
        #expect(Set(FlowDiagram.parts(graph).map(\.name)) == names.union(["flow"]))
        let timeline = Timeline(
            events: (0..<8).map { index in
                Event(
                    kind: .message, rule: "R-VCI-10",
                    receiver: EventObject(instance: index + 1, id: "vc\(index)", label: "VC", className: "VC"),
                    selector: "initWithCoder:")
            })
        #expect(Set(TimelineDiagram.parts(timeline, title: "t", graph: graph).map(\.name)) == names.union(["timeline"]))
        #expect(
            Set(InstantiationDiagram.parts(timeline, graph: graph, platform: .ios, title: "t").map(\.name))
                == names.union(["instantiation"]))
    }
}

@Suite("FlowShape")
struct FlowShapeTests {
    @Test("a short flow runs left to right; a long chain of scenes runs top to bottom and fits the column")
    func direction() throws {
        #expect(FlowShape(Fixtures.storyboard).rankdir == "LR")
        #expect(FlowShape(Fixtures.chain(12)).rankdir == "TB")
        let metrics = try #require(SVGMetrics(svg: try SVGInspector.render(FlowDiagram.dot(Fixtures.chain(12)))))
        #expect(metrics.fitsInline())
    }

    @Test("a long timeline wraps into rows instead of a strip")
    func timelineWraps() throws {
        let events = (0..<120).map { index in
            Event(
                kind: .message, rule: "R-LOAD-1",
                receiver: EventObject(instance: index % 7 + 1, id: nil, label: "Object\(index % 7)", className: "C"),
                selector: "setValue:forKey:", arguments: [EventArgument("key", "someOutletName\(index)")])
        }
        let metrics = try #require(
            SVGMetrics(svg: try SVGInspector.render(TimelineDiagram.dot(Timeline(events: events), title: "long"))))
        #expect(metrics.fitsInline())
        #expect(metrics.height > metrics.width)
    }
}

@Suite("File titles")
struct FileTitleTests {
    @Test(arguments: ["Main.storyboard", "a/b/Main.storyboard", "a/b/", "/", "", "//x//", "ü/é.xib", "a/\u{301}b", "日本/x.xib"])
    func lastSegmentIsTheSplitsLast(path: String) {
        let expected = path.split(separator: "/").last.map(String.init) ?? path
        #expect(ObjectGraphDiagram.lastSegment(path) == expected, "\(path.debugDescription)")
    }
}
