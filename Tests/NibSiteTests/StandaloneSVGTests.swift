import Foundation
import NibDOT
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A diagram too large to read inline opens in the zoom viewer, which links to its standalone
/// SVG ("Open SVG"). Opened on its own, that file sees no page theme: it carries the diagrams'
/// dark palette behind `prefers-color-scheme` (NibDOT's `SVGTheming`, the colours
/// `assets/diagrams.css` gives the inline copy), while the inline copy stays as rendered.
@Suite("Standalone SVG")
struct StandaloneSVGTests {
    @Test func theViewerStandaloneSVGFollowsTheSystemThemeAndTheInlineCopyIsUnchanged() throws {
        let directory = SiteFixtures.temporaryDirectory("standalone-svg")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil)
        let sources = try NSRegularExpression(pattern: "<figure class=\"[^\"]* zoomable\" data-src=\"([^\"]*)\">")
        let darkRules = SVGTheming.rules(dark: true)
        var checked = 0
        var inline = 0
        for page in LinkChecker.htmlFiles(output).sorted() {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let range = NSRange(html.startIndex..., in: html)
            for match in sources.matches(in: html, range: range) {
                guard let found = Range(match.range(at: 1), in: html) else { continue }
                let file = output.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(String(html[found]))
                let svg = try String(contentsOf: file, encoding: .utf8)
                #expect(svg.contains(darkRules + "}"), "\(file.lastPathComponent)")
                #expect(svg.contains("@media (prefers-color-scheme: dark){\n:root{background:\(Palette.background(dark: true))}"))
                #expect(svg.contains(".graph>polygon{fill:\(Palette.background(dark: true))}"))
                // Opened "full size": no shrinking to the window.
                #expect(!svg.contains("max-width:100%"))
                checked += 1
            }
            // The others are readable inline: the viewer decision (made as each SVG comes in) holds.
            for figure in InlineSVG.all(in: html) where figure.zoomSource == nil {
                #expect(figure.problem == nil, "\(page): \(figure.title): \(figure.problem ?? "")")
                inline += 1
            }
            // Inline copies get their dark colours from the page's diagrams.css, never a <style> of their own.
            #expect(!html.contains("prefers-color-scheme: dark){\n.graph"), "\(page)")
        }
        #expect(checked > 0, "the concept site has diagrams in the zoom viewer")
        #expect(inline > 10, "and diagrams inline")
    }
}
