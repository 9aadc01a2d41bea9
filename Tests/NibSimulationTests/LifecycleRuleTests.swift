import NibSimulation
import NibTestSupport
import Testing

/// One behaviour per R-… rule of SPEC §8–§14 not already pinned by a golden.
@Suite("View-controller lifecycle rules (R-VCI, R-LOAD, R-APP, R-MEM, R-REL, R-MAC)")
struct LifecycleRuleTests {
    /// Inline scenario text at its own trace level.
    func text(_ yaml: String) throws -> String { try SpecScenario.text(yaml: yaml) }

    @Test("R-VCI-3 R-VCI-4: a code-created controller loading a xib gets no initWithCoder: or awakeFromNib, and nothing loads at init")
    func codeCreatedControllerIsNeverAwakened() throws {
        let scenario = try SpecScenario.load("G-LOAD-1")
        var initOnly = scenario
        initOnly.steps.removeLast()
        let text = TimelineFormatter.format(Simulator.run(initOnly), as: .text, level: .l1)
        #expect(text == "-[ProfileViewController initWithNibName:bundle:]\n")
        let full = TimelineFormatter.format(Simulator.run(scenario), as: .text, level: .l1)
        #expect(!full.contains("-[ProfileViewController awakeFromNib]") && !full.contains("-[ProfileViewController initWithCoder:]"))
    }

    @Test("R-VCI-9: a loadView override without super never loads the named nib")
    func loadViewWithoutSuperSkipsTheNib() throws {
        var scenario = try SpecScenario.load("G-LOAD-1")
        scenario.classes?["ProfileViewController"]?.behaviour.withoutSuper = ["loadView"]
        scenario.classes?["ProfileViewController"]?.behaviour.loadViewAssignsView = true
        let text = TimelineFormatter.format(Simulator.run(scenario), as: .text, level: .l1)
        #expect(
            text
                == "-[ProfileViewController initWithNibName:bundle:]\n-[ProfileViewController loadView]\n-[ProfileViewController viewDidLoad]\n"
        )
    }

    @Test("R-MEM-3: on iOS 2.2 an off-screen view is released with no unload callbacks, and reloads on the next access")
    func iOS2ReleasesSilently() throws {
        var scenario = try SpecScenario.load("G-MEM-1-a")
        scenario.osVersion = OSVersion(2, 2)
        scenario.sdkVersion = OSVersion(2, 2)
        let timeline = Simulator.run(scenario)
        #expect(TimelineFormatter.format(timeline, as: .text, level: .l1).contains("viewDidUnload") == false)
        #expect(timeline.transitions.contains { $0.controller.label == "A" && $0.to == .unloaded && $0.rule == "R-MEM-3" })
    }

    @Test("R-MEM-2: an override of didReceiveMemoryWarning without super unloads nothing on iOS 5 (R-CONV-7)")
    func memoryWarningWithoutSuperKeepsTheView() throws {
        var scenario = try SpecScenario.load("G-MEM-1-a")
        scenario.classes?["A"]?.behaviour.withoutSuper = ["didReceiveMemoryWarning"]
        let text = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(!text.contains("viewDidUnload"))
    }

    @Test("R-APP-5: with the iOS 12 SDK the default modal style is full screen, so the presenter disappears")
    func defaultStyleBeforeIOS13IsFullScreen() throws {
        var scenario = try SpecScenario.load("G-APP-3-b")
        scenario.sdkVersion = OSVersion(12, 0)
        let text = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(text.hasPrefix("-[A viewWillDisappear:]\n-[B viewWillAppear:]\n-[B viewDidAppear:]\n-[A viewDidDisappear:]\n"))
    }

    @Test("R-APP-6: selecting a tab sends the new tab's viewWillAppear: first")
    func tabSwitchOrder() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              O: { superclass: UIViewController, overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
              N: { superclass: UIViewController, overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
            objects:
              o: { class: O }
              n: { class: N }
            steps:
              - showTabs: [o, n]
              - startTrace
              - selectTab: 1
            """
        #expect(try text(yaml) == "-[N viewWillAppear:]\n-[O viewWillDisappear:]\n-[O viewDidDisappear:]\n-[N viewDidAppear:]\n")
    }

    @Test("R-APP-10: a child in an on-screen parent's view gets the parent's appearance callbacks after it")
    func appearanceIsForwardedToChildren() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              P: { superclass: UIViewController, overrides: ["viewWillDisappear:", "viewDidDisappear:"] }
              C: { superclass: UIViewController, overrides: ["viewWillDisappear:", "viewDidDisappear:"] }
            objects:
              p: { class: P }
              c: { class: C }
              other: { class: UIViewController }
            steps:
              - showRoot: p
              - addChild: { child: c, parent: p }
              - startTrace
              - push: other
            """
        #expect(try text(yaml) == "-[P viewWillDisappear:]\n-[C viewWillDisappear:]\n-[P viewDidDisappear:]\n-[C viewDidDisappear:]\n")
    }

    @Test(
        "R-MAC-9: with a document, windowControllerWillLoadNib: follows windowWillLoad and windowControllerDidLoadNib: follows windowDidLoad"
    )
    func documentHearsTheWindowLoad() throws {
        var scenario = try SpecScenario.load("G-MAC-2")
        scenario.classes?["Doc"] = ClassInfo(
            name: "Doc", superclass: "NSDocument", overrides: ["windowControllerWillLoadNib:", "windowControllerDidLoadNib:"])
        scenario.objects.append(ScenarioObject(name: "doc", className: "Doc"))
        scenario.steps.insert(ScenarioStep(.setDocument(controller: "wc", document: "doc")), at: 1)
        let lines = TimelineFormatter.format(Simulator.run(scenario), as: .text).split(separator: "\n")
        let willLoad = try #require(lines.firstIndex(of: "-[MainWC windowWillLoad]"))
        let didLoad = try #require(lines.firstIndex(of: "-[MainWC windowDidLoad]"))
        #expect(lines[willLoad + 1] == "-[Doc windowControllerWillLoadNib:]")
        #expect(lines[didLoad + 1] == "-[Doc windowControllerDidLoadNib:]")
    }

    @Test("R-MEM-9: macOS memory warnings unload nothing and say so on stderr")
    func macHasNoMemoryWarnings() throws {
        let timeline = try SpecScenario.run("platform: macos\nsteps:\n  - memoryWarning\n")
        #expect(timeline.events.isEmpty)
        #expect(timeline.notes.contains { $0.contains("R-MEM-9") })
    }

    @Test("R-REL-1 R-REL-2: the G-REL-1 controller walks notLoaded → … → unloaded → loaded → visible")
    func reloadStatePath() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-REL-1"))
        let path = timeline.transitions.filter { $0.controller.label == "MyVC" }.map(\.to.rawValue)
        #expect(
            path == [
                "loaded", "appearing", "visible", "disappearing", "hidden", "appearing", "visible", "disappearing", "hidden", "unloaded",
                "loaded", "appearing", "visible",
            ])
    }
}

/// R-VCI-7: legacy MainWindow.xib controllers.
@Suite("Nib-archived view controllers (R-VCI-7)")
struct ArchivedControllerTests {
    @Test("R-VCI-7: a controller archived with its view inline gets viewDidLoad right after its own awakeFromNib")
    func inlineViewLoadsAtAwake() throws {
        let yaml = """
            platform: ios
            osVersion: "4.3"
            trace: L1
            classes:
              RootVC: { superclass: UIViewController, overrides: ["initWithCoder:", awakeFromNib, loadView, viewDidLoad] }
            objects:
              owner: { class: NSObject }
            nibs:
              MainWindow:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner, customClass: UIApplication }
                  - { id: "-2", placeholder: IBFirstResponder, customClass: UIResponder }
                  - id: vc1
                    element: viewController
                    customClass: RootVC
                    children:
                      - { id: vw1, element: view, key: view }
            steps:
              - loadNib: { nib: MainWindow, owner: owner, as: top }
              - accessView: top
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[RootVC initWithCoder:]\n-[RootVC awakeFromNib]\n-[RootVC viewDidLoad]\n")
    }
}

/// R-LOAD-7: explicit loadViewIfNeeded.
@Suite("loadViewIfNeeded (R-LOAD-7)")
struct LoadViewIfNeededTests {
    @Test("R-LOAD-7: loadViewIfNeeded loads once; a second call only logs itself")
    func loadsOnlyWhenNeeded() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [loadViewIfNeeded, loadView, viewDidLoad] }
            objects:
              c: { class: C }
            steps:
              - loadViewIfNeeded: c
              - loadViewIfNeeded: c
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[C loadViewIfNeeded]\n-[C loadView]\n-[C viewDidLoad]\n-[C loadViewIfNeeded]\n")
    }
}

/// R-LOAD-8 and R-MEM-5.
@Suite("View getter overrides and deallocation (R-LOAD-8, R-MEM-5)")
struct GetterAndDeallocTests {
    @Test("R-LOAD-8: a view getter override without super bypasses loadView and viewDidLoad")
    func getterWithoutSuperBypassesTheLoad() throws {
        let yaml = """
            platform: ios
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [view, loadView, viewDidLoad], behaviour: { viewGetterCallsSuper: false } }
            objects:
              c: { class: C }
            steps:
              - accessView: c
            """
        #expect(try SpecScenario.text(yaml: yaml) == "")
    }

    @Test("R-MEM-5: releasing a controller with a loaded view on iOS 5 sends no viewDidUnload")
    func deallocSendsNoViewDidUnload() throws {
        let yaml = """
            platform: ios
            osVersion: "5.1"
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [viewWillUnload, viewDidUnload, viewDidLoad] }
            objects:
              c: { class: C }
            steps:
              - accessView: c
              - release: c
              - memoryWarning
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[C viewDidLoad]\n")
    }
}

/// R-APP-11: a child added before the parent first appears.
@Suite("Child appearance on first display (R-APP-11)")
struct ChildFirstDisplayTests {
    @Test("R-APP-11: willMove…, viewDidLoad, viewWillAppear:, the layout pair, viewDidAppear: for a child added before display")
    func childEventsOnFirstDisplay() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              Child:
                superclass: UIViewController
                overrides: ["willMoveToParentViewController:", viewDidLoad, "viewWillAppear:", viewWillLayoutSubviews, viewDidLayoutSubviews, "viewDidAppear:"]
            objects:
              parent: { class: UIViewController }
              child: { class: Child }
            steps:
              - addChild: { child: child, parent: parent }
              - showRoot: parent
            """
        #expect(
            try SpecScenario.text(yaml: yaml) == """
                -[Child willMoveToParentViewController:]
                -[Child viewDidLoad]
                -[Child viewWillAppear:]
                -[Child viewWillLayoutSubviews]
                -[Child viewDidLayoutSubviews]
                -[Child viewDidAppear:]

                """)
    }
}

/// R-LOAD-7's flag.
@Suite("traceInternalLoadViewIfNeeded (R-LOAD-7)")
struct InternalLoadViewIfNeededTests {
    @Test("R-LOAD-7: with traceInternalLoadViewIfNeeded a push shows UIKit's loadViewIfNeeded before the load")
    func internalCallTraced() throws {
        var scenario = try SpecScenario.load("G-APP-2")
        scenario.classes?["B"]?.overrides?.append("loadViewIfNeeded")
        let plain = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(!plain.contains("loadViewIfNeeded"))
        scenario.flags.traceInternalLoadViewIfNeeded = true
        let traced = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(traced.contains("-[B initWithNibName:bundle:]\n-[B loadViewIfNeeded]\n-[B loadView]\n"))
    }
}
