import NibSimulation
import NibTestSupport
import Testing

/// R-… rules of SPEC §8–§14 added after the first lifecycle pass.
@Suite("View assignment by hand (R-LOAD-9)")
struct ViewAssignmentTests {
    /// A controller overriding the traced view selectors; `steps` follow.
    func yaml(_ steps: String) -> String {
        """
        platform: ios
        osVersion: "16.0"
        trace: L1
        classes:
          C: { superclass: UIViewController, overrides: [loadView, viewDidLoad, "setView:"] }
        objects:
          c: { class: C }
        steps:
        \(steps)
        """
    }

    @Test("R-LOAD-9: a view assigned before the first access means no loadView and no viewDidLoad")
    func assignedViewSkipsLoadView() throws {
        let timeline = try SpecScenario.run(yaml("  - setView: c\n  - accessView: c"))
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[C setView:]\n")
        #expect(timeline.transitions.contains { $0.to == .loaded && $0.rule == "R-LOAD-9" })
    }

    @Test("R-LOAD-9: without the assignment the same access runs loadView and viewDidLoad")
    func accessWithoutAssignmentLoads() throws {
        #expect(try SpecScenario.text(yaml: yaml("  - accessView: c")) == "-[C loadView]\n-[C viewDidLoad]\n")
    }
}
