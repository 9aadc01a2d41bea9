import Foundation
import GraphvizShim
import NibTestSupport
import Testing

@testable import GraphvizRender

@Suite struct GraphvizRendererTests {
    static let sample = """
        digraph G {
          subgraph cluster_b { label="B"; b1 -> b2 }
          subgraph cluster_a { label="A"; a1 -> a2 }
          a1 -> b1 [label=<<b>bold</b>>]
        }
        """

    func render(_ dot: String, _ format: OutputFormat = .svg, engine: LayoutEngine = .dot) throws -> RenderOutput {
        try GraphvizRenderer.shared.render(RenderRequest(dot: dot, engine: engine, format: format, name: "t.dot"))
    }

    @Test(arguments: [
        (OutputFormat.svg, Array("<?xml".utf8)),
        (.png, [0x89, 0x50, 0x4E, 0x47]),
        (.pdf, Array("%PDF".utf8)),
        (.dot, Array("digraph".utf8)),
        (.json, Array("{".utf8)),
    ])
    func everyFormatStartsWithItsMagicBytes(format: OutputFormat, magic: [UInt8]) throws {
        let output = try render(Self.sample, format)
        #expect(Array(output.data.prefix(magic.count)) == magic)
    }

    @Test(arguments: LayoutEngine.allCases)
    func everyLayoutEngineRenders(engine: LayoutEngine) throws {
        let output = try render(Self.sample, engine: engine)
        #expect(String(decoding: output.data, as: UTF8.self).contains("</svg>"))
    }

    @Test func syntaxErrorsNameTheLineAndAreNotPrinted() {
        #expect {
            try render("digraph {\n a -> b\n c -> -> d\n}\n")
        } throws: { error in
            // The exact line is checked end to end in a fresh process (RenderCommandTests): in this
            // shared test process Graphviz 2.43's scanner once reported line 4 after other
            // suites' graphs, which we could not reproduce in isolation.
            guard let error = error as? RenderError else { return false }
            return error.stage == .parse && error.line != nil && error.message.contains("syntax error")
        }
    }

    @Test func aSyntaxErrorDoesNotLeakIntoTheNextParse() throws {
        for _ in 0..<3 {
            #expect {
                try render("digraph {\n a -> b\n c -> -> d\n e -> f\n}\n")
            } throws: { error in
                (error as? RenderError)?.line == 3
            }
            let output = try render("digraph { x -> y }\n\n\n")
            #expect(String(decoding: output.data, as: UTF8.self).contains("<title>x&#45;&gt;y</title>"))
        }
    }

    @Test func textAfterTheFirstGraphNeverReachesTheNextRender() throws {
        _ = try render("digraph one { a }\ndigraph two { leaked }\n")
        let svg = String(decoding: try render("digraph three { b }").data, as: UTF8.self)
        #expect(svg.contains("<title>b</title>"))
        #expect(!svg.contains("leaked"))
    }

    @Test func badHTMLLabelsAreErrorsEvenWhenGraphvizReportsSuccess() {
        #expect(throws: RenderError.self) {
            try render("digraph { a [label=<<b>unclosed>] }")
        }
    }

    @Test func aFailureDoesNotPoisonTheNextRender() throws {
        _ = try? render("digraph { a [label=<<b>unclosed>] }")
        let output = try render("digraph { x -> y }")
        #expect(output.warnings.isEmpty)
        #expect(String(decoding: output.data, as: UTF8.self).contains("<title>x&#45;&gt;y</title>"))
    }

    @Test func clusteredGraphsGiveTheSameBytesEveryTime() throws {
        let first = try render(Self.sample).data
        for _ in 0..<30 { _ = try render("digraph { subgraph cluster_z { q } subgraph cluster_y { r } }") }
        let again = try render(Self.sample).data
        #expect(first == again)
    }

    @Test func clustersKeepTheirCreationOrder() throws {
        let svg = String(decoding: try render(Self.sample).data, as: UTF8.self)
        let b = try #require(svg.range(of: "<title>cluster_b</title>"))
        let a = try #require(svg.range(of: "<title>cluster_a</title>"))
        #expect(b.lowerBound < a.lowerBound)
    }

    /// Measured in a worker process of its own: RSS is per process, and this test process
    /// renders for other suites at the same time. Its servers free each graph here
    /// (`--kept-mb 0`), as this process does; by default they leave them to their exit
    /// (ForkedServerTests).
    @Test func twoThousandRendersDoNotGrowMemoryBeyondASmallBound() throws {
        let worker = try WorkerProcess(
            executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-jobs", "100000", "--kept-mb", "0"])
        defer { worker.stop() }
        let request = RenderRequest(dot: "digraph { rankdir=LR; a -> b -> c; b -> d; d [shape=box] }")
        for _ in 0..<200 { _ = worker.send(request, timeout: 30) }
        // The worker's server draws them (one server: the job limit is out of reach).
        let server = worker.serverPID
        #expect(server != worker.pid)
        let before = residentBytes(of: server)
        for _ in 0..<2_000 {
            guard case .rendered(.success, _) = worker.send(request, timeout: 30) else {
                Issue.record("a render failed")
                return
            }
        }
        #expect(worker.serverPID == server)
        let growth = residentBytes(of: server) - before
        #expect(growth < 4 << 20, "worker RSS grew by \(growth) bytes over 2,000 renders")
    }

    private func residentBytes(of pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Text measurements are remembered across graphs (GraphvizShim's table): a label measured
    /// before gives the same numbers, so the same bytes; PNG, whose renderer draws Pango's
    /// layout, always measures afresh.
    @Test func rememberedTextMeasurementsGiveTheSameBytesAndNeverReachPNG() throws {
        let dot = """
            digraph G { node [fontname="Helvetica"]
              a [label=<<B>RememberedLabel</B><BR/><FONT POINT-SIZE="9">UIViewController</FONT>>]
              b [label="selector: viewDidLoad"]; a -> b [label=<<I>segue</I>>]
            }
            """
        let pngBefore = try render(dot, .png).data
        let first = try render(dot).data
        // Other tests render at the same time: the table only grows while this one runs.
        // Read under the renderer's lock: the table's calls must not overlap.
        let kept = GraphvizRenderer.shared.whileNotDrawing { nibviz_text_table_count() }
        #expect(kept > 0, "the text layout plugin is in use: Pango is installed with Graphviz here")
        let second = try render(dot).data
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains(">RememberedLabel</text>"))
        let pngAfter = try render(dot, .png).data
        #expect(pngAfter == pngBefore, "PNG text is drawn from Pango's layout, measured again")
    }
}
