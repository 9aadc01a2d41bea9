import Foundation
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

/// A storyboard that is not the app's main one (R-LAUNCH-1) is loaded from code: its initial
/// controller is instantiated by `instantiateInitialController` and shown, with no app launch
/// around it, and its scenes are reached that way (R-SB-1), never "at launch".
@Suite struct StoryboardRoleTests {
    static let fromCode = StoryboardRole(isMain: false, basis: "App/Info.plist names Main (UIMainStoryboardFile)", isAssumed: false)

    static func launch(_ graph: NibGraph, main: Bool) -> StoryboardLaunch {
        var options = SimulationOptions()
        options.storyboardRole = main ? .assumedMain : fromCode
        return Simulator.launch(storyboard: graph, options: options)
    }

    @Test func aStoryboardLoadedFromCodeGivesItsInitialControllerToTheCodeNotToALaunch() throws {
        let graph = try LaunchFixtures.graph("NavPush.storyboard")
        let main = Self.launch(graph, main: true)
        let other = Self.launch(graph, main: false)
        #expect(!other.timeline.events.contains { $0.rule == "R-LAUNCH-1" })
        #expect(!other.timeline.events.contains { ($0.selector ?? "").contains("didFinishLaunching") })
        #expect(other.role == Self.fromCode)
        for (before, after) in zip(main.scenes, other.scenes) {
            switch (before.reach, after.reach) {
            case (.launch(let shown), .initialController(let visible)): #expect(shown == visible, "\(after.sceneID)")
            case (.launch, _): Issue.record("\(after.sceneID): \(after.reach.summary(on: .ios))")
            default: #expect(before.reach == after.reach, "\(after.sceneID)")
            }
            #expect(!after.reach.summary(on: .ios).contains("at launch"))
        }
        #expect(other.scenes.contains { $0.reach == .initialController(visible: true) })
        // The run itself: instantiated from the storyboard, then shown as the window's root.
        #expect(Simulator.run(document: graph, options: optionsFromCode()).events.first?.selector == "initWithCoder:")
    }

    func optionsFromCode() -> SimulationOptions {
        var options = SimulationOptions()
        options.storyboardRole = Self.fromCode
        return options
    }

    @Test func aMacWindowControllerShownFromCodeShowsItsContentController() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.panel.utf8), file: "Panel.storyboard")
        let other = Self.launch(graph, main: false)
        let content = try #require(other.scenes.first { $0.controllerID.rawValue == "pn-vc-1" })
        #expect(content.reach == .initialController(visible: true), "\(content.reach.summary)")
        #expect(other.timeline.events.contains { $0.receiver?.className == "PanelContent" && $0.selector == "viewDidAppear" })
        #expect(other.timeline.events.contains { $0.selector == "showWindow:" && $0.rule == "R-MAC-12" })
    }

    /// A window controller and its content view controller (R-MAC-13).
    static let panel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="MacOSX.Cocoa" initialViewController="pn-wc-1">
            <scenes>
                <scene sceneID="pn-sc-1">
                    <objects>
                        <windowController id="pn-wc-1" customClass="PanelController" sceneMemberID="viewController">
                            <window key="window" title="Panel" id="pn-wn-1"/>
                            <connections>
                                <segue destination="pn-vc-1" kind="relationship" relationship="window.shadowedContentViewController" id="pn-rl-1"/>
                            </connections>
                        </windowController>
                    </objects>
                </scene>
                <scene sceneID="pn-sc-2">
                    <objects>
                        <viewController id="pn-vc-1" customClass="PanelContent" sceneMemberID="viewController">
                            <view key="view" id="pn-vw-1"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
}
