import NibSimulation
import Testing

/// SPEC §0 conventions and §1 (R-CONV, R-NIB).
@Suite("Nib load rules (R-NIB, R-CONV)")
struct NibLoadRuleTests {
    @Test("R-NIB-1: every load runs P2 < P3 < P4 < P5 and P1 has no object events")
    func phasesAreOrdered() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-WIN-1"))
        let phases = timeline.events.compactMap(\.phase)
        #expect(phases == phases.sorted())
        #expect(!phases.contains(.p1))
        #expect(Set(phases) == [.p2, .p3, .p4, .p5])
    }

    @Test("R-NIB-2: outlets come before actions, actions before bindings, whatever the XML order")
    func connectionsArePhased() throws {
        let yaml = """
            platform: macos
            trace: L2
            nibs:
              N:
                objects:
                  - { id: "-1", element: customObject }
                  - id: b1
                    element: button
                    connections:
                      - { binding: value, destination: d1, keyPath: x, id: c1 }
                      - { action: "go:", target: "-1", id: c2 }
                      - { outlet: menu, destination: d1, id: c3 }
                  - { id: d1, element: customObject }
            steps:
              - loadNib: { nib: N }
            """
        let rules = try SpecScenario.run(yaml).visibleEvents(at: .l2).map(\.rule)
        #expect(rules == ["R-OUT-2", "R-ACT-4", "R-ACT-4", "R-BIND-1"])
        var flags = SimulationFlags()
        flags.phasedConnections = false
        var scenario = try SpecScenario.load("G-NIB-1")
        scenario.flags = flags
        #expect(Simulator.run(scenario).events.contains { $0.rule == "R-ACT-1" })
    }

    @Test("R-NIB-3: placeholders are resolved, never instantiated; First Responder is a nil target")
    func placeholdersAreResolved() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-NIB-1"))
        let created = timeline.events.filter { $0.phase == .p2 && $0.selector == "initWithCoder:" }.compactMap(\.receiver?.id)
        #expect(created == ["xRo-ot-001", "btn-00-001"])
        let act = try SpecScenario.text("G-ACT-1", level: .l2)
        #expect(act.contains("-[CopyButton setTarget:] target=nil"))
    }

    @Test("R-NIB-3: an iOS external object is the one passed in UINibExternalObjects")
    func externalObjectsResolveByIdentifier() throws {
        let yaml = """
            platform: ios
            trace: L2
            objects:
              store: { class: Store }
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - { id: e1, placeholder: TheStore }
                  - id: v1
                    element: view
                    connections:
                      - { outlet: delegate, destination: e1, id: c1 }
            steps:
              - loadNib: { nib: N, externals: { TheStore: store } }
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[UIView setValue:forKey:] key=delegate value=Store\n")
    }

    @Test("R-NIB-4: the top-level objects exclude placeholders and nested objects")
    func topLevelObjectsExcludePlaceholders() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-INIT-1"))
        let topLevel = timeline.events.filter { $0.phase == .p2 && $0.selector != "awakeAfterUsingCoder:" }.compactMap(\.receiver?.id)
        #expect(topLevel == ["v1", "l1", "h1"])
    }

    @Test("R-NIB-5: a nib loaded twice yields two graphs, labelled #id.n while both live")
    func eachLoadCreatesFreshInstances() throws {
        var scenario = try SpecScenario.load("G-NIB-1")
        scenario.steps += scenario.steps
        scenario.traceLevel = .l1
        let text = TimelineFormatter.format(Simulator.run(scenario))
        #expect(text.components(separatedBy: "\n").filter { $0.contains("initWithCoder:") }.count == 4)
        #expect(text.contains("-[CardView#xRo-ot-001.2 initWithCoder:]"))
    }

    @Test("R-NIB-6: a missing nib raises, in the platform's words and ⏱ macOS version")
    func missingNibRaises() throws {
        #expect(
            try SpecScenario.text("G-NIB-2", level: .l1).hasPrefix(
                "EXCEPTION NSInternalInconsistencyException: Could not load NIB in bundle"))
        let mac = "platform: macos\nosVersion: \"10.15\"\nsteps:\n  - loadNib: { nib: Nope }\n"
        #expect(
            try SpecScenario.text(yaml: mac)
                == "EXCEPTION NSInternalInconsistencyException: -[NSNib _initWithNibNamed:bundle:options:] could not load the nibName: Nope in bundle (null).\n"
        )
        let old = mac.replacingOccurrences(of: "10.15", with: "10.9")
        #expect(try SpecScenario.text(yaml: old).contains("-[NSNib initWithNibNamed:bundle:] could not load the nibName: Nope"))
    }

    @Test("R-NIB-7: instantiating a storyboard controller does not load its view nib")
    func storyboardControllerLoadsItsViewLazily() throws {
        var scenario = try SpecScenario.load("G-XML-1")
        scenario.steps.removeLast()
        let text = TimelineFormatter.format(Simulator.run(scenario))
        #expect(text == "-[ViewController initWithCoder:]\n-[ViewController awakeFromNib]\n")
    }

    @Test("R-NIB-8: runtime attributes are set after all connections; an unknown key raises")
    func runtimeAttributesFollowConnections() throws {
        // Badge's whole chain is described (BadgeBase is a root class of the table), so a key
        // none of them declares is known to be missing.
        let yaml = """
            platform: ios
            trace: L2
            classes:
              BadgeBase: { keys: [] }
              Badge: { superclass: BadgeBase, keys: [cornerRadius], overrides: [awakeFromNib] }
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - id: v1
                    element: view
                    customClass: Badge
                    runtimeAttributes:
                      - { keyPath: cornerRadius, type: number, value: "8" }
                      - { keyPath: glow, type: boolean, value: "YES" }
                    connections:
                      - { outlet: cornerRadius, destination: v1, id: c1 }
            steps:
              - loadNib: { nib: N }
            """
        // (A Badge that is no UIView subclass is traced as it is created; R-NIB-8 is what follows.)
        let lines = try SpecScenario.text(yaml: yaml).split(separator: "\n").filter { $0 != "-[Badge initWithCoder:]" }
        #expect(lines[0] == "-[Badge setValue:forKey:] key=cornerRadius value=Badge")
        #expect(lines[1] == "-[Badge setValue:forKeyPath:] keyPath=cornerRadius")
        #expect(lines[2] == "-[Badge setValue:forKeyPath:] keyPath=glow")
        #expect(lines[3].hasPrefix("EXCEPTION NSUnknownKeyException: [<Badge 0xADDR> setValue:forUndefinedKey:]"))
        #expect(lines.count == 4)
    }

    @Test("R-NIB-8 R-SRC-3: a runtime attribute a UIKit or AppKit class of the chain may have is not a predicted exception")
    func runtimeAttributesOnFrameworkClassesAreUnknown() throws {
        // CotEditor sets NSSplitView's dividerColor: the curated framework tables list the keys
        // outlets use, not every property, so the run cannot predict an exception.
        let yaml = """
            platform: macos
            trace: L2
            classes:
              Badge: { superclass: NSView, keys: [cornerRadius] }
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - id: s1
                    element: splitView
                    runtimeAttributes:
                      - { keyPath: dividerColor, type: color, value: "red" }
                  - id: v1
                    element: view
                    customClass: Badge
                    runtimeAttributes:
                      - { keyPath: glow, type: boolean, value: "YES" }
            steps:
              - loadNib: { nib: N }
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.contains("keyPath=dividerColor") && text.contains("keyPath=glow"))
        #expect(!text.contains("NSUnknownKeyException"), "\(text)")
    }

    @Test("R-CONV-1: two live objects of one class get #<xml-id> suffixes")
    func sharedClassesGetSuffixes() throws {
        let yaml = """
            platform: ios
            trace: L1
            classes:
              Cell: { superclass: UIView, overrides: [awakeFromNib] }
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - { id: a1B-2c-3dE, element: view, customClass: Cell }
                  - { id: x9, element: view, customClass: Cell }
            steps:
              - loadNib: { nib: N }
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[Cell#a1B-2c-3dE awakeFromNib]\n-[Cell#x9 awakeFromNib]\n")
    }

    @Test("R-CONV-2: entry order — the VC's loadView line precedes the events of the nib it loads")
    func entryOrder() throws {
        let lines = try SpecScenario.text("G-BIND-1", level: .l1).split(separator: "\n")
        #expect(lines.first == "-[PrefsViewController loadView]")
        #expect(lines.last == "-[PrefsViewController viewDidLoad]")
    }

    @Test("R-CONV-3: L1 hides connections, L2 shows them, L3 adds RESOLVE lines")
    func traceLevels() throws {
        #expect(
            try SpecScenario.text("G-NIB-1", level: .l1)
                == "-[CardView initWithCoder:]\n-[CardButton initWithCoder:]\n-[CardView awakeFromNib]\n-[CardButton awakeFromNib]\n")
        let yaml = """
            platform: ios
            trace: L3
            objects:
              vc: { class: MyViewController }
            classes:
              MyViewController: { superclass: UIViewController, overrides: [] }
            steps:
              - accessView: vc
            """
        let l3 = try SpecScenario.text(yaml: yaml)
        #expect(l3.hasPrefix("RESOLVE MyView~iphone.nib -> missing\nRESOLVE MyView.nib -> missing\n"))
        #expect(try SpecScenario.text(yaml: yaml, level: .l2).isEmpty)
    }

    @Test("R-CONV-3: without a class table, UI/NS custom classes are framework classes")
    func prefixRuleWithoutClassTable() throws {
        let yaml = """
            platform: ios
            trace: L1
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - { id: v1, element: view, customClass: UIMagicView }
                  - { id: v2, element: view, customClass: MagicView }
            steps:
              - loadNib: { nib: N }
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[MagicView initWithCoder:]\n-[MagicView awakeFromNib]\n")
    }

    @Test("R-CONV-4: EXCEPTION ends the timeline and prints 0xADDR")
    func exceptionEndsTheRun() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-OUT-1"))
        #expect(timeline.endedAbnormally)
        #expect(timeline.events.last?.text?.contains("0xADDR") == true)
    }

    @Test("R-CONV-5: objects are instantiated in document order, parents before children")
    func simOrder() throws {
        let text = try SpecScenario.text("G-INIT-1", level: .l1)
        #expect(text.hasPrefix("-[MyView initWithCoder:]\n-[MyLabel initWithCoder:]\n-[Helper init]\n"))
    }

    @Test("R-CONV-6: seed rendering cuts the selector at the first colon")
    func seedRendering() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-XML-1"), options: SimulationOptions(traceLevel: .l1))
        #expect(
            TimelineFormatter.format(timeline, as: .seed)
                == "ViewController -- initWithCoder\nViewController -- awakeFromNib\nViewController -- viewDidLoad\n")
    }

    @Test("R-CONV-7: selectors a class does not override are not traced at L1")
    func onlyOverriddenSelectorsAreTraced() throws {
        let text = try SpecScenario.text("G-XML-1", level: .l1)
        #expect(!text.contains("loadView"))
    }
}
