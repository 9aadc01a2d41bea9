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
