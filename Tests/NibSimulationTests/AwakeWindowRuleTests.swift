import NibSimulation
import Testing

/// SPEC §6 and §7 (R-AWAKE, R-WIN).
@Suite("awakeFromNib and window rules (R-AWAKE, R-WIN)")
struct AwakeWindowRuleTests {
    @Test("R-AWAKE-1: awakeFromNib comes after every instantiation and connection")
    func awakeComesLast() throws {
        let events = Simulator.run(try SpecScenario.load("G-WIN-1")).visibleEvents(at: .l2)
        let firstAwake = try #require(events.firstIndex { $0.selector == "awakeFromNib" })
        #expect(events[..<firstAwake].allSatisfy { $0.phase == .p2 || $0.phase == .p3 })
        #expect(events[firstAwake...].allSatisfy { $0.phase != .p2 && $0.phase != .p3 })
    }

    @Test("R-AWAKE-2: iOS never awakens File's Owner or other placeholders")
    func iosSkipsPlaceholders() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-AWAKE-1-a"))
        #expect(!timeline.events.contains { $0.selector == "awakeFromNib" && $0.receiver?.className == "Owner" })
    }

    @Test("R-AWAKE-3: macOS awakens File's Owner and the Application placeholder object once (E.3)")
    func macAwakensPlaceholders() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-WIN-1"))
        let awakened = timeline.events.filter { $0.selector == "awakeFromNib" }.compactMap(\.receiver?.className)
        #expect(awakened == ["NSMenu", "NSWindow", "NSView", "GoButton", "AppDelegate", "NSApplication"])
        #expect(awakened.filter { $0 == "NSApplication" }.count == 1)
    }

    @Test("R-AWAKE-4: the macOS owner is awakened on every load it owns")
    func ownerAwakenedPerLoad() throws {
        let text = try SpecScenario.text("G-AWAKE-2", level: .l1)
        #expect(text.components(separatedBy: "-[Delegate awakeFromNib]").count - 1 == 3)
    }

    @Test("R-AWAKE-5: an awakeFromNib override without super has no other visible effect")
    func missingSuperIsInvisible() throws {
        var scenario = try SpecScenario.load("G-AWAKE-1-b")
        scenario.classes?["Pane"]?.behaviour.withoutSuper = ["awakeFromNib"]
        #expect(TimelineFormatter.format(Simulator.run(scenario)) == (try SpecScenario.text("G-AWAKE-1-b", level: .l1)))
    }

    @Test("R-AWAKE-6: objects in SIM-ORDER first, then the macOS owner last")
    func ownerIsLast() throws {
        let text = try SpecScenario.text("G-INIT-2", level: .l1)
        #expect(text.hasSuffix("-[Controller awakeFromNib]\n-[Owner awakeFromNib]\n"))
    }

    @Test("R-AWAKE-7: a storyboard VC gets initWithCoder: then awakeFromNib before its view loads")
    func storyboardControllerAwakes() throws {
        #expect(
            try SpecScenario.text("G-XML-1", level: .l1).hasPrefix("-[ViewController initWithCoder:]\n-[ViewController awakeFromNib]\n"))
    }

    @Test("R-AWAKE-8: prepareForInterfaceBuilder only in design-time mode, after awakeFromNib")
    func designTimeOnly() throws {
        var scenario = try SpecScenario.load("G-INIT-1")
        scenario.classes?["MyView"]?.overrides?.append("prepareForInterfaceBuilder")
        #expect(!TimelineFormatter.format(Simulator.run(scenario)).contains("prepareForInterfaceBuilder"))
        scenario.flags.designTime = true
        #expect(
            TimelineFormatter.format(Simulator.run(scenario)).hasSuffix("-[Helper awakeFromNib]\n-[MyView prepareForInterfaceBuilder]\n"))
    }

    @Test("R-AWAKE-9: IB test mode has no run-time effect — plain runs send awakeFromNib only from loads")
    func testModeHasNoRuntimeEffect() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-INIT-1"))
        #expect(timeline.events.filter { $0.selector == "awakeFromNib" }.allSatisfy { $0.phase == .p4 })
    }

    @Test("R-AWAKE-10: at awakeFromNib every object of the nib is instantiated and connected")
    func allObjectsReadyAtAwake() throws {
        let events = Simulator.run(try SpecScenario.load("G-NIB-1")).events
        let awake = try #require(events.firstIndex { $0.selector == "awakeFromNib" })
        #expect(events[awake...].allSatisfy { $0.phase == .p4 || $0.phase == .p5 })
    }

    @Test("R-WIN-1: visible windows are shown in P5 with SHOW-WINDOW and no selector")
    func windowsShownInP5() throws {
        let show = try #require(Simulator.run(try SpecScenario.load("G-WIN-1")).events.first { $0.kind == .showWindow })
        #expect(show.phase == .p5)
        #expect(show.selector == nil)
        #expect(show.level == .l2)
    }

    @Test("R-WIN-2: visibleAtLaunch=\"NO\" keeps a window hidden; a missing attribute shows it", arguments: [("NO", false), ("YES", true)])
    func visibleAtLaunchAttribute(_ value: String, _ shown: Bool) throws {
        let yaml = """
            platform: macos
            trace: L2
            nibs:
              N:
                objects:
                  - { id: w1, element: window, attributes: { visibleAtLaunch: "\(value)" } }
                  - { id: w2, element: window, customClass: Panel }
            steps:
              - loadNib: { nib: N }
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.contains("SHOW-WINDOW NSWindow") == shown)
        #expect(text.contains("SHOW-WINDOW Panel\n"))
    }

    @Test("R-WIN-3: a legacy iOS MainWindow.xib window is made visible after connections")
    func iosLegacyWindow() throws {
        let yaml = """
            platform: ios
            trace: L2
            nibs:
              MainWindow:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - { id: w1, element: window, attributes: { visibleAtLaunch: "YES" } }
            steps:
              - launch: { mainNib: MainWindow }
            """
        let event = try #require(try SpecScenario.run(yaml).events.first { $0.kind == .showWindow })
        #expect(event.rule == "R-WIN-3")
    }

    @Test("R-WIN-4: a visible window of a nib appears during the load, before later steps")
    func windowAppearsDuringLoad() throws {
        let lines = try SpecScenario.text("G-WIN-1", level: .l2).split(separator: "\n")
        let show = try #require(lines.firstIndex(of: "SHOW-WINDOW NSWindow"))
        let launched = try #require(lines.firstIndex(of: "-[AppDelegate applicationWillFinishLaunching:]"))
        #expect(show < launched)
    }

    @Test("R-WIN-5: the macOS main nib completes P2–P5 before the launch notifications")
    func mainNibBeforeLaunchNotifications() throws {
        let events = Simulator.run(try SpecScenario.load("G-WIN-1")).events
        let launch = try #require(events.firstIndex { $0.selector == "applicationWillFinishLaunching:" })
        #expect(events[..<launch].allSatisfy { $0.load == 1 })
        #expect(events[launch].rule == "R-WIN-5")
    }
}

/// R-WIN-6 on a macOS main storyboard.
@Suite("Main storyboard launch (R-WIN-6)")
struct MainStoryboardLaunchTests {
    static let yaml = """
        platform: macos
        osVersion: "10.15"
        trace: L1
        classes:
          AppDelegate: { overrides: [init, awakeFromNib, "applicationWillFinishLaunching:", "applicationDidFinishLaunching:"] }
          ContentVC: { superclass: NSViewController, overrides: ["initWithCoder:", viewDidLoad] }
        nibs:
          Main:
            initialViewController: wc1
            scenes:
              - id: s1
                objects:
                  - id: app
                    element: application
                    sceneMember: viewController
                    connections:
                      - { outlet: delegate, destination: ad1, id: c1 }
                    children:
                      - { id: m1, element: menu, key: mainMenu }
                  - { id: ad1, element: customObject, customClass: AppDelegate }
                  - { id: fr1, element: customObject, customClass: NSResponder, sceneMember: firstResponder }
              - id: s2
                objects:
                  - id: wc1
                    element: windowController
                    sceneMember: viewController
                    children:
                      - { id: w1, element: window, key: window, attributes: { visibleAtLaunch: "NO" } }
                    connections:
                      - { segue: relationship, relationship: window.shadowedContentViewController, destination: vc1, id: c2 }
              - id: s3
                objects:
                  - id: vc1
                    element: viewController
                    customClass: ContentVC
                    sceneMember: viewController
                    children:
                      - { id: v1, element: view, key: view }
        steps:
          - launch: { mainNib: Main }
        """

    @Test("R-WIN-6: the content VC's viewDidLoad runs before applicationDidFinishLaunching:")
    func contentViewLoadsBeforeDidFinishLaunching() throws {
        #expect(
            try SpecScenario.text(yaml: Self.yaml) == """
                -[AppDelegate init]
                -[AppDelegate awakeFromNib]
                -[AppDelegate applicationWillFinishLaunching:]
                -[ContentVC initWithCoder:]
                -[ContentVC viewDidLoad]
                -[AppDelegate applicationDidFinishLaunching:]

                """)
    }
}
