import NibSimulation
import NibTestSupport
import Testing

/// Golden sequences of SPEC §8–§14, copied from SPEC.md, against
/// `nibviz simulate site/scenarios/spec/<name>.yaml --trace <level>`.
@Suite("SPEC goldens §8–§14")
struct LifecycleGoldenTests {
    static let goldens: [SpecGoldenTests.Golden] = [
        .init(
            name: "G-VCI-1", level: .l1,
            expected: """
                -[ViewController initWithCoder:]
                -[ViewController awakeFromNib]
                -[ViewController loadView]
                -[ViewController viewDidLoad]

                """),
        .init(
            name: "G-VCI-2", level: .l1,
            expected: """
                -[TestViewController init]
                -[TestViewController initWithNibName:bundle:]
                -[TestViewController loadView]
                -[TestViewController viewDidLoad]

                """),
        .init(
            name: "G-MEM-1-a", level: .l1,
            expected: """
                -[AppDelegate applicationDidReceiveMemoryWarning:]
                -[A didReceiveMemoryWarning]
                -[A viewWillUnload]
                -[A setView:]
                -[A viewDidUnload]
                -[B didReceiveMemoryWarning]

                """),
        .init(
            name: "G-MEM-1-b", level: .l1,
            expected: """
                -[AppDelegate applicationDidReceiveMemoryWarning:]
                -[A didReceiveMemoryWarning]
                -[A setView:]
                -[A viewDidUnload]
                -[B didReceiveMemoryWarning]

                """),
        .init(
            name: "G-MEM-1-c", level: .l1,
            expected: """
                -[AppDelegate applicationDidReceiveMemoryWarning:]
                -[A didReceiveMemoryWarning]
                -[B didReceiveMemoryWarning]

                """),
        .init(
            name: "G-MEM-2-a", level: .l1,
            expected: """
                -[C didReceiveMemoryWarning]
                -[C loadView]
                -[C viewDidLoad]

                """),
        .init(
            name: "G-MEM-2-b", level: .l1,
            expected: """
                -[C didReceiveMemoryWarning]

                """),
        .init(name: "G-REL-1", level: .l1, expected: LifecycleGoldenTests.rel1),
        .init(
            name: "G-VCI-3", level: .l1,
            expected: """
                -[SourceVC shouldPerformSegueWithIdentifier:sender:]
                -[DetailVC initWithCoder:]
                -[DetailVC awakeFromNib]
                -[SourceVC prepareForSegue:sender:]
                -[DetailVC loadView]
                -[DetailVC viewDidLoad]
                -[SourceVC viewWillDisappear:]
                -[DetailVC viewWillAppear:]
                -[DetailVC viewWillLayoutSubviews]
                -[DetailVC viewDidLayoutSubviews]
                -[SourceVC viewDidDisappear:]
                -[DetailVC viewDidAppear:]

                """),
        .init(
            name: "G-LOAD-1", level: .l2,
            expected: """
                -[ProfileViewController initWithNibName:bundle:]
                -[ProfileViewController loadView]
                -[AvatarView initWithCoder:]
                -[ProfileViewController setValue:forKey:] key=view value=UIView
                -[ProfileViewController setValue:forKey:] key=avatar value=AvatarView
                -[AvatarView awakeFromNib]
                -[ProfileViewController viewDidLoad]

                """),
        .init(
            name: "G-LOAD-2", level: .l1,
            // SPEC: the loadView/viewDidLoad pair written out 64 times, then the CRASH line.
            expected: String(repeating: "-[BadVC loadView]\n-[BadVC viewDidLoad]\n", count: 64)
                + "CRASH EXC_BAD_ACCESS (stack overflow in -[BadVC loadView] recursion)\n"),
        .init(
            name: "G-LOAD-3", level: .l1,
            expected: """
                -[HomeVC initWithCoder:]
                -[HomeVC awakeFromNib]
                -[HomeVC loadView]
                -[TitleLabel initWithCoder:]
                -[TitleLabel awakeFromNib]
                -[HomeVC viewDidLoad]

                """),
        .init(
            name: "G-APP-1", level: .l1,
            expected: """
                -[RootVC initWithCoder:]
                -[RootVC awakeFromNib]
                -[RootVC loadView]
                -[RootVC viewDidLoad]
                -[RootVC viewWillAppear:]
                -[RootVC viewIsAppearing:]
                -[RootVC viewWillLayoutSubviews]
                -[RootVC viewDidLayoutSubviews]
                -[RootVC viewDidAppear:]

                """),
        .init(
            name: "G-APP-2", level: .l1,
            expected: """
                -[B init]
                -[B initWithNibName:bundle:]
                -[B loadView]
                -[B viewDidLoad]
                -[A viewWillDisappear:]
                -[B viewWillAppear:]
                -[B viewWillLayoutSubviews]
                -[B viewDidLayoutSubviews]
                -[A viewDidDisappear:]
                -[B viewDidAppear:]
                -[B viewWillDisappear:]
                -[A viewWillAppear:]
                -[B viewDidDisappear:]
                -[A viewDidAppear:]

                """),
        .init(
            name: "G-APP-3-a", level: .l1,
            expected: """
                -[A viewWillDisappear:]
                -[B viewWillAppear:]
                -[B viewDidAppear:]
                -[A viewDidDisappear:]
                -[B viewWillDisappear:]
                -[A viewWillAppear:]
                -[A viewDidAppear:]
                -[B viewDidDisappear:]

                """),
        .init(
            name: "G-APP-3-b", level: .l1,
            expected: """
                -[B viewWillAppear:]
                -[B viewDidAppear:]
                -[B viewWillDisappear:]
                -[B viewDidDisappear:]

                """),
        .init(
            name: "G-APP-4", level: .l1,
            expected: """
                -[Child willMoveToParentViewController:]
                -[Child loadView]
                -[Child viewDidLoad]
                -[Child didMoveToParentViewController:]
                -[Child willMoveToParentViewController:]
                -[Child didMoveToParentViewController:]

                """),
        .init(
            name: "G-MAC-1-a", level: .l1,
            expected: """
                -[PrefsViewController initWithNibName:bundle:]
                -[PrefsViewController loadView]
                -[SwatchView initWithFrame:]
                -[SwatchView awakeFromNib]
                -[PrefsViewController awakeFromNib]
                -[PrefsViewController viewDidLoad]
                -[PrefsViewController viewWillAppear]
                -[PrefsViewController viewDidAppear]

                """),
        .init(
            name: "G-MAC-1-b", level: .l1,
            expected: """
                -[PrefsViewController initWithNibName:bundle:]
                -[PrefsViewController loadView]
                EXCEPTION NSInternalInconsistencyException: -[NSViewController loadView] could not load the "(null)" nib.

                """),
        .init(
            name: "G-MAC-1-c", level: .l1,
            expected: """
                -[PrefsViewController initWithNibName:bundle:]
                -[PrefsViewController loadView]
                -[SwatchView initWithFrame:]
                -[SwatchView awakeFromNib]
                -[PrefsViewController awakeFromNib]

                """),
        .init(
            name: "G-MAC-1-d", level: .l1,
            expected: """
                -[PrefsViewController initWithNibName:bundle:]
                -[PrefsViewController loadView]
                EXCEPTION NSInternalInconsistencyException: -[NSNib _initWithNibNamed:bundle:options:] could not load the nibName: PrefsViewController in bundle (null).

                """),
        .init(
            name: "G-MAC-2", level: .l1,
            expected: """
                -[MainWC initWithWindowNibName:]
                -[MainWC initWithWindowNibName:owner:]
                -[MainWC initWithWindow:]
                -[MainWC showWindow:]
                -[MainWC windowWillLoad]
                -[MainWC loadWindow]
                -[Board initWithFrame:]
                -[Board awakeFromNib]
                -[MainWC awakeFromNib]
                -[MainWC windowDidLoad]

                """),
    ]

    /// G-REL-1 as SPEC §13 prints it.
    static let rel1 = """
        -[MyVC initWithCoder:]
        -[MyVC awakeFromNib]
        -[MyVC loadView]
        -[MyView initWithCoder:]
        -[MyView awakeFromNib]
        -[MyVC viewDidLoad]
        -[MyVC viewWillAppear:]
        -[MyVC viewDidAppear:]
        -[MyVC viewWillDisappear:]
        -[MyVC viewDidDisappear:]
        -[MyVC viewWillAppear:]
        -[MyVC viewDidAppear:]
        -[MyVC viewWillDisappear:]
        -[MyVC viewDidDisappear:]
        -[MyVC didReceiveMemoryWarning]
        -[MyVC viewWillUnload]
        -[MyVC setView:]
        -[MyVC viewDidUnload]
        -[MyVC loadView]
        -[MyView initWithCoder:]
        -[MyView awakeFromNib]
        -[MyVC viewDidLoad]
        -[MyVC viewWillAppear:]
        -[MyVC viewDidAppear:]

        """

    @Test("golden reproduced byte for byte at its trace level", arguments: goldens)
    func goldenIsReproduced(_ golden: SpecGoldenTests.Golden) throws {
        let actual = try SpecScenario.text(golden.name, level: golden.level)
        #expect(actual == golden.expected)
    }

    @Test("nibviz simulate prints exactly the golden on stdout", arguments: goldens)
    func cliPrintsTheGolden(_ golden: SpecGoldenTests.Golden) throws {
        let result = try runNibviz(
            ["simulate", "site/scenarios/spec/\(golden.name).yaml", "--trace", golden.level.description],
            currentDirectory: TestPaths.packageRoot
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == golden.expected)
    }

    @Test("R-REL-1 R-MEM-2 R-MEM-4: the G-REL-1 run on iOS 5.1 unloads and reloads; on iOS 17 it does neither")
    func reloadCycleIOS5AgainstIOS17() throws {
        let ios5 = try SpecScenario.load("G-REL-1")
        var ios17 = ios5
        ios17.osVersion = OSVersion(17, 0)
        ios17.sdkVersion = OSVersion(17, 0)
        let text5 = TimelineFormatter.format(Simulator.run(ios5), as: .text)
        let text17 = TimelineFormatter.format(Simulator.run(ios17), as: .text)
        #expect(text5 == Self.rel1)
        // SPEC §13: on iOS 6+ the block from didReceiveMemoryWarning to the second viewDidLoad
        // collapses to a single didReceiveMemoryWarning, and the view is not reloaded.
        let lines = Self.rel1.split(separator: "\n", omittingEmptySubsequences: false)
        let collapsed = (lines[0..<15] + lines[22...]).joined(separator: "\n")
        #expect(text17 == collapsed)
        let states5 = Simulator.run(ios5).transitions.filter { $0.controller.label == "MyVC" }.map(\.to)
        let states17 = Simulator.run(ios17).transitions.filter { $0.controller.label == "MyVC" }.map(\.to)
        #expect(states5.contains(.unloaded))
        #expect(!states17.contains(.unloaded))
    }

    @Test("R-APP-9: at L2 the containment lines carry parent=Parent, parent=Parent, parent=nil, parent=nil (G-APP-4)")
    func containmentArguments() throws {
        let text = try SpecScenario.text("G-APP-4", level: .l2)
        let parents = text.split(separator: "\n").filter { $0.contains("ParentViewController:") }.map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(parents == ["parent=Parent", "parent=Parent", "parent=nil", "parent=nil"])
    }

    @Test("R-APP-3: G-APP-1 with sdkVersion 16 has no viewIsAppearing: line")
    func viewIsAppearingGatedBySDK() throws {
        var scenario = try SpecScenario.load("G-APP-1")
        scenario.sdkVersion = OSVersion(16, 0)
        let text = TimelineFormatter.format(Simulator.run(scenario), as: .text)
        #expect(!text.contains("viewIsAppearing:"))
        #expect(text.contains("-[RootVC viewWillLayoutSubviews]"))
    }

    @Test("R-LOAD-6: without a self.view read in viewDidLoad one access gives one pair and a second access a second pair")
    func loadViewWithoutViewRepeatsPerAccess() throws {
        let yaml = """
            platform: ios
            trace: L1
            classes:
              BadVC: { superclass: UIViewController, overrides: [loadView, viewDidLoad], behaviour: { withoutSuper: [loadView] } }
            objects:
              vc: { class: BadVC }
            steps:
              - accessView: vc
              - accessView: vc
            """
        #expect(try SpecScenario.text(yaml: yaml) == String(repeating: "-[BadVC loadView]\n-[BadVC viewDidLoad]\n", count: 2))
    }

    @Test("R-MEM-6: view = nil by hand on iOS 5 sends no unload callbacks and the next access reloads")
    func manualViewNilReloads() throws {
        let yaml = """
            platform: ios
            osVersion: "5.1"
            trace: L1
            classes:
              C: { superclass: UIViewController, overrides: [loadView, viewDidLoad, viewWillUnload, viewDidUnload] }
            objects:
              c: { class: C }
            steps:
              - accessView: c
              - setViewNil: c
              - accessView: c
            """
        #expect(try SpecScenario.text(yaml: yaml) == String(repeating: "-[C loadView]\n-[C viewDidLoad]\n", count: 2))
    }

    @Test(
        "the S3 seed logs are reproduced verbatim in seed format",
        arguments: [
            (
                "S3-storyboard",
                "ViewController -- initWithCoder\nViewController -- awakeFromNib\nViewController -- loadView\nViewController -- viewDidLoad\n"
            ),
            (
                "S3-code-init",
                "TestViewController -- init\nTestViewController -- initWithNibName\nTestViewController -- loadView\nTestViewController -- viewDidLoad\n"
            ),
        ])
    func seedLogs(_ name: String, _ expected: String) throws {
        let result = try runNibviz(
            ["simulate", "site/scenarios/seeds/\(name).yaml", "--format", "seed"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == expected)
    }
}
