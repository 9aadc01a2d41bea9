import Foundation
import NibTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end: the built `nibviz` binary on plain DOT input.
@Suite struct RenderCommandTests {
    func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A xib has no flow: the picture says so, and so does stderr (it is not an error); a file
    /// that is no document and not named as one says what nibviz reads.
    @Test func aXibsFlowAndANonDocumentSayWhatTheyAre() throws {
        let xib = try temporaryFile(
            "View.xib",
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\"/></objects></document>")
        let flow = try runNibviz(["render", xib.path, "--diagram", "flow", "-T", "svg"])
        #expect(flow.status == 0 && flow.stderr.contains("View.xib is no storyboard"), "\(flow.stderr)")
        let graph = try runNibviz(["render", xib.path, "-T", "svg"])
        #expect(graph.status == 0 && !graph.stderr.contains("no storyboard"), "\(graph.stderr)")
        let readme = try temporaryFile("README.md", "# App\n")
        let inspected = try runNibviz(["inspect", readme.path])
        #expect(inspected.status == 1)
        #expect(inspected.stderr.contains("README.md is not named as an Interface Builder document"), "\(inspected.stderr)")
    }

    @Test func svgOnStdoutIsWellFormedXML() throws {
        let input = try temporaryFile("x.dot", "digraph { a -> b [label=\"a & b\"] }")
        let result = try runNibviz(["render", input.path, "-T", "svg"])
        #expect(result.status == 0)
        let document = try XMLDocument(data: result.stdout)
        #expect(document.rootElement()?.name == "svg")
    }

    @Test(arguments: [("png", [UInt8](arrayLiteral: 0x89, 0x50, 0x4E, 0x47)), ("pdf", Array("%PDF".utf8))])
    func binaryFormatsGoToTheOutputFile(format: String, magic: [UInt8]) throws {
        let input = try temporaryFile("x.dot", "digraph { a -> b }")
        let output = input.deletingLastPathComponent().appendingPathComponent("out.\(format)")
        let result = try runNibviz(["render", input.path, "-T", format, "-o", output.path])
        #expect(result.status == 0)
        let bytes = [UInt8](try Data(contentsOf: output))
        #expect(Array(bytes.prefix(magic.count)) == magic)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: input.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["out.\(format)", "x.dot"], "no temporary file is left behind")
    }

    @Test func malformedDOTNamesTheFileAndLineAndExitsOne() throws {
        let input = try temporaryFile("bad.dot", "digraph {\n  a -> b\n  c -> -> d\n}\n")
        let result = try runNibviz(["render", input.path, "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: \(input.path):3: syntax error"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aFailedRenderLeavesAnExistingOutputUntouched() throws {
        let input = try temporaryFile("bad.dot", "digraph { -> }")
        let output = input.deletingLastPathComponent().appendingPathComponent("keep.svg")
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        let result = try runNibviz(["render", input.path, "-o", output.path])
        #expect(result.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
    }

    @Test(arguments: [["-K", "spline"], ["-T", "gif"]])
    func unknownLayoutOrFormatIsAUsageErrorListingValidValues(arguments: [String]) throws {
        let input = try temporaryFile("x.dot", "digraph { a }")
        let result = try runNibviz(["render", input.path] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'dot'") || result.stderr.contains("'svg'"))
    }

    @Test func versionIsPrinted() throws {
        let result = try runNibviz(["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func theBinaryLinksLibgvcAndSpawnsNoDot() throws {
        let ldd = try runCommand(URL(fileURLWithPath: "/usr/bin/ldd"), [TestPaths.nibviz.path])
        #expect(ldd.output.contains("libgvc"))
        // With PATH emptied, a `dot` subprocess could not be found: rendering still works.
        let input = try temporaryFile("x.dot", "digraph { a -> b }")
        let result = try runNibviz(["render", input.path], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0)
        #expect(result.output.contains("</svg>"))
    }

    @Test func missingInputFileIsAFailureNotAUsageError() throws {
        let result = try runNibviz(["render", "/nonexistent/x.dot"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: /nonexistent/x.dot"))
    }

    /// The shipped binary's SVG coordinates go through its own `gvprintdouble`
    /// (GraphvizShim/NumberPrinting.c): glibc's dynamic linker binds Graphviz's SVG plugin to
    /// the executable's definition, in whichever process draws (a one-graph render or a
    /// worker), and the SVG is what libgvc's own function gives (`CoordinatePrintingTests`).
    @Test func svgCoordinatesArePrintedByTheBinarysOwnFunction() throws {
        #if os(Linux)
            let dot = try temporaryFile("rounded.dot", "digraph { node [shape=box, style=rounded]; a -> b -> c; a -> c }\n")
            let log = dot.deletingLastPathComponent().appendingPathComponent("ld")
            let rendered = try runNibviz(
                ["render", dot.path, "-T", "svg"],
                environment: ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": log.path]) { $1 })
            #expect(rendered.status == 0 && rendered.output.contains("<path"), "\(rendered.stderr)")
            let folder = dot.deletingLastPathComponent()
            let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ld.") }
            let bindings = try logs.flatMap { name in
                try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                    .split(separator: "\n").filter { $0.contains("`gvprintdouble'") }
            }
            let binary = TestPaths.nibviz.resolvingSymlinksInPath().lastPathComponent
            #expect(
                !bindings.isEmpty && bindings.allSatisfy { $0.contains("libgvplugin_core") && $0.contains("/\(binary) [") },
                "\(bindings.prefix(3))")
        #endif
    }
}
