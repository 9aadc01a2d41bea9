import Foundation
import NibSimulation
import NibTestSupport
import Testing

/// `nibviz simulate` on storyboards, end to end.
@Suite("nibviz simulate on storyboards")
struct StoryboardCommandTests {
    static let fixtures = "Tests/NibSimulationTests/__Fixtures__"

    @Test("R-LAUNCH-1: --class-table limits L1 to the selectors the table says RootVC overrides; no 'assumed' note")
    func classTableOption() throws {
        let result = try runNibviz(
            ["simulate", "\(Self.fixtures)/NavPush.storyboard", "--class-table", "\(Self.fixtures)/classes-navpush.yaml", "--trace", "L1"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(result.output == "-[RootVC viewDidLoad]\n-[RootVC viewDidAppear:]\n")
        #expect(!result.stderr.contains("every outlet key is assumed"))
    }

    @Test("R-LAUNCH-1: a class table missing the outlet's key predicts NSUnknownKeyException and exits 0 with the timeline")
    func classTablePredictsTheException() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-ct-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("classes.yaml")
        try "RootVC: { keys: [], overrides: [viewDidLoad] }\n".write(to: table, atomically: true, encoding: .utf8)
        let result = try runNibviz(
            ["simulate", "\(Self.fixtures)/NavPush.storyboard", "--class-table", table.path, "--trace", "L1"],
            currentDirectory: TestPaths.packageRoot)
        #expect(
            result.output
                == "EXCEPTION NSUnknownKeyException: [<RootVC 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key detailsButton.\n"
        )
    }

    @Test("a class table that is not a mapping is an error naming the file and line")
    func badClassTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-ct-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("classes.yaml")
        try "- RootVC\n".write(to: table, atomically: true, encoding: .utf8)
        let result = try runNibviz(
            ["simulate", "\(Self.fixtures)/NavPush.storyboard", "--class-table", table.path], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(table.path):1:"))
    }

    @Test("simulate --help says what a bare .xib and .storyboard run does")
    func helpText() throws {
        let result = try runNibviz(["simulate", "--help"], currentDirectory: TestPaths.packageRoot)
        // The help is wrapped to the terminal: read it as one line.
        let text = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("launched as the app's main storyboard"))
        #expect(text.contains("only the visible chain"))
        #expect(!text.contains("the way an app meets it"))
        // One paragraph: no line of the description ends after a word or two.
        let description = result.output.components(separatedBy: "USAGE:").first ?? ""
        #expect(!description.split(separator: "\n").dropLast().contains { $0.count < 20 && !$0.hasPrefix("OVERVIEW") }, "\(description)")
    }
}

/// AppKit storyboards (R-LAUNCH-1, R-SB-3 on macOS, R-MAC-13).
@Suite("macOS storyboard segues")
struct MacStoryboardSegueTests {
    static let yaml = """
        platform: macos
        osVersion: "14.0"
        trace: L1
        classes:
          MainVC: { superclass: NSViewController, overrides: [viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, "prepareForSegue:sender:"] }
          SheetVC: { superclass: NSViewController, overrides: ["initWithCoder:", viewDidLoad, viewWillAppear, viewDidAppear] }
        nibs:
          Main:
            initialViewController: wc1
            scenes:
              - id: s1
                objects:
                  - id: wc1
                    element: windowController
                    sceneMember: viewController
                    children:
                      - { id: w1, element: window, key: window, attributes: { visibleAtLaunch: "NO" } }
                    connections:
                      - { segue: relationship, relationship: window.shadowedContentViewController, destination: vc1, id: c1 }
              - id: s2
                objects:
                  - id: vc1
                    element: viewController
                    customClass: MainVC
                    sceneMember: viewController
                    children:
                      - id: v1
                        element: view
                        key: view
                        children:
                          - id: b1
                            element: button
                            connections:
                              - { segue: sheet, destination: vc2, id: c2 }
              - id: s3
                objects:
                  - id: vc2
                    element: viewController
                    customClass: SheetVC
                    sceneMember: viewController
                    children:
                      - { id: v2, element: view, key: view }
        steps:
          - launch: { mainNib: Main }
          - startTrace
          - segue: { controller: vc1, from: b1 }
        """

    @Test("R-SB-3: a macOS sheet segue presents the destination; the source stays on screen (no disappear)")
    func sheetSegue() throws {
        #expect(
            try SpecScenario.text(yaml: Self.yaml) == """
                -[SheetVC initWithCoder:]
                -[MainVC prepareForSegue:sender:]
                -[SheetVC viewDidLoad]
                -[SheetVC viewWillAppear]
                -[SheetVC viewDidAppear]

                """)
    }

    @Test("R-LAUNCH-1: the macOS launch loads the window content and it appears, with no application scene")
    func macLaunchWithoutApplicationScene() throws {
        let launch = Self.yaml.replacingOccurrences(of: "  - startTrace\n  - segue: { controller: vc1, from: b1 }", with: "")
        #expect(try SpecScenario.text(yaml: launch) == "-[MainVC viewDidLoad]\n-[MainVC viewWillAppear]\n-[MainVC viewDidAppear]\n")
    }
}

/// A navigation controller presented by a segue keeps its own stack (R-SB-3, R-SB-5).
@Suite("Presented navigation stacks")
struct PresentedNavigationTests {
    static let yaml = """
        platform: ios
        osVersion: "16.0"
        trace: L1
        classes:
          RootVC: { overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
          ModalRootVC: { overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:", "prepareForSegue:sender:"] }
          ModalNextVC: { overrides: ["initWithCoder:", viewDidLoad, "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
        nibs:
          Main:
            initialViewController: root
            scenes:
              - id: s1
                objects:
                  - id: root
                    element: viewController
                    customClass: RootVC
                    sceneMember: viewController
                    children: [{ id: rv, element: view, key: view }]
                    connections:
                      - { segue: presentation, identifier: modal, modalPresentationStyle: fullScreen, destination: nav2, id: g1 }
              - id: s2
                objects:
                  - id: nav2
                    element: navigationController
                    sceneMember: viewController
                    connections:
                      - { segue: relationship, relationship: rootViewController, destination: mr, id: g2 }
              - id: s3
                objects:
                  - id: mr
                    element: viewController
                    customClass: ModalRootVC
                    sceneMember: viewController
                    children: [{ id: mv, element: view, key: view }]
                    connections:
                      - { segue: show, identifier: next, destination: mn, id: g3 }
              - id: s4
                objects:
                  - id: mn
                    element: viewController
                    customClass: ModalNextVC
                    sceneMember: viewController
                    children: [{ id: nv, element: view, key: view }]
        steps:
          - launch: { mainNib: Main }
          - segue: { controller: root, identifier: modal, trigger: code }
          - startTrace
          - segue: { controller: mr, identifier: next, trigger: code }
          - back
          - back
        """

    @Test("R-SB-3 R-SB-5: a show segue inside a presented navigation controller pushes there; back pops, then dismisses it")
    func pushInsidePresentedNavigation() throws {
        #expect(
            try SpecScenario.text(yaml: Self.yaml) == """
                -[ModalNextVC initWithCoder:]
                -[ModalRootVC prepareForSegue:sender:]
                -[ModalNextVC viewDidLoad]
                -[ModalRootVC viewWillDisappear:]
                -[ModalNextVC viewWillAppear:]
                -[ModalRootVC viewDidDisappear:]
                -[ModalNextVC viewDidAppear:]
                -[ModalNextVC viewWillDisappear:]
                -[ModalRootVC viewWillAppear:]
                -[ModalNextVC viewDidDisappear:]
                -[ModalRootVC viewDidAppear:]
                -[ModalRootVC viewWillDisappear:]
                -[RootVC viewWillAppear:]
                -[RootVC viewDidAppear:]
                -[ModalRootVC viewDidDisappear:]

                """)
    }
}

/// AppKit view-based tables in storyboards: cell views are nibs of their own (R-SB-7, R-AWAKE-4).
@Suite("macOS prototype cell views")
struct MacCellViewTests {
    static func yaml(_ identifier: String) -> String {
        """
        platform: macos
        osVersion: "14.0"
        trace: L2
        classes:
          ListVC: { superclass: NSViewController, overrides: [awakeFromNib, viewDidLoad] }
          NameCellView: { superclass: NSTableCellView, keys: [textField], overrides: ["initWithCoder:", awakeFromNib] }
        nibs:
          Main:
            initialViewController: wc1
            scenes:
              - id: s1
                objects:
                  - id: wc1
                    element: windowController
                    sceneMember: viewController
                    children:
                      - { id: w1, element: window, key: window, attributes: { visibleAtLaunch: "NO" } }
                    connections:
                      - { segue: relationship, relationship: window.shadowedContentViewController, destination: vc1, id: c1 }
              - id: s2
                objects:
                  - id: vc1
                    element: viewController
                    customClass: ListVC
                    sceneMember: viewController
                    children:
                      - id: v1
                        element: view
                        key: view
                        children:
                          - id: tv1
                            element: tableView
                            children:
                              - id: col1
                                element: tableColumn
                                attributes: { identifier: NameColumn }
                                children:
                                  - id: cv1
                                    element: tableCellView
                                    customClass: NameCellView
                                    connections:
                                      - { outlet: textField, destination: tf1, id: o1 }
                                    children:
                                      - { id: tf1, element: textField }
        steps:
          - launch: { mainNib: Main }
          - startTrace
          - dequeueCell: { controller: vc1, identifier: \(identifier), count: 2 }
        """
    }

    @Test("R-SB-7 R-AWAKE-4: makeViewWithIdentifier:owner: loads the cell view's nib; the owner is awakened each time")
    func cellViewAtDequeue() throws {
        let launch = try SpecScenario.run(Self.yaml("NameColumn").replacingOccurrences(of: "  - startTrace\n", with: ""))
        let launchOnly = launch.events.prefix { $0.selector != "makeViewWithIdentifier:owner:" }
        #expect(!launchOnly.contains { $0.receiver?.className == "NameCellView" })
        let timeline = try SpecScenario.run(Self.yaml("NameColumn"))
        #expect(
            TimelineFormatter.format(timeline, as: .text) == """
                -[NameCellView initWithCoder:]
                -[NameCellView setTextField:] value=NSTextField
                -[NameCellView awakeFromNib]
                -[ListVC awakeFromNib]
                -[NameCellView#cv1.2 initWithCoder:]
                -[NameCellView#cv1.2 setTextField:] value=NSTextField#tf1.2
                -[NameCellView#cv1.2 awakeFromNib]
                -[ListVC awakeFromNib]

                """)
        #expect(timeline.events.contains { $0.selector == "makeViewWithIdentifier:owner:" && $0.level == .l3 })
    }

    @Test("R-SB-6: on macOS an unknown identifier makes makeViewWithIdentifier:owner: return nil, said at L1")
    func unknownCellViewIdentifier() throws {
        #expect(
            try SpecScenario.text(yaml: Self.yaml("Nope"))
                == "LOG makeViewWithIdentifier:owner: finds no view for identifier Nope; it returns nil\n")
    }
}

/// `simulate --scene`.
@Suite("nibviz simulate --scene")
struct SimulateSceneTests {
    @Test("R-SB-1: --scene prints the run that reaches a scene through its segue, and says how it was reached")
    func sceneBySegue() throws {
        let result = try runNibviz(
            ["simulate", "\(StoryboardCommandTests.fixtures)/NavPush.storyboard", "--scene", "Detail", "--trace", "L1"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("-[RootVC shouldPerformSegueWithIdentifier:sender:]\n-[DetailVC initWithCoder:]\n"))
        #expect(result.stderr.contains("note: scene dsc-00-001 (det-00-001): reached after segue seg-00-001"))
    }

    @Test("R-SB-1: an unknown --scene is an error listing the scenes")
    func unknownScene() throws {
        let result = try runNibviz(
            ["simulate", "\(StoryboardCommandTests.fixtures)/NavPush.storyboard", "--scene", "nope"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no scene 'nope'; scenes with a controller: nsc-00-001 (nav-00-001)"))
    }
}
