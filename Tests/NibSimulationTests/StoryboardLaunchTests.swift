import Foundation
import NibParsing
import NibRules
import NibScenario
import NibTestSupport
import Testing

@testable import NibSimulation

/// The storyboard fixtures of this suite and scenarios that use them by path.
enum LaunchFixtures {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/NibSimulationTests/__Fixtures__")
    static let snapshots = TestPaths.packageRoot.appendingPathComponent("Tests/NibSimulationTests/__Snapshots__")

    /// A fixture document.
    static func graph(_ name: String) throws -> NibGraph {
        try NibDocumentParser.parse(contentsOf: folder.appendingPathComponent(name), displayName: name)
    }

    /// Scenario YAML whose `nibs:` paths are relative to the fixtures folder.
    static func scenario(_ yaml: String) throws -> Scenario {
        try ScenarioParser.parse(yaml: yaml, file: "launch.yaml", baseDirectory: folder)
    }

    /// The text of a scenario at its own trace level.
    static func text(_ yaml: String, options: SimulationOptions = SimulationOptions()) throws -> String {
        TimelineFormatter.format(Simulator.run(try scenario(yaml), options: options), as: .text)
    }

    /// The NavPush storyboard launched, then `steps`, with a class table where every user class
    /// overrides the lifecycle selectors shown and RootVC implements the unwind action.
    static func navPush(_ steps: String, trace: String = "L1") -> String {
        """
        platform: ios
        osVersion: "16.0"
        trace: \(trace)
        classes:
          RootVC:
            keys: [detailsButton]
            actions: ["unwindToRoot:"]
            overrides: ["initWithCoder:", viewDidLoad, "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:", "prepareForSegue:sender:", "shouldPerformSegueWithIdentifier:sender:", "unwindToRoot:"]
          DetailVC:
            keys: [titleLabel]
            overrides: ["initWithCoder:", viewDidLoad, "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:", "prepareForSegue:sender:"]
          SettingsVC:
            overrides: ["initWithCoder:", viewDidLoad, "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"]
          OrphanVC: { overrides: ["initWithCoder:"] }
        nibs:
          NavPush: { path: NavPush.storyboard }
        steps:
          - launch: { mainNib: NavPush }
        \(steps)
        """
    }
}

/// App launch with a main storyboard (R-LAUNCH-1/2) and the scenes it leaves for later (R-SB-1).
@Suite("Storyboard launch (R-LAUNCH, R-SB-1)")
struct StoryboardLaunchTests {
    @Test("R-LAUNCH-1 R-LAUNCH-2: launch timelines of the fixtures match their goldens (L2)", arguments: ["NavPush", "Tabs", "Table"])
    func launchGoldens(_ name: String) throws {
        let timeline = Simulator.run(document: try LaunchFixtures.graph("\(name).storyboard"))
        Golden.check(
            TimelineFormatter.format(timeline, as: .text),
            against: LaunchFixtures.snapshots.appendingPathComponent("launch-\(name).txt").path)
    }

    @Test("R-LAUNCH-1: the navigation controller and its root are instantiated before any view loads; the root loads and appears")
    func navigationRootLoadsAfterItsContainerExists() throws {
        let timeline = Simulator.run(document: try LaunchFixtures.graph("NavPush.storyboard"))
        let events = timeline.events
        let navInit = try #require(events.firstIndex { $0.receiver?.id == "nav-00-001" && $0.selector == "initWithCoder:" })
        let rootInit = try #require(events.firstIndex { $0.receiver?.id == "roo-00-001" && $0.selector == "initWithCoder:" })
        let rootLoad = try #require(events.firstIndex { $0.receiver?.id == "roo-00-001" && $0.selector == "loadView" })
        #expect(navInit < rootInit && rootInit < rootLoad)
        #expect(events.contains { $0.receiver?.id == "roo-00-001" && $0.selector == "viewDidAppear:" && $0.rule == "R-APP-10" })
        #expect(events.contains { $0.receiver?.id == "nav-00-001" && $0.selector == "viewWillAppear:" && $0.rule == "R-LAUNCH-2" })
        #expect(!events.contains { $0.receiver?.className == "DetailVC" || $0.receiver?.className == "SettingsVC" })
    }

    @Test("R-LAUNCH-2: of a tab bar's three children all are instantiated, only the first loads its view and appears")
    func onlyTheSelectedTabLoads() throws {
        let timeline = Simulator.run(document: try LaunchFixtures.graph("Tabs.storyboard"))
        for name in ["FirstVC", "SecondVC", "ThirdVC"] {
            #expect(timeline.events.contains { $0.receiver?.className == name && $0.selector == "initWithCoder:" }, "\(name)")
        }
        let loaded = timeline.events.filter { $0.selector == "loadView" }.compactMap(\.receiver?.className)
        #expect(loaded == ["UITabBarController", "FirstVC"])
        #expect(timeline.transitions.filter { $0.to == .visible }.map(\.controller.className) == ["UITabBarController", "FirstVC"])
    }

    @Test("R-LAUNCH-2: selecting a launched tab loads the second child's view; its will-appear comes first (R-APP-6)")
    func selectingALaunchedTab() throws {
        let yaml = """
            platform: ios
            osVersion: "16.0"
            trace: L1
            classes:
              FirstVC: { overrides: ["viewWillDisappear:", "viewDidDisappear:"] }
              SecondVC: { overrides: [loadView, viewDidLoad, "viewWillAppear:", "viewDidAppear:"] }
              ThirdVC: { overrides: [] }
            nibs:
              Tabs: { path: Tabs.storyboard }
            steps:
              - launch: { mainNib: Tabs }
              - startTrace
              - selectTab: 1
            """
        #expect(
            try LaunchFixtures.text(yaml) == """
                -[SecondVC loadView]
                -[SecondVC viewDidLoad]
                -[SecondVC viewWillAppear:]
                -[FirstVC viewWillDisappear:]
                -[FirstVC viewDidDisappear:]
                -[SecondVC viewDidAppear:]

                """)
    }

    @Test("R-LAUNCH-2: a split view controller shows both children on iPad, the primary on iPhone")
    func splitChildrenByIdiom() throws {
        func yaml(_ idiom: String) -> String {
            """
            platform: ios
            idiom: \(idiom)
            trace: L1
            classes:
              MasterVC: { overrides: [viewDidLoad] }
              DetailVC: { overrides: [viewDidLoad] }
            nibs:
              Main:
                initialViewController: spl
                scenes:
                  - id: s0
                    objects:
                      - id: spl
                        element: splitViewController
                        sceneMember: viewController
                        connections:
                          - { segue: relationship, relationship: masterViewController, destination: mst, id: r1 }
                          - { segue: relationship, relationship: detailViewController, destination: dtl, id: r2 }
                  - id: s1
                    objects:
                      - { id: mst, element: viewController, customClass: MasterVC, sceneMember: viewController, children: [{ id: mv, element: view, key: view }] }
                  - id: s2
                    objects:
                      - { id: dtl, element: viewController, customClass: DetailVC, sceneMember: viewController, children: [{ id: dv, element: view, key: view }] }
            steps:
              - launch: { mainNib: Main }
            """
        }
        #expect(try SpecScenario.text(yaml: yaml("pad")) == "-[MasterVC viewDidLoad]\n-[DetailVC viewDidLoad]\n")
        #expect(try SpecScenario.text(yaml: yaml("phone")) == "-[MasterVC viewDidLoad]\n")
    }

    @Test("R-LAUNCH-1 R-MAC-5: a macOS main storyboard shows the window controller's content, which appears without animated:")
    func macContentAppears() throws {
        let yaml = MainStoryboardLaunchTests.yaml.replacingOccurrences(
            of: "ContentVC: { superclass: NSViewController, overrides: [\"initWithCoder:\", viewDidLoad] }",
            with: "ContentVC: { superclass: NSViewController, overrides: [\"initWithCoder:\", viewDidLoad, viewWillAppear, viewDidAppear] }"
        )
        #expect(
            try SpecScenario.text(yaml: yaml) == """
                -[AppDelegate init]
                -[AppDelegate awakeFromNib]
                -[AppDelegate applicationWillFinishLaunching:]
                -[ContentVC initWithCoder:]
                -[ContentVC viewDidLoad]
                -[ContentVC viewWillAppear]
                -[ContentVC viewDidAppear]
                -[AppDelegate applicationDidFinishLaunching:]

                """)
    }

    @Test("R-SB-1: Simulator.launch says how each scene is reached: at launch, by segue, never")
    func sceneReaches() throws {
        let launch = Simulator.launch(storyboard: try LaunchFixtures.graph("NavPush.storyboard"))
        let reaches = Dictionary(uniqueKeysWithValues: launch.scenes.map { ($0.controllerID.rawValue, $0.reach) })
        #expect(reaches["nav-00-001"] == .launch(visible: true))
        #expect(reaches["roo-00-001"] == .launch(visible: true))
        #expect(reaches["det-00-001"] == .segues([ObjectID("seg-00-001")]))
        #expect(reaches["set-00-001"] == .segues([ObjectID("seg-00-002")]))
        #expect(reaches["orp-00-001"] == .unreachable)
        #expect(launch.timeline.notes.contains { $0.contains("3 scenes not instantiated at launch") })
    }

    @Test("R-SB-1: a modal reached from a tab of a tab bar the app instantiates by identifier is reached, not 'never instantiated'")
    func scenesBeyondAnIdentifierAreReached() throws {
        // AltStore's shape: the initial controller instantiates the tab bar by identifier; a tab's
        // navigation root presents a navigation controller by segue (showAppIDs).
        let launch = Simulator.launch(storyboard: try LaunchFixtures.graph("IdentifierTabs.storyboard"))
        let reaches = Dictionary(uniqueKeysWithValues: launch.scenes.map { ($0.controllerID.rawValue, $0.reach) })
        #expect(reaches["lch-00-001"] == .launch(visible: true))
        #expect(reaches["tab-00-001"] == .identifier("tabs"))
        #expect(reaches["nav-00-001"] == .identifier("tabs"))
        #expect(reaches["mya-00-001"] == .identifier("tabs"))
        #expect(reaches["ids-00-001"] == .identifier("tabs", segues: [ObjectID("seg-00-001")]))
        #expect(reaches["idr-00-001"] == .identifier("tabs", segues: [ObjectID("seg-00-001")]))
        #expect(!reaches.values.contains(.unreachable))
        // A controller embedded in a static cell comes when the table makes the cell, not with
        // its container's view load: its part decodes it on its own and says why.
        #expect(reaches["emb-00-001"] == .cellEmbed(container: ObjectID("idr-00-001")))
        let embedded = try #require(launch.scenes.first { $0.controllerID.rawValue == "emb-00-001" })
        #expect(embedded.controller != nil)
        #expect(embedded.timeline.notes.contains { $0.contains("embedded in a cell of idr-00-001") })
        // The presented root's run: the tab bar instantiated and shown, then the segue shows it.
        let ids = try #require(launch.scenes.first { $0.controllerID.rawValue == "idr-00-001" })
        #expect(ids.reach.summary(on: .ios) == "instantiateViewControllerWithIdentifier: tabs, then segue seg-00-001")
        #expect(ids.reach.summary(on: .macos) == "instantiateControllerWithIdentifier: tabs, then segue seg-00-001")
        #expect(ids.events.first?.selector == "initWithCoder:")
        #expect(ids.transitions.map(\.to) == [.loaded, .appearing, .visible])
        #expect(!ids.timeline.notes.contains { $0.contains("never instantiates") })
        // My Apps is the second tab: the user selects it (R-APP-6) before its button presents.
        let lines = ids.timeline.visibleEvents(at: .l1).map { $0.line(at: .l1) }
        let selected = try #require(lines.firstIndex(of: "-[MyAppsVC viewDidAppear:]"))
        let presented = try #require(lines.firstIndex(of: "-[AppIDsVC initWithCoder:]"))
        #expect(lines.contains("-[NewsVC viewDidDisappear:]") && selected < presented, "\(lines)")
    }

    @Test("R-SB-1 R-MAC-13: a macOS main storyboard's window controller, whose window shows at launch, is reached visible")
    func windowControllersAtLaunchAreVisible() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__/macos-main.storyboard")
        let launch = Simulator.launch(storyboard: try NibDocumentParser.parse(contentsOf: url, displayName: "macos-main.storyboard"))
        let window = try #require(launch.scenes.first { $0.controllerID.rawValue == "B8D-0N-5wS" })
        #expect(window.reach == .launch(visible: true))
    }

    @Test("R-SB-1: a scene's part holds its own events and view states in the run that reaches it")
    func scenePartsCarryTheirLifecycle() throws {
        let launch = Simulator.launch(storyboard: try LaunchFixtures.graph("NavPush.storyboard"))
        let detail = try #require(launch.scenes.first { $0.controllerID.rawValue == "det-00-001" })
        #expect(detail.events.first?.selector == "initWithCoder:")
        #expect(detail.events.allSatisfy { ["det-00-001", "dvw-00-001", "lbl-00-001", "btn-00-002"].contains($0.receiver?.id ?? "") })
        #expect(detail.transitions.map(\.to) == [.loaded, .appearing, .visible])
        // The part's run starts at the segue: the launch is not repeated in it.
        #expect(!detail.timeline.events.contains { $0.receiver?.id == "nav-00-001" })
        let orphan = try #require(launch.scenes.first { $0.controllerID.rawValue == "orp-00-001" })
        #expect(orphan.timeline.notes.contains { $0.contains("an app never instantiates it (R-SB-1)") })
        #expect(orphan.transitions.map(\.to) == [.loaded])
    }

    @Test("R-SB-1: with a class table marking overrides, L1 shows only those; a missing key predicts the exception")
    func classTableDrivesL1() throws {
        var options = SimulationOptions(traceLevel: .l1)
        options.classTable = ["RootVC": ClassInfo(name: "RootVC", keys: [], overrides: ["viewDidLoad"])]
        let timeline = Simulator.run(document: try LaunchFixtures.graph("NavPush.storyboard"), options: options)
        #expect(
            TimelineFormatter.format(timeline, as: .text)
                == "EXCEPTION NSUnknownKeyException: [<RootVC 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key detailsButton.\n"
        )
        options.classTable = ["RootVC": ClassInfo(name: "RootVC", keys: ["detailsButton"], overrides: ["viewDidLoad"])]
        let fixed = Simulator.run(document: try LaunchFixtures.graph("NavPush.storyboard"), options: options)
        #expect(TimelineFormatter.format(fixed, as: .text) == "-[RootVC viewDidLoad]\n")
    }
}

/// `Simulator.runAndLaunch` runs a storyboard once for both: what `run(document:)` gives must be
/// its launch's timeline, for every fixture and corpus storyboard, as the main storyboard and
/// not, with and without a class table; a xib has no launch. Each scene part's run goes on from a
/// copy of the launch's run (`SimulationRun.continued`): it must be the run of all its steps
/// executed from the start.
@Suite("A storyboard's run is its launch's")
struct RunAndLaunchTests {
    @Test func theDocumentRunIsTheLaunchTimeline() throws {
        let fixtures = try ["IdentifierTabs", "NavPush", "StaticTable", "Table", "Tabs"].map {
            try LaunchFixtures.graph($0 + ".storyboard")
        }
        var corpus: [NibGraph] = []
        if let root = TestPaths.corpus {
            corpus = NibDocumentFinder.documents(in: root.appendingPathComponent("files")).filter { $0.pathExtension == "storyboard" }
                .compactMap { try? NibDocumentParser.parse(contentsOf: $0, displayName: $0.lastPathComponent) }
            #expect(corpus.count > 50)
        } else {
            print("skipping the corpus storyboards: ../shared/corpus not found")
        }
        var table = SimulationOptions(traceLevel: .l2)
        table.classTable = ["RootVC": ClassInfo(name: "RootVC", keys: ["detailsButton"], overrides: ["viewDidLoad", "initWithCoder:"])]
        var code = SimulationOptions()
        code.storyboardRole = StoryboardRole(isMain: false, basis: "a test", isAssumed: true)
        for (graph, optionSets) in fixtures.map({ ($0, [SimulationOptions(), table, code]) }) + corpus.map({ ($0, [SimulationOptions()]) })
        {
            for options in optionSets {
                let both = Simulator.runAndLaunch(document: graph, options: options)
                #expect(both.timeline == Simulator.run(document: graph, options: options), "\(graph.file)")
                #expect(both.launch == Simulator.launch(storyboard: graph, options: options), "\(graph.file)")
                let replayed = Simulator.launch(storyboard: graph, classes: nil, options: options, replaying: true)
                #expect(both.launch == replayed, "\(graph.file): a part continued from the launch differs from its replay")
            }
        }
        let xib = try NibDocumentParser.parse(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__/ios-view.xib"),
            displayName: "v.xib")
        let alone = Simulator.runAndLaunch(document: xib)
        #expect(alone.launch == nil && alone.timeline == Simulator.run(document: xib))
    }
}

/// `Simulator.launch` applies the same platform check as `Simulator.run` (R-SB-10).
@Suite("Storyboard launch platform check")
struct StoryboardLaunchPlatformTests {
    @Test("R-SB-10: launching an iOS storyboard as macOS rejects every part instead of mixing platforms")
    func launchRejectsOtherPlatform() throws {
        let launch = Simulator.launch(storyboard: try LaunchFixtures.graph("Tabs.storyboard"), options: SimulationOptions(platform: .macos))
        #expect(TimelineFormatter.format(launch.timeline, as: .text) == "REJECT Tabs.storyboard is an iOS document; the run is macOS\n")
        #expect(launch.scenes.allSatisfy { $0.timeline.events.map(\.kind) == [.reject] })
    }
}

/// Storyboard references in the launch (R-SB-8: never a silent gap).
@Suite("Storyboard references at launch")
struct StoryboardReferenceLaunchTests {
    static let yaml = """
        platform: ios
        trace: L1
        classes:
          SecondVC: { overrides: ["initWithCoder:", viewDidLoad, "viewDidAppear:"] }
        nibs:
          Main:
            initialViewController: tab
            scenes:
              - id: s0
                objects:
                  - id: tab
                    element: tabBarController
                    sceneMember: viewController
                    connections:
                      - { segue: relationship, relationship: viewControllers, destination: ref1, id: r1 }
                      - { segue: relationship, relationship: viewControllers, destination: two, id: r2 }
              - id: s1
                objects:
                  - { id: ref1, element: viewControllerPlaceholder, placeholder: IBStoryboardReference, sceneMember: viewController, attributes: { storyboardName: Settings } }
              - id: s2
                objects:
                  - { id: two, element: viewController, customClass: SecondVC, sceneMember: viewController, children: [{ id: v2, element: view, key: view }] }
        steps:
          - launch: { mainNib: Main }
        """

    @Test("R-SB-8: a tab that refers to another storyboard keeps its place and is named in a note; the second tab stays hidden")
    func referencedTabKeepsItsPlace() throws {
        let timeline = try SpecScenario.run(Self.yaml)
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[SecondVC initWithCoder:]\n")
        #expect(
            timeline.notes.contains("ref1 refers to its initial controller of storyboard Settings, which this run does not load (R-SB-8)"))
    }

    @Test("R-SB-8: selecting the referenced tab stops with a note; selecting tab 1 shows SecondVC")
    func selectingAroundAReferencedTab() throws {
        let referenced = try SpecScenario.run(Self.yaml + "\n  - startTrace\n  - selectTab: 0\n")
        #expect(referenced.events.isEmpty)
        #expect(referenced.notes.contains { $0.contains("tab 0 refers to another storyboard") })
        #expect(
            try SpecScenario.text(yaml: Self.yaml + "\n  - startTrace\n  - selectTab: 1\n")
                == "-[SecondVC viewDidLoad]\n-[SecondVC viewDidAppear:]\n")
    }
}

/// The iOS launch order around the app delegate (R-LAUNCH-1).
@Suite("iOS launch and the app delegate")
struct IOSLaunchDelegateTests {
    @Test("R-LAUNCH-1: the root is decoded, then application:didFinishLaunchingWithOptions:, then the root's view loads")
    func didFinishLaunchingBeforeTheViewLoads() throws {
        let yaml = LaunchFixtures.navPush("", trace: "L1")
            .replacingOccurrences(of: "\nclasses:\n", with: "\nobjects:\n  appDelegate: { class: AppDelegate }\nclasses:\n")
            .replacingOccurrences(
                of: "\n  OrphanVC:",
                with: "\n  AppDelegate: { superclass: NSObject, overrides: [\"application:didFinishLaunchingWithOptions:\"] }\n  OrphanVC:")
        let lines = try LaunchFixtures.text(yaml).split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(3) == [
                "-[RootVC initWithCoder:]", "-[AppDelegate application:didFinishLaunchingWithOptions:]", "-[RootVC viewDidLoad]",
            ])
    }
}

/// The storyboard rules are in the one catalog, cite Apple's pages and each has a test.
@Suite("Storyboard rule catalog")
struct StoryboardRuleCatalogTests {
    @Test("R-LAUNCH-1 R-SB-10: every R-LAUNCH/R-SB rule is in Rule.all and cites Apple documentation by URL")
    func rulesCiteAppleDocumentation() {
        for rule in Rule.storyboards {
            #expect(Rule.named(rule.id) == rule, "\(rule.id)")
            #expect(
                !rule.sources.isEmpty
                    && rule.sources.allSatisfy {
                        $0.hasPrefix("https://developer.apple.com/") || $0.hasPrefix("https://forums.developer.apple.com/")
                    }, "\(rule.id)")
        }
        #expect(Set(Rule.all.map(\.id)).count == Rule.all.count)
    }

    @Test("every R-LAUNCH/R-SB rule is named by a test of this target")
    func everyRuleHasATest() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Tests/NibSimulationTests")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var titles = ""
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@Test(") { titles += line + "\n" }
        }
        for rule in Rule.storyboards {
            // A test title names the rule as a whole word ("R-SB-1:", "R-SB-1 R-…"), not as a prefix of R-SB-10.
            let named = titles.contains("\(rule.id):") || titles.contains("\(rule.id) ")
            #expect(named, "no test names \(rule.id)")
        }
    }
}

/// Parts of scenes hidden at launch.
@Suite("Hidden tabs in Simulator.launch")
struct HiddenTabPartTests {
    @Test("R-LAUNCH-2: a tab hidden at launch gets a part where it is decoded at launch and loads when selected (R-APP-6)")
    func hiddenTabPart() throws {
        let launch = Simulator.launch(storyboard: try LaunchFixtures.graph("Tabs.storyboard"))
        let second = try #require(launch.scenes.first { $0.controllerID.rawValue == "two-00-001" })
        #expect(second.reach == .launch(visible: false))
        let own = second.events.filter { $0.receiver?.id == "two-00-001" }.compactMap(\.selector)
        #expect(
            own.filter { ["initWithCoder:", "awakeFromNib", "loadView"].contains($0) } == ["initWithCoder:", "awakeFromNib", "loadView"])
        #expect(second.transitions.map(\.to) == [.loaded, .appearing, .visible])
        #expect(second.transitions.first?.rule == "R-LOAD-1")
        #expect(second.timeline.events.contains { $0.selector == "viewWillAppear:" && $0.rule == "R-APP-6" })
    }
}
