import NibSimulation
import NibTestSupport
import Testing

/// Rules of SPEC §8–§14 whose goldens already pin the output: each spec scenario must record an
/// event under the rule's id, on the expected selector and receiver.
@Suite("Rule ids recorded by the §8–§14 goldens")
struct GoldenRuleIDTests {
    /// (rule id, spec scenario, selector, receiver label).
    static let cases: [(String, String, String, String)] = [
        ("R-APP-2", "G-APP-1", "viewWillAppear:", "RootVC"),
        ("R-APP-4", "G-APP-2", "viewWillDisappear:", "A"),
        ("R-LOAD-1", "G-APP-1", "loadView", "RootVC"),
        ("R-MAC-2", "G-BIND-1", "viewDidLoad", "PrefsViewController"),
        ("R-MAC-5", "G-MAC-1-a", "viewWillAppear", "PrefsViewController"),
        ("R-MAC-10", "G-MAC-2", "loadWindow", "MainWC"),
        ("R-MAC-11", "G-MAC-2", "initWithWindowNibName:", "MainWC"),
        ("R-MAC-12", "G-MAC-2", "showWindow:", "MainWC"),
        ("R-MEM-1", "G-MEM-1-a", "applicationDidReceiveMemoryWarning:", "AppDelegate"),
        ("R-VCI-2", "G-APP-2", "init", "B"),
        ("R-VCI-5", "G-VCI-3", "shouldPerformSegueWithIdentifier:sender:", "SourceVC"),
    ]

    @Test(
        "R-APP-2 R-APP-4 R-LOAD-1 R-MAC-2 R-MAC-5 R-MAC-10 R-MAC-11 R-MAC-12 R-MEM-1 R-VCI-2 R-VCI-5: each golden records the rule on its message",
        arguments: cases.map { "\($0.0)|\($0.1)|\($0.2)|\($0.3)" })
    func goldenRecordsRule(_ row: String) throws {
        let parts = row.split(separator: "|").map(String.init)
        let timeline = Simulator.run(try SpecScenario.load(parts[1]))
        #expect(timeline.events.contains { $0.rule == parts[0] && $0.selector == parts[2] && $0.receiver?.label == parts[3] }, "\(row)")
    }

    @Test("R-NN-8: the G-MAC-1-b nib-name lookup is recorded under R-NN-8")
    func nibNameLookupRule() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-MAC-1-b"))
        #expect(timeline.events.contains { $0.rule == "R-NN-8" })
    }
}

/// Lifecycle rules checked on variations of the goldens.
@Suite("Lifecycle rule variations")
struct LifecycleRuleVariationTests {
    @Test("R-LOAD-2 R-LOAD-5: a loadView override calling super loads nibName with the controller as owner, inside loadView")
    func loadViewWithSuperLoadsTheNibWithTheOwner() throws {
        let lines = try SpecScenario.text("G-LOAD-1", level: .l2).split(separator: "\n")
        let loadView = try #require(lines.firstIndex(of: "-[ProfileViewController loadView]"))
        let outlet = try #require(lines.firstIndex(of: "-[ProfileViewController setValue:forKey:] key=view value=UIView"))
        let didLoad = try #require(lines.firstIndex(of: "-[ProfileViewController viewDidLoad]"))
        #expect(loadView < outlet && outlet < didLoad)
    }

    @Test("R-MAC-1: an NSViewController made with init goes through initWithNibName:bundle:")
    func macInitPath() throws {
        let yaml = """
            platform: macos
            osVersion: "14.0"
            trace: L1
            classes:
              C: { superclass: NSViewController, overrides: [init, "initWithNibName:bundle:"] }
            steps:
              - instantiate: { name: c, class: C, initializer: init }
            """
        let timeline = try SpecScenario.run(yaml)
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[C init]\n-[C initWithNibName:bundle:]\n")
        #expect(timeline.events.allSatisfy { $0.rule == "R-MAC-1" })
    }

    @Test("R-MEM-7: the naive self.view.window guard on iOS 6+ loads a never-loaded view during the memory warning")
    func naiveGuardLoadsTheView() throws {
        let yaml = """
            platform: ios
            osVersion: "9.0"
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [didReceiveMemoryWarning, loadView, viewDidLoad], behaviour: { memoryWarningGuard: naive } }
            steps:
              - instantiate: { name: c, class: C, initializer: init }
              - startTrace
              - memoryWarning
            """
        let timeline = try SpecScenario.run(yaml)
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[C didReceiveMemoryWarning]\n-[C loadView]\n-[C viewDidLoad]\n")
        #expect(timeline.transitions.contains { $0.to == .unloaded && $0.rule == "R-MEM-7" })
    }
}

/// The remaining §8–§14 rule ids, each on a small variation of a golden or an inline scenario.
@Suite("Remaining lifecycle rule ids")
struct RemainingRuleIDTests {
    /// `site/scenarios/spec/<name>.yaml` as text, with `edits` applied in order.
    func spec(_ name: String, _ edits: [(String, String)]) throws -> String {
        var text = try String(contentsOf: SpecScenario.url(name), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "\(name) lost '\(old)'")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// Appearance overrides for a class table entry.
    static let appearance = "\"viewWillAppear:\", \"viewDidAppear:\", \"viewWillDisappear:\", \"viewDidDisappear:\""

    @Test("R-APP-1: appearance callbacks repeat on every return to the hierarchy while viewDidLoad does not")
    func appearanceRepeatsViewDidLoadDoesNot() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              A: { superclass: UIViewController, overrides: [viewDidLoad, \(Self.appearance)] }
            objects:
              a: { class: A }
              b: { class: UIViewController }
            steps:
              - showRoot: a
              - push: b
              - pop
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.components(separatedBy: "-[A viewDidLoad]").count == 2)
        #expect(text.components(separatedBy: "-[A viewWillAppear:]").count == 3)
        #expect(text.components(separatedBy: "-[A viewDidDisappear:]").count == 2)
    }

    @Test("R-APP-7: the layout pair comes between viewWillAppear: and viewDidAppear: on the first appearance only")
    func layoutPairOnFirstAppearance() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            sdkVersion: "16.0"
            trace: L1
            classes:
              A: { superclass: UIViewController, overrides: [viewWillLayoutSubviews, viewDidLayoutSubviews, \(Self.appearance)] }
            objects:
              a: { class: A }
              b: { class: UIViewController }
            steps:
              - showRoot: a
              - push: b
              - pop
            """
        let lines = try SpecScenario.text(yaml: yaml).split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "-[A viewWillAppear:]", "-[A viewWillLayoutSubviews]", "-[A viewDidLayoutSubviews]", "-[A viewDidAppear:]",
            ])
        #expect(lines.filter { $0.contains("LayoutSubviews") }.count == 2)
    }

    @Test("R-LOAD-3: a nib that leaves the view outlet unset raises NSInternalInconsistencyException")
    func missingViewOutletRaises() throws {
        let yaml = try spec("G-LOAD-1", [("          - { outlet: view, destination: i5M-Pr-FkT, id: out-vw-001 }\n", "")])
        #expect(
            try SpecScenario.text(yaml: yaml, level: .l1).contains(
                "EXCEPTION NSInternalInconsistencyException: -[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"Profile\" nib but the view outlet was not set."
            ))
    }

    @Test("R-LOAD-4: viewDidLoad is sent once per load cycle, however often the view is accessed")
    func viewDidLoadOncePerCycle() throws {
        let yaml = try spec("G-LOAD-1", [("  - accessView: vc\n", "  - accessView: vc\n  - accessView: vc\n  - loadViewIfNeeded: vc\n")])
        let text = try SpecScenario.text(yaml: yaml, level: .l1)
        #expect(text.components(separatedBy: "-[ProfileViewController viewDidLoad]").count == 2)
        #expect(text.components(separatedBy: "-[ProfileViewController loadView]").count == 2)
    }

    @Test("R-NN-1 R-NN-3: an explicit nibName is used as given; without one a trailing Controller is stripped once")
    func nibNameResolution() throws {
        let explicit = try spec("G-LOAD-1", [("  Profile:\n", "  Other:\n"), ("nibName: Profile", "nibName: Other")])
        #expect(try SpecScenario.text(yaml: explicit, level: .l1).contains("-[AvatarView initWithCoder:]"))
        let stripped = try spec(
            "G-LOAD-1",
            [
                ("ProfileViewController", "ControllerViewController"), ("  Profile:\n", "  ControllerView:\n"),
                ("initializer: \"initWithNibName:bundle:\", nibName: Profile", "initializer: init"),
            ])
        #expect(try SpecScenario.text(yaml: stripped, level: .l1).contains("-[AvatarView initWithCoder:]"))
        let overStripped = try spec(
            "G-LOAD-1",
            [
                ("ProfileViewController", "ControllerViewController"), ("  Profile:\n", "  View:\n"),
                ("initializer: \"initWithNibName:bundle:\", nibName: Profile", "initializer: init"),
            ])
        #expect(!(try SpecScenario.text(yaml: overStripped, level: .l1).contains("-[AvatarView initWithCoder:]")))
    }

    @Test("R-MAC-4: on macOS 10.10+ a nil nibName with no class-name nib raises; no empty view is made")
    func macNilNibRaises() throws {
        let yaml = """
            platform: macos
            osVersion: "13.0"
            trace: L1
            classes:
              C: { superclass: NSViewController, overrides: [loadView, viewDidLoad] }
            objects:
              c: { class: C }
            steps:
              - accessView: c
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.contains("EXCEPTION NSInternalInconsistencyException") && text.contains("could not load the nibName: C"))
        #expect(!text.contains("-[C viewDidLoad]"))
    }

    @Test("R-MEM-8: on iOS 6+ the default didReceiveMemoryWarning sends no setView:nil and no viewDidUnload")
    func iOS6MemoryWarningOnlyWarns() throws {
        var scenario = try SpecScenario.load("G-MEM-1-a")
        let legacy = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        scenario.osVersion = OSVersion(6, 0)
        let modern = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(legacy.contains("viewDidUnload"))
        #expect(modern.contains("didReceiveMemoryWarning") && !modern.contains("viewDidUnload") && !modern.contains("setView:"))
    }

    @Test("R-REL-3: at L1 the reloaded nib objects keep their class labels, with no # suffix")
    func reloadKeepsLabels() throws {
        let text = try SpecScenario.text("G-REL-1", level: .l1)
        let unload = try #require(text.range(of: "-[MyVC viewDidUnload]\n"))
        let after = text[unload.upperBound...]
        #expect(after.contains("-[MyView initWithCoder:]\n") && !after.contains("#"))
    }

    @Test("R-VCI-1 R-VCI-10: a storyboard controller gets initWithCoder: and awakeFromNib, never initWithNibName:bundle:")
    func storyboardControllerDesignatedInitializer() throws {
        let yaml = StoryboardTests.yaml.replacingOccurrences(
            of: "HomeVC: { overrides: [", with: "HomeVC: { overrides: [\"initWithNibName:bundle:\", ")
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text == "-[HomeVC initWithCoder:]\n-[HomeVC awakeFromNib]\n")
    }

    @Test("R-VCI-11: addChild loads the child's view only at the view access after willMoveToParentViewController:")
    func addChildLoadsOnlyOnViewAccess() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              P: { superclass: UIViewController, overrides: [viewDidLoad] }
              K: { superclass: UIViewController, overrides: ["willMoveToParentViewController:", loadView, viewDidLoad], behaviour: { withoutSuper: [loadView], loadViewAssignsView: true } }
            objects:
              p: { class: P }
              k: { class: K }
            steps:
              - addChild: { child: k, parent: p }
            """
        let lines = try SpecScenario.text(yaml: yaml).split(separator: "\n").map(String.init)
        let willMove = try #require(lines.firstIndex { $0.hasPrefix("-[K willMoveToParentViewController:]") })
        let loadView = try #require(lines.firstIndex(of: "-[K loadView]"))
        #expect(willMove < loadView)
    }
}

/// View loading of storyboard, AppKit and nib-less controllers (R-LOAD-10, R-LOAD-11, R-MAC-3, R-MAC-8).
@Suite("View loading paths")
struct ViewLoadingPathTests {
    @Test("R-LOAD-10: a storyboard controller's loadView loads its own view nib, a second load, before viewDidLoad")
    func storyboardViewNibIsASecondLoad() throws {
        let yaml = StoryboardTests.yaml.replacingOccurrences(
            of: "  - instantiateInitialController: { storyboard: Main, as: nav }",
            with: "  - instantiateController: { storyboard: Main, identifier: Home, as: home }\n  - accessView: home")
        let events = try SpecScenario.run(yaml).events
        let initLoad = try #require(events.first { $0.selector == "initWithCoder:" && $0.receiver?.label == "HomeVC" }?.load)
        let loadView = try #require(events.firstIndex { $0.selector == "loadView" })
        let outlet = try #require(events.firstIndex { $0.selector == "setValue:forKey:" && $0.argument("key") == "view" })
        let didLoad = try #require(events.firstIndex { $0.selector == "viewDidLoad" && $0.receiver?.label == "HomeVC" })
        #expect(loadView < outlet && outlet < didLoad)
        #expect(events[outlet].load != nil && events[outlet].load != initLoad)
    }

    @Test("R-LOAD-11: an iOS controller with no storyboard and no nib gets an empty view: loadView, viewDidLoad, no exception")
    func nibLessControllerGetsAnEmptyView() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [loadView, viewDidLoad] }
            objects:
              c: { class: C }
            steps:
              - accessView: c
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[C loadView]\n-[C viewDidLoad]\n")
    }

    @Test("R-MAC-3: the AppKit default loadView sets the view, awakens the owner after the nib objects, then viewDidLoad")
    func appKitOwnerAwakensInsideLoadView() throws {
        let lines = try SpecScenario.text("G-MAC-1-a", level: .l2).split(separator: "\n").map(String.init)
        let loadView = try #require(lines.firstIndex(of: "-[PrefsViewController loadView]"))
        let setView = try #require(lines.firstIndex { $0.hasPrefix("-[PrefsViewController setView:]") })
        let swatchAwake = try #require(lines.firstIndex(of: "-[SwatchView awakeFromNib]"))
        let ownerAwake = try #require(lines.firstIndex(of: "-[PrefsViewController awakeFromNib]"))
        let didLoad = try #require(lines.firstIndex(of: "-[PrefsViewController viewDidLoad]"))
        #expect(loadView < setView && setView < swatchAwake && swatchAwake < ownerAwake && ownerAwake < didLoad)
    }

    @Test("R-MAC-8: each NSStoryboard instantiate call decodes a new controller with initWithCoder:")
    func newControllerPerInstantiate() throws {
        let yaml = StoryboardWindowControllerTests().yaml(contentFirst: true).replacingOccurrences(
            of: "  - instantiateInitialController: { storyboard: Main, as: wc }",
            with: "  - instantiateInitialController: { storyboard: Main }\n  - instantiateInitialController: { storyboard: Main }")
        let inits = try SpecScenario.text(yaml: yaml).split(separator: "\n").filter {
            $0.hasPrefix("-[MainWC") && $0.hasSuffix(" initWithCoder:]")
        }
        #expect(inits.count == 2 && Set(inits).count == 2)
    }
}
