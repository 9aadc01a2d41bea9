import NibRules
import NibSimulation
import Testing

/// Timeline contents beyond the text: transitions, levels, options.
@Suite("Timeline and options")
struct TimelineTests {
    @Test("a view load records notLoaded → loaded for the controller")
    func viewLoadTransition() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-XML-1"))
        #expect(timeline.transitions.map(\.to) == [.loaded])
        #expect(timeline.transitions.first?.from == .notLoaded)
        #expect(timeline.transitions.first?.controller.label == "ViewController")
    }

    @Test("untraced calls are kept with no level, for diagrams")
    func untracedCallsAreKept() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-XML-1"))
        #expect(timeline.events.contains { $0.selector == "initWithCoder:" && $0.receiver?.className == "UIButton" && $0.level == nil })
    }

    @Test("--os moves an implicit SDK version with it, an explicit one stays")
    func osOverride() throws {
        let scenario = try SpecScenario.load("G-ACT-1")
        let moved = SimulationOptions(osVersion: OSVersion(10, 9)).applied(to: scenario)
        #expect(moved.sdkVersion == OSVersion(10, 9))
        var pinned = scenario
        pinned.sdkVersion = OSVersion(11, 0)
        #expect(SimulationOptions(osVersion: OSVersion(10, 9)).applied(to: pinned).sdkVersion == OSVersion(11, 0))
    }

    @Test("IVAR lines carry the ivar name and value; json keeps them structured")
    func ivarEvent() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-WIN-1"))
        let ivar = try #require(timeline.events.first { $0.kind == .ivar })
        #expect(ivar.argument("name") == "canvas" && ivar.argument("value") == "GoButton" && ivar.rule == "R-OUT-2")
        #expect(TimelineFormatter.format(timeline, as: .json).contains(#""line":"IVAR AppDelegate.canvas = GoButton""#))
    }

    @Test("every rule id an event carries is a rule the engine lists")
    func ruleIDsAreKnown() throws {
        for name in ["G-NIB-1", "G-WIN-1", "G-XML-1", "G-BIND-1", "G-ACT-1", "G-OUT-2", "G-XML-2", "G-NIB-2"] {
            for event in Simulator.run(try SpecScenario.load(name)).events {
                #expect(Rule.named(event.rule) != nil, "\(event.rule)")
            }
        }
    }

    @Test("versions compare numerically")
    func versions() {
        #expect(OSVersion(10, 9) < OSVersion(10, 10))
        #expect(OSVersion("13") == OSVersion("13.0"))
        #expect(OSVersion("x.1") == nil)
        #expect(OSVersion(10, 15).description == "10.15")
    }
}
