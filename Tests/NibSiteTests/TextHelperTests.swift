import Foundation
import Testing

@testable import NibSite

/// `RuleCatalog.unwrapped` and `HTMLText.strippingTags` work on scalars and bytes for speed;
/// each is checked against its plain definition (Foundation's trimming and replacing, one
/// `Character` at a time), on the rule catalogs and on made-up text.
@Suite("Text helpers")
struct TextHelperTests {
    /// The definition `unwrapped` keeps: trim each line, join a line to the one before unless
    /// either starts a block (blank, list item, table row, numbered item).
    static func unwrappedByDefinition(_ markdown: String) -> String {
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let startsBlock = trimmed.isEmpty || trimmed.hasPrefix("- ") || trimmed.hasPrefix("|") || trimmed.first?.isNumber == true
            if let last = lines.last, !startsBlock, !last.trimmingCharacters(in: .whitespaces).isEmpty,
                !last.trimmingCharacters(in: .whitespaces).hasPrefix("|")
            {
                lines[lines.count - 1] = last + " " + trimmed
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The definition `strippingTags` keeps.
    static func strippedByDefinition(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { out.append(character) }
        }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static let madeUp: [String] = [
        "", "\n", "one\ntwo", "  indented\n\tand tabbed  \nthird", "para\n\nnext para\n- item\ncontinued\n| a | b |\nafter",
        "1. first\nwraps here\n2. second", "\u{00A0}non-breaking\u{2003}em space\u{3000}\nideographic", "a\n \n b\n|x\n y",
        "trailing\n", "x\u{0301}\n\u{0301}combining first", "- **R-ABC-1** a rule\n  that wraps\n  twice\n\n| t |\n| u |\nend",
    ]

    @Test func unwrappingMatchesItsDefinition() throws {
        let catalogs = ["data/rules.md", "data/rules-nibviz.md"].map { SiteFixtures.siteRoot.appendingPathComponent($0) }
        let rules = try catalogs.flatMap { RuleCatalog.parse(try String(contentsOf: $0, encoding: .utf8)) }
        #expect(rules.count > 100)
        for text in rules.map(\.markdown) + Self.madeUp {
            #expect(RuleCatalog.unwrapped(text) == Self.unwrappedByDefinition(text), "\(text.debugDescription)")
        }
    }

    @Test func strippingTagsMatchesItsDefinition() throws {
        let catalog = SiteFixtures.siteRoot.appendingPathComponent("data/rules.md")
        let pages = RuleCatalog.parse(try String(contentsOf: catalog, encoding: .utf8)).map {
            MarkdownPage(markdown: RuleCatalog.unwrapped($0.markdown), fallbackTitle: $0.id).html
        }
        let madeUp = [
            "<p>a &amp;lt; b &lt; c &gt; d &quot;e&quot; &#39;f&#39; &amp;amp; &&lt; &am</p>", "no tags &", "<a href=\"x>y\">z</a>",
            "é<b>ü</b>漢字 &amp;", "&", "&amp", "<<>>text<",
        ]
        for html in pages + madeUp {
            #expect(HTMLText.strippingTags(html) == Self.strippedByDefinition(html), "\(html.debugDescription)")
        }
        // A combining mark after `>` or `;` does not hide them, as it does from a `Character`
        // (HTML reads code points): the one place the definition's answer was wrong.
        #expect(HTMLText.strippingTags("x\u{0301}<i>\u{0301}</i>&lt;\u{0301}") == "x\u{0301}\u{0301}<\u{0301}")
    }

    /// `MarkdownPage`'s line split, trimming and replacing on bytes give what Foundation's
    /// `Character` split, `trimmingCharacters(in: .whitespaces)` and `replacingOccurrences` give.
    @Test func markdownLineHelpersMatchTheirDefinitions() throws {
        let pages = try FileManager.default.contentsOfDirectory(
            at: SiteFixtures.siteRoot.appendingPathComponent("pages"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "md" }.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(pages.count > 10)
        let texts = pages + Self.madeUp + ["a\r\nb\nc\r", "\r\n\r\n", "\n\u{301}x", "tab\t \t", " \u{00A0}x\u{00A0} ", "\t\t"]
        for text in texts {
            let lines = MarkdownPage.lines(text)
            #expect(lines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "\(text.debugDescription)")
            for line in lines {
                #expect(MarkdownPage.trimmed(line) == line.trimmingCharacters(in: .whitespaces), "\(line.debugDescription)")
            }
        }
        for (target, text) in [("<p>S</p>", "a<p>S</p>b<p>S</p><p>S</p>"), ("xx", "xxx"), ("<p>S</p>", "none"), ("é", "éaé")] {
            #expect(MarkdownPage.replacing(target, with: "R", in: text) == text.replacingOccurrences(of: target, with: "R"))
        }
    }

    @Test("a page shell is cut at its one content marker; none or two give nil")
    func shellCut() {
        let marker = "\u{0}nibviz-content\u{0}"
        func cut(_ text: String) -> [String]? { SitePlanner.cut(text, at: marker).map { [$0.0, $0.1] } }
        #expect(cut("<head>é</head>" + marker + "<footer>日本</footer>") == ["<head>é</head>", "<footer>日本</footer>"])
        #expect(cut(marker) == ["", ""])
        #expect(cut("a" + marker) == ["a", ""])
        #expect(SitePlanner.cut("no marker", at: marker) == nil)
        #expect(SitePlanner.cut(marker + "x" + marker, at: marker) == nil)
        #expect(SitePlanner.cut(marker + marker, at: marker) == nil)
        #expect(SitePlanner.cut("", at: marker) == nil)
    }
}
