import NibModel
import NibParsing
import NibScenario
import Testing

/// Scenario YAML → Scenario, and its FILE:LINE:COL errors.
@Suite("ScenarioParser")
struct ScenarioParserTests {
    static func error(_ yaml: String) -> String? {
        do {
            _ = try ScenarioParser.parse(yaml: yaml, file: "s.yaml")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every spec scenario parses")
    func specScenariosParse() throws {
        for name in ["G-NIB-1", "G-XML-1", "G-WIN-1", "G-AWAKE-2"] {
            let scenario = try SpecScenario.load(name)
            #expect(!scenario.steps.isEmpty)
        }
    }

    @Test("fields land where they belong")
    func fieldsAreRead() throws {
        let scenario = try ScenarioParser.parse(
            yaml: """
                platform: macos
                osVersion: "10.9"
                sdkVersion: "10.15"
                trace: L3
                flags: { maxLoadViewDepth: 8, macWindowTemplateInit: yes }
                bundle: { path: /X.app, resources: [A.nib] }
                classes:
                  Owner: { superclass: NSObject, user: false, swiftModule: M, keys: [a], ivars: [b], actions: ["c:"], overrides: [init], behaviour: { callsSuper: false } }
                objects:
                  o: { class: Owner, label: Boss, nibName: Owner }
                steps:
                  - loadNib: { nib: A, owner: o, as: r }
                  - release: r
                  - push: o
                  - push: o
                  - pop
                  - selectTab: 2
                """, file: "s.yaml")
        #expect(scenario.platform == .macos)
        #expect(scenario.osVersion == OSVersion(10, 9))
        #expect(scenario.sdkVersion == OSVersion(10, 15))
        #expect(scenario.traceLevel == .l3)
        #expect(scenario.flags.maxLoadViewDepth == 8 && scenario.flags.macWindowTemplateInit)
        #expect(scenario.bundle == AppBundle(path: "/X.app", resources: ["A.nib"]))
        let owner = try #require(scenario.classes?["Owner"])
        #expect(!owner.isUser && owner.swiftModule == "M" && owner.keys == ["a"] && owner.ivars == ["b"] && owner.actions == ["c:"])
        #expect(owner.overrides == ["init"] && !owner.behaviour.callsSuper)
        #expect(scenario.objects == [ScenarioObject(name: "o", className: "Owner", label: "Boss", nibName: "Owner", line: 10)])
        #expect(
            scenario.steps.map(\.action) == [
                .loadNib(nib: "A", owner: "o", externals: [:], result: "r"), .release("r"), .push("o"), .push("o"), .pop, .selectTab(2),
            ])
        #expect(scenario.steps[0].location == FileLocation(file: "s.yaml", line: 12, column: 5))
    }

    @Test(
        "errors carry FILE:LINE:COL and list what is allowed",
        arguments: [
            ("platform: ios\nbogus: 1\n", "s.yaml:2:1: unknown key 'bogus' in the scenario; allowed: title, platform, osVersion"),
            ("platform: windows\n", "s.yaml:1:11: bad value 'windows' for platform; allowed: ios, macos"),
            ("platform: ios\ntrace: L9\n", "s.yaml:2:8: bad value 'L9' for trace; allowed: L1, L2, L3"),
            ("platform: ios\nosVersion: banana\n", "s.yaml:2:12: bad value 'banana' for osVersion; allowed: a version"),
            ("platform: ios\nsteps:\n  - jump: x\n", "s.yaml:3:5: unknown step 'jump'; allowed: loadNib, instantiateInitialController"),
            ("platform: ios\nsteps:\n  - accessView: ghost\n", "s.yaml:3:5: accessView: no object named 'ghost'"),
            ("platform: ios\nclasses:\n  A: { keyz: [] }\n", "s.yaml:3:8: unknown key 'keyz' in class A; allowed: superclass, user"),
            (
                "platform: ios\nnibs:\n  N:\n    objects:\n      - { id: a, colour: red }\n",
                "s.yaml:5:18: unknown key 'colour' in an object; allowed: id, element"
            ),
            (
                "platform: ios\nnibs:\n  N:\n    objects:\n      - id: a\n        connections:\n          - { outlet: x }\n",
                "s.yaml:7:13: outlet x needs 'destination'"
            ),
            ("platform: ios\nsteps: [\n", "s.yaml:3:1: invalid YAML"),
            ("trace: L1\n", "s.yaml:1:1: the scenario needs 'platform'"),
            (
                "platform: ios\nclasses:\n  A: { overrides: [initWithCoder:, awakeFromNib] }\n",
                "s.yaml:3:33: invalid YAML: found unexpected ':' (quote selectors"
            ),
        ])
    func errorsAreLocated(_ yaml: String, _ expected: String) {
        let message = Self.error(yaml)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    @Test("steps may use results defined by earlier steps only")
    func resultsAreKnownAfterTheirStep() {
        let yaml = "platform: ios\nnibs:\n  N: { objects: [] }\nsteps:\n  - release: r\n  - loadNib: { nib: N, as: r }\n"
        #expect(Self.error(yaml)?.hasPrefix("s.yaml:5:5: release: no object named 'r'") == true)
    }
}
