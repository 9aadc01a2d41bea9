import Foundation
import NibModel
import Testing

@testable import NibDOT
@testable import NibDiagrams

@Suite("DOTEscaping")
struct DOTEscapingTests {
    /// Hostile strings: each must come back from Graphviz exactly as written.
    static let hostile: [String] = [
        "plain",
        "quote \" inside",
        "back\\slash",
        "trailing backslash \\",
        "\\N \\G \\E \\T \\H \\L \\l \\r \\n",
        "<b>tag</b> & amp &amp; &lt; &#39;",
        "ünïcödé — 日本語 🚀",
        "brace { } [ ] ; , = -> --",
        "'single' `tick` $dollar %percent",
        String(repeating: "VeryLongClassName", count: 40),
    ]

    @Test(
        "quoted strings escape quotes, backslashes and ampersands",
        arguments: [
            ("a\"b", "\"a\\\"b\""),
            ("a\\b", "\"a\\\\b\""),
            ("\\N", "\"\\\\N\""),
            ("x&y", "\"x&amp;y\""),
            ("l1\nl2", "\"l1\\nl2\""),
            ("l1\r\nl2", "\"l1\\nl2\""),
            ("tab\there", "\"tab here\""),
            ("nul\0", "\"nul\""),
            // The escaper works on UTF-8 bytes: multi-byte line separators and other text.
            ("a\u{2028}b\u{2029}c\u{85}d", "\"a\\nb\\nc\\nd\""),
            ("r\r\rs", "\"r\\n\\ns\""),
            ("é\"日😀\u{7F}", "\"é\\\"日😀 \""),
        ])
    func quotedEscapes(input: String, expected: String) {
        #expect(DOTEscaping.quoted(input) == expected)
    }

    @Test("tooltips double backslashes again because Graphviz expands them twice")
    func tooltipDoublesBackslashes() {
        #expect(DOTEscaping.quoted("\\N", for: .tooltip) == "\"\\\\\\\\N\"")
        #expect(DOTEscaping.quoted("a&b", for: .url) == "\"a&amp;b\"")
    }

    @Test("URLs percent-encode what a URL never holds raw, line separators as their UTF-8 bytes")
    func urlEscapes() {
        #expect(DOTEscaping.quoted("a b\"<x>'é\\", for: .url) == "\"a%20b%22%3Cx%3E%27é%5C\"")
        #expect(DOTEscaping.quoted("l1\r\nl2\u{2028}", for: .url) == "\"l1%0D%0Al2%E2%80%A8\"")
    }

    @Test(
        "HTML label text escapes markup, backslashes and line breaks",
        arguments: [
            ("<b>", "&lt;b&gt;"),
            ("a&b", "a&amp;b"),
            ("\"q\"", "&quot;q&quot;"),
            ("\\N", "\\\\N"),
            ("l1\nl2", "l1<BR/>l2"),
        ])
    func htmlEscapes(input: String, expected: String) {
        #expect(DOTEscaping.html(input) == expected)
    }

    @Test("hostile strings survive Graphviz unchanged in labels, HTML labels and tooltips", arguments: hostile)
    func hostileRoundTrip(text: String) throws {
        let dot = DOTEncoder.encode(
            DOTGraph(
                name: text,
                statements: [
                    .node(DOTNode(text, ["label": .text(text), "tooltip": .tooltip(text), "class": "plain"])),
                    .node(
                        DOTNode(
                            text + "2",
                            ["label": .html("<B>" + DOTEscaping.html(text) + "</B>"), "tooltip": .tooltip(text), "class": "html"])),
                    .edge(DOTEdge(text, text + "2", ["label": .text(text), "tooltip": .tooltip(text)])),
                ]))
        let svg = SVGInspector(try SVGInspector.render(dot))
        #expect(svg.wellFormed)
        let plain = try #require(svg.groups("node", role: "plain").first)
        // Node names are keys, not text: Graphviz keeps a name's escapes, so only check it parsed.
        #expect(!plain.title.isEmpty)
        #expect(plain.texts.joined() == text)
        #expect(plain.linkTitles == [text])
        let html = try #require(svg.groups("node", role: "html").first)
        #expect(html.texts.joined() == text)
        #expect(html.linkTitles == [text])
        let edge = try #require(svg.groups("edge").first)
        #expect(edge.texts.joined() == text)
    }

    @Test("multi-line text keeps its lines")
    func newlinesBecomeLines() throws {
        let dot = DOTEncoder.encode(
            DOTGraph(
                name: "g",
                statements: [.node(DOTNode("n", ["label": .text("one\ntwo"), "tooltip": .tooltip("one\ntwo"), "class": "plain"]))]))
        let node = try #require(SVGInspector(try SVGInspector.render(dot)).groups("node").first)
        #expect(node.texts == ["one", "two"])
        #expect(node.linkTitles == ["one\ntwo"])
    }

    @Test(
        "tokens and percent-encoding keep only safe characters",
        arguments: [
            ("BYZ-38-t0r", "BYZ-38-t0r", "BYZ-38-t0r"),
            ("a b/\"<>", "a-b----", "a%20b%2F%22%3C%3E"),
            ("é", "-", "%C3%A9"),
            ("a~b.c_d", "a-b-c-d", "a~b.c_d"),
            ("日本 x", "---x", "%E6%97%A5%E6%9C%AC%20x"),
        ])
    func tokens(input: String, token: String, percent: String) {
        #expect(DOTEscaping.token(input) == token)
        #expect(DOTEscaping.percentEncoded(input) == percent)
    }

    @Test("truncation keeps short text and cuts long text with an ellipsis")
    func truncation() {
        #expect(DOTEscaping.truncated("short", limit: 10) == "short")
        #expect(DOTEscaping.truncated("0123456789abc", limit: 10) == "012345678…")
    }
}

@Suite("DOT text")
struct DOTTextTests {
    /// Made in runs of ASCII and of other characters, the string is the bytes' string.
    @Test(arguments: [
        "", "a", "plain ASCII that runs past eight bytes", "—", "a—b", "title — 818 events", "é", "x · y · z", "日本語のラベル",
        "👩‍👩‍👧 and e\u{301}", "twelve bytes—then more ASCII after it", String(repeating: "ab·", count: 100),
    ])
    func stringIsTheBytesString(text: String) {
        for prefix in ["", "1234567"] {
            let whole = prefix + text
            let out = ByteText()
            out.append(whole)
            #expect(out.string == whole)
            #expect(Array(out.string.utf8) == Array(whole.utf8))
        }
    }
}

extension DOTTextTests {
    /// Long texts go in runs: ASCII gaps between other characters shorter than, as long as and
    /// longer than the run limit, at the start, in the middle and at the end.
    @Test(arguments: [0, 1, 10, 63, 64, 65, 200, 1_500])
    func longTextsMadeInRuns(gap: Int) {
        let ascii = String(repeating: "a", count: gap)
        for text in [
            String(repeating: "·" + ascii, count: 40) + String(repeating: "z", count: 1_100),
            String(repeating: "q", count: 1_100) + String(repeating: ascii + "日本", count: 30),
            "é" + String(repeating: "x", count: 1_030) + ascii + "👩‍👩‍👧" + ascii,
        ] {
            let out = ByteText()
            out.append(text)
            #expect(out.string == text)
            #expect(Array(out.string.utf8) == Array(text.utf8))
        }
    }
}

@Suite("HTML-like label text on bytes")
struct HTMLLabelBytesTests {
    /// The scalar-by-scalar escaping `DOTEscaping.html` did before it worked on bytes: the
    /// definition the byte version must match.
    static func scalarHTML(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\\": out += "\\\\"
            case "\n" where previousWasCR: continue
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}": out += "<BR/>"
            case "\0": continue
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    @Test(arguments: [
        "", "plain", "a & b < c > d \"e\" \\N", "line\r\nbreak", "\r\r\n\n", "\r\u{2028}\n", "é\u{85}x", "\u{2028}\u{2029}",
        "nul\0byte\u{7F}del\u{1}\t", "日本語 <ラベル>", "👩‍👩‍👧 & e\u{301}", "\u{2027}\u{202A}\u{84}\u{86}", "tail\r",
    ])
    func matchesTheScalarDefinition(text: String) {
        #expect(DOTEscaping.html(text) == Self.scalarHTML(text))
        let out = ByteText()
        out += "<B>"
        DOTEscaping.appendHTML(text, to: out)
        #expect(out.string == "<B>" + Self.scalarHTML(text))
    }
}
