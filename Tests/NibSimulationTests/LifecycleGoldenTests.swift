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

    @Test("the S3 seed logs are reproduced verbatim in seed format", arguments: [
        ("S3-storyboard", "ViewController -- initWithCoder\nViewController -- awakeFromNib\nViewController -- loadView\nViewController -- viewDidLoad\n"),
        ("S3-code-init", "TestViewController -- init\nTestViewController -- initWithNibName\nTestViewController -- loadView\nTestViewController -- viewDidLoad\n"),
    ])
    func seedLogs(_ name: String, _ expected: String) throws {
        let result = try runNibviz(["simulate", "site/scenarios/seeds/\(name).yaml", "--format", "seed"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == expected)
    }
}

/// Steps that cannot happen are located errors, not crashes (issue 5).
@Suite("Impossible lifecycle steps")
struct ImpossibleStepTests {
    @Test("pop with nothing pushed is an error naming the step's line")
    func popWithNothingPushed() {
        let yaml = """
            platform: ios
            objects:
              a: { class: UIViewController }
            steps:
              - showRoot: a
              - pop
            """
        #expect {
            _ = try SpecScenario.run(yaml)
        } throws: { error in
            "\(error)".contains("inline.yaml:6") && "\(error)".contains("pop: nothing was pushed")
        }
    }

    @Test("accessing a controller never made is an error naming the step's line")
    func accessUnknownController() {
        let yaml = """
            platform: ios
            steps:
              - accessView: ghost
            """
        #expect {
            _ = try SpecScenario.run(yaml)
        } throws: { error in
            "\(error)".contains("inline.yaml:3") && "\(error)".contains("no object named 'ghost'")
        }
    }

    @Test("dismiss with nothing presented is an error")
    func dismissWithNothingPresented() {
        #expect(throws: (any Error).self) { _ = try SpecScenario.run("platform: ios\nsteps:\n  - dismiss\n") }
    }
}
