import NibSimulation
import Testing

/// SPEC §2 (R-INIT).
@Suite("Instantiation rules (R-INIT)")
struct InitRuleTests {
    /// One object of `element` with custom class `Thing` on `platform`, traced at L1.
    static func initializer(_ element: String, platform: String, flags: String = "", custom: String = "Thing") throws -> String {
        let yaml = """
            platform: \(platform)
            trace: L1
            \(flags)
            classes:
              \(custom): { overrides: [init, "initWithCoder:", "initWithFrame:", "initWithContentRect:styleMask:backing:defer:"] }
            nibs:
              N:
                objects:
                  - { id: o1, element: \(element), customClass: \(custom) }
            steps:
              - loadNib: { nib: N }
            """
        return try SpecScenario.text(yaml: yaml)
    }

    @Test("R-INIT-1: initWithCoder: by default, initWithFrame: for macOS custom views, init for custom objects")
    func initializerOrderOfRules() throws {
        #expect(try Self.initializer("button", platform: "macos") == "-[Thing initWithCoder:]\n")
        #expect(try Self.initializer("customView", platform: "macos") == "-[Thing initWithFrame:]\n")
        #expect(try Self.initializer("customObject", platform: "macos") == "-[Thing init]\n")
    }

    @Test(
        "R-INIT-2: iOS custom views get initWithCoder:, never initWithFrame:",
        arguments: ["view", "label", "imageView", "tableViewCell", "viewController"])
    func iosArchivedObjectsUseInitWithCoder(_ element: String) throws {
        #expect(try Self.initializer(element, platform: "ios") == "-[Thing initWithCoder:]\n")
    }

    @Test("R-INIT-3: the iOS custom class is the one allocated (class swapper)")
    func iosClassSubstitution() throws {
        let timeline = try SpecScenario.run(
            "platform: ios\nnibs:\n  N:\n    objects:\n      - { id: o1, element: view, customClass: Swapped }\nsteps:\n  - loadNib: { nib: N }\n"
        )
        #expect(timeline.events.first?.receiver?.className == "Swapped")
        #expect(timeline.events.first?.rule == "R-INIT-3")
    }

    @Test("R-INIT-4: an iOS generic Object gets init even when it adopts NSCoding")
    func iosCustomObjectUsesInit() throws {
        #expect(try Self.initializer("customObject", platform: "ios") == "-[Thing init]\n")
    }

    @Test(
        "R-INIT-5: macOS library objects keep initWithCoder: after a class change",
        arguments: ["button", "textField", "tableCellView", "viewController"])
    func macLibraryObjectsUseInitWithCoder(_ element: String) throws {
        #expect(try Self.initializer(element, platform: "macos") == "-[Thing initWithCoder:]\n")
    }

    @Test("R-INIT-6: macOS NSCustomView sends initWithFrame: to the real class")
    func macCustomViewUsesInitWithFrame() throws {
        #expect(try SpecScenario.text("G-AWAKE-1-b", level: .l1).hasPrefix("-[Pane initWithFrame:]\n"))
    }

    @Test("R-INIT-7: macOS custom objects (AppDelegate) get init")
    func macCustomObjectUsesInit() throws {
        #expect(try SpecScenario.text("G-WIN-1", level: .l1).contains("-[AppDelegate init]\n"))
    }

    @Test("R-INIT-8: custom windows get initWithContentRect:… only with macWindowTemplateInit")
    func windowTemplateFlag() throws {
        #expect(try Self.initializer("window", platform: "macos") == "-[Thing initWithCoder:]\n")
        let flagged = try Self.initializer("window", platform: "macos", flags: "flags: { macWindowTemplateInit: true }")
        #expect(flagged == "-[Thing initWithContentRect:styleMask:backing:defer:]\n")
    }

    @Test("R-INIT-9: awakeAfterUsingCoder: follows initWithCoder: and its substitute gets the later events")
    func awakeAfterUsingCoderSubstitutes() throws {
        let yaml = """
            platform: ios
            trace: L1
            classes:
              Placeholder: { overrides: ["initWithCoder:", "awakeAfterUsingCoder:", awakeFromNib], behaviour: { awakeAfterUsingCoderReturns: Real } }
              Real: { overrides: [awakeFromNib] }
              Plain: { overrides: [init, "awakeAfterUsingCoder:"] }
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - { id: v1, element: view, customClass: Placeholder }
                  - { id: o1, element: customObject, customClass: Plain }
            steps:
              - loadNib: { nib: N }
            """
        #expect(
            try SpecScenario.text(yaml: yaml)
                == "-[Placeholder initWithCoder:]\n-[Placeholder awakeAfterUsingCoder:]\n-[Plain init]\n-[Real awakeFromNib]\n")
    }

    @Test("R-INIT-10: during init no connection has been made yet (P2 precedes P3)")
    func initializersRunBeforeConnections() throws {
        let events = Simulator.run(try SpecScenario.load("G-NIB-1")).visibleEvents(at: .l2)
        let lastInit = try #require(events.lastIndex { $0.selector == "initWithCoder:" })
        let firstConnection = try #require(events.firstIndex { $0.phase == .p3 })
        #expect(lastInit < firstConnection)
    }

    @Test("R-INIT-11: Apple wins over S1 — UIViewController subclasses get initWithCoder:, not init")
    func followsAppleOverSeedS1() throws {
        #expect(try Self.initializer("viewController", platform: "ios") == "-[Thing initWithCoder:]\n")
    }
}
