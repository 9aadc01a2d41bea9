import Foundation
import NibParsing
import NibScenario
import NibSimulation
import NibTestSupport
import Testing

/// Bare `.xib`/`.storyboard` runs and scenarios that reference documents by path.
@Suite("Document runs")
struct DocumentRunTests {
    @Test("nibviz simulate FILE.xib prints the timeline and says once on stderr that keys are assumed")
    func bareDocumentRun() throws {
        let result = try runNibviz(["simulate", "site/scenarios/spec/docs/CardView.xib"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "-[CardView initWithCoder:]\n-[CardButton initWithCoder:]\n-[CardOwner setValue:forKey:] key=rootView value=CardView\n"))
        #expect(result.stderr.components(separatedBy: "every outlet key is assumed to exist").count == 2)
    }

    @Test("R-LAUNCH-1 R-SB-1: a bare storyboard launches: the initial controller loads and appears, the segue's destination waits")
    func bareStoryboardRun() throws {
        // Before issue 14 a bare storyboard decoded every scene in document order (DetailVC
        // included); an app instantiates DetailVC only when its segue fires.
        let result = try runNibviz(
            ["simulate", "site/scenarios/spec/docs/Main.storyboard", "--trace", "L1"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(
            result.output == """
                -[ViewController initWithCoder:]
                -[ViewController awakeFromNib]
                -[ViewController loadView]
                -[ViewController viewDidLoad]
                -[ViewController viewWillAppear:]
                -[ViewController viewIsAppearing:]
                -[ViewController viewWillLayoutSubviews]
                -[ViewController viewDidLayoutSubviews]
                -[ViewController viewDidAppear:]

                """)
        #expect(result.stderr.contains("1 scene not instantiated at launch"))
    }

    @Test("a scenario's inline nib and the same document by path give the same timeline")
    func inlineMatchesDocument() throws {
        let yaml = """
            platform: ios
            trace: L2
            classes:
              CardOwner: { superclass: NSObject, keys: [rootView, button], overrides: [] }
              CardView: { superclass: UIView, overrides: ["initWithCoder:", awakeFromNib] }
              CardButton: { superclass: UIButton, overrides: ["initWithCoder:", awakeFromNib] }
            objects:
              owner: { class: CardOwner }
            nibs:
              CardView:
                objects:
                  - id: "-1"
                    placeholder: IBFilesOwner
                    customClass: CardOwner
                    connections:
                      - { outlet: rootView, destination: xRo-ot-001, id: o1a-aa-001 }
                      - { outlet: button, destination: btn-00-001, id: o1a-aa-002 }
                  - { id: "-2", placeholder: IBFirstResponder, customClass: UIResponder }
                  - id: xRo-ot-001
                    element: view
                    customClass: CardView
                    children:
                      - id: btn-00-001
                        element: button
                        customClass: CardButton
                        connections:
                          - { action: "tap:", destination: "-1", eventType: touchUpInside, id: a1a-aa-001 }
            steps:
              - loadNib: { nib: CardView, owner: owner }
            """
        let document = TimelineFormatter.format(Simulator.run(try SpecScenario.load("G-NIB-1")), as: .json)
        #expect(TimelineFormatter.format(try SpecScenario.run(yaml), as: .json) == document)
    }

    @Test("a missing document path is an error at the path's line")
    func missingDocument() {
        #expect(throws: LocatedError.self) {
            try ScenarioParser.parse(
                yaml: "platform: ios\nnibs:\n  N: { path: nowhere.xib }\n", file: "s.yaml", baseDirectory: URL(fileURLWithPath: "/tmp"))
        }
    }
}
