import Foundation
import NibDOT
import Testing

@testable import NibDiagrams

@Suite("SVGTheming")
struct SVGThemingTests {
    @Test("auto embeds a prefers-color-scheme stylesheet keyed on role classes")
    func autoEmbedsStyle() throws {
        let dot = ObjectGraphDiagram.dot(Fixtures.cardView, options: DiagramOptions(theme: .auto))
        let svg = SVGTheming.apply(.auto, to: try SVGInspector.render(dot))
        let inspector = SVGInspector(svg)
        #expect(inspector.wellFormed)
        #expect(inspector.styleText.contains("@media (prefers-color-scheme: dark)"))
        for role in StyleRole.allCases { #expect(inspector.styleText.contains(".\(role.cssClass)")) }
        #expect(SVGTheming.apply(.auto, to: try SVGInspector.render(dot)) == svg)
    }

    @Test("light and dark SVG are left as Graphviz drew them", arguments: [DiagramTheme.light, .dark])
    func fixedThemesUntouched(theme: DiagramTheme) throws {
        let bytes = try SVGInspector.render(ObjectGraphDiagram.dot(Fixtures.cardView, options: DiagramOptions(theme: theme)))
        #expect(SVGTheming.apply(theme, to: bytes) == bytes)
    }

    @Test("dark DOT draws on the dark background")
    func darkBackground() {
        #expect(ObjectGraphDiagram.dot(Fixtures.cardView, options: DiagramOptions(theme: .dark)).contains("bgcolor=\"#1e1f22\""))
    }
}
