import Foundation
import NibModel
import NibParsing
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

/// A tab bar controller's tabs keep their order in the drawing's labels: the layout places
/// them where it likes (Yep's Feeds tab came last instead of third).
@Suite("FlowDiagram: tab order")
struct FlowTabOrderTests {
    static func tabs() throws -> NibGraph {
        func tab(_ number: Int) -> String {
            """
                    <scene sceneID="ts\(number)-aa-001">
                        <objects>
                            <viewController title="Tab \(number)" id="tv\(number)-aa-001" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="tw\(number)-aa-001"/>
                            </viewController>
                        </objects>
                    </scene>
            """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="tb0-aa-001">
                <scenes>
                    <scene sceneID="tbs-aa-001">
                        <objects>
                            <tabBarController id="tb0-aa-001" sceneMemberID="viewController">
                                <tabBar key="tabBar" contentMode="scaleToFill" id="tbb-aa-001"/>
                                <connections>
                                    <segue destination="tv2-aa-001" kind="relationship" relationship="viewControllers" id="rl2-aa-001"/>
                                    <segue destination="tv0-aa-001" kind="relationship" relationship="viewControllers" id="rl0-aa-001"/>
                                    <segue destination="tv1-aa-001" kind="relationship" relationship="viewControllers" id="rl1-aa-001"/>
                                </connections>
                            </tabBarController>
                        </objects>
                    </scene>
            \(tab(0))
            \(tab(1))
            \(tab(2))
                </scenes>
            </document>
            """
        return try NibDocumentParser.parse(data: Data(xml.utf8), file: "Tabs.storyboard")
    }

    @Test func tabsAreNumberedInDocumentOrder() throws {
        let dot = FlowDiagram.dot(try Self.tabs())
        for (position, tab) in [2, 0, 1].enumerated() {
            #expect(dot.contains("\"scene:tbs-aa-001\" -> \"scene:ts\(tab)-aa-001\" ["))
            let edge = dot.split(separator: "\n").first { $0.contains("-> \"scene:ts\(tab)-aa-001\"") } ?? ""
            #expect(edge.contains("label=\"viewControllers[\(position)]\""), "\(edge)")
        }
        #expect(!dot.contains("viewControllers[3]"))
    }
}
