import NibSimulation
import NibTestSupport
import Testing

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
