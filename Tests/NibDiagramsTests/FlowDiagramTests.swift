import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibDiagrams

@Suite("FlowDiagram")
struct FlowDiagramTests {
    @Test("a storyboard's flow draws as its golden DOT")
    func golden() {
        Golden.check(FlowDiagram.dot(Fixtures.storyboard, options: DiagramOptions(linkBase: "#")), against: snapshot("flow-Main.dot"))
    }

    @Test("one node per scene, titled and never a bare id; segues, entry and reference drawn")
    func structure() throws {
        let svg = SVGInspector(try SVGInspector.render(FlowDiagram.dot(Fixtures.storyboard)))
        #expect(svg.wellFormed)
        let scenes = svg.groups("node").filter { $0.title.hasPrefix("scene:") }
        #expect(scenes.count == 4)
        // Long titles wrap onto a second line: the lines read as the title.
        let titles = ["UINavigationController", "Items", "DetailViewController", "Storyboard: Settings › Root"]
        for (scene, title) in zip(scenes, titles) { #expect(scene.texts.joined(separator: " ").hasPrefix(title)) }
        for scene in scenes { #expect(!["s1", "s2", "s3", "s4"].contains(scene.texts.first ?? "")) }
        #expect(scenes[0].classes.contains("initial"))
        #expect(scenes[3].classes.contains("reference"))
        let segues = svg.groups("edge").filter { !$0.classes.contains("entry") }
        #expect(segues.map { $0.classes[1] } == ["relationship", "segue", "segue"])
        #expect(segues.map { $0.texts.joined() } == ["rootViewController", "show “showDetail”", "presentation “settings”"])
        #expect(svg.groups("edge", role: "entry").count == 1)
    }
}
