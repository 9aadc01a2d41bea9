import Foundation
import NibTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end: `nibviz render FILE --diagram KIND` and `nibviz render-corpus` on small fixtures.
@Suite struct DiagramCommandTests {
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/NibDiagramsTests/__Fixtures__")

    func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

    func svgDocument(_ data: Data) throws -> XMLDocument { try XMLDocument(data: data) }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test(arguments: ["graph", "flow", "instantiation", "timeline", "lifecycle"])
    func everyDiagramKindRendersAStoryboardToWellFormedSVG(kind: String) throws {
        let result = try runNibviz(["render", fixture("Main.storyboard"), "--diagram", kind, "-T", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try svgDocument(result.stdout).rootElement()?.name == "svg")
    }

    @Test(arguments: ["timeline", "lifecycle", "instantiation", "graph"])
    func aScenarioRendersEveryDiagram(kind: String) throws {
        let result = try runNibviz(["render", fixture("memory-warning.yaml"), "--diagram", kind, "-T", "svg", "--link-base", "rules.html#"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try svgDocument(result.stdout).rootElement()?.name == "svg")
    }

    @Test func graphOfAXibHasOneNodePerObjectAndOneEdgePerConnection() throws {
        let result = try runNibviz(["render", fixture("CardView.xib"), "-T", "svg", "--link-base", "#"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.output
        #expect(count("class=\"node placeholder", in: svg) == 2 + 1)  // two placeholders + legend sample
        #expect(count("class=\"node object", in: svg) == 2 + 1)  // view, button + legend sample
        #expect(count("class=\"edge outlet\"", in: svg) == 2)
        #expect(count("class=\"edge action\"", in: svg) == 1)
        #expect(svg.contains("xlink:href=\"#obj-xRo-ot-001\""))
        #expect(svg.contains("class=\"cluster legend\""))
    }

    @Test func sameInputGivesSameBytes() throws {
        let first = try runNibviz(["render", fixture("Prefs.xib"), "-T", "svg", "--theme", "auto"])
        let second = try runNibviz(["render", fixture("Prefs.xib"), "-T", "svg", "--theme", "auto"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.output.contains("prefers-color-scheme: dark"))
    }

    @Test func dotFormatPrintsNibvizDOTSource() throws {
        let result = try runNibviz(["render", fixture("Prefs.xib"), "--diagram", "graph", "-T", "dot", "--theme", "dark"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("digraph \"Prefs.xib\" {"))
        #expect(result.output.contains("class=\"binding\""))
        #expect(result.output.contains("bgcolor=\"#1e1f22\""))
    }

    @Test func unknownSceneFailsWithTheParts() throws {
        let result = try runNibviz(["render", fixture("Main.storyboard"), "--scene", "nope", "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("nope"))
    }

    @Test(arguments: [["--diagram", "bogus"], ["--theme", "sepia"]])
    func badChoicesAreUsageErrors(arguments: [String]) throws {
        let result = try runNibviz(["render", fixture("CardView.xib")] + arguments)
        #expect(result.status == 64)
    }

    @Test func renderCorpusReportsCountsAndTime() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-corpus-\(UUID().uuidString)")
        let result = try runNibviz(["render-corpus", Self.fixtures.path, "-o", output.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
        #expect(result.output.contains("render-corpus: 3 documents, 4 diagrams, 4 rendered, 0 failed"))
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            files == [
                ".nibviz-output", "CardView-xib.graph.svg", "Main-storyboard.flow.svg", "Main-storyboard.graph.svg", "Prefs-xib.graph.svg",
            ]
        )
    }
}
