import NibSimulation
import Testing

/// SPEC §4 and §5 (R-ACT, R-BIND).
@Suite("Action and binding rules (R-ACT, R-BIND)")
struct ActionBindingRuleTests {
    static let iosActions = """
        platform: ios
        trace: L2
        objects:
          owner: { class: Owner }
        classes:
          Owner: { actions: [] }
        nibs:
          N:
            objects:
              - { id: "-1", placeholder: IBFilesOwner, customClass: Owner }
              - { id: "-2", placeholder: IBFirstResponder }
              - id: v1
                element: view
                children:
                  - id: b1
                    element: button
                    connections:
                      - { action: "save:", destination: "-1", eventType: valueChanged, id: c1 }
                      - { action: "copy:", destination: "-2", eventType: touchUpInside, id: c2 }
              - id: g1
                element: tapGestureRecognizer
                connections:
                  - { action: "tapped:", destination: "-1", id: c3 }
              - id: i1
                element: barButtonItem
                connections:
                  - { action: "done:", destination: "-1", id: c4 }
        steps:
          - loadNib: { nib: N, owner: owner }
        """

    @Test("R-ACT-1: controls use addTarget:action:forControlEvents:; First Responder is a nil target")
    func iosControlActions() throws {
        let text = try SpecScenario.text(yaml: Self.iosActions)
        #expect(
            text.contains("-[UIButton addTarget:action:forControlEvents:] target=Owner action=save: events=UIControlEventValueChanged\n"))
        #expect(
            text.contains("-[UIButton addTarget:action:forControlEvents:] target=nil action=copy: events=UIControlEventTouchUpInside\n"))
    }

    @Test("R-ACT-2: gesture recognizers use addTarget:action:, bar button items setTarget: then setAction:")
    func iosNonControlActions() throws {
        let text = try SpecScenario.text(yaml: Self.iosActions)
        #expect(text.contains("-[UITapGestureRecognizer addTarget:action:] target=Owner action=tapped:\n"))
        #expect(text.contains("-[UIBarButtonItem setTarget:] target=Owner\n-[UIBarButtonItem setAction:] action=done:\n"))
    }

    @Test("R-ACT-3: iOS connects an action the target does not implement, without a log")
    func iosDoesNotCheckTargets() throws {
        let text = try SpecScenario.text(yaml: Self.iosActions)
        #expect(!text.contains("LOG"))
        #expect(text.contains("action=save:"))
    }

    @Test(
        "R-ACT-4: ⏱ macOS logs and skips an action the target does not implement",
        arguments: [
            ("10.15", "LOG Could not connect action, target class Owner does not respond to -save:"),
            ("10.9", "LOG Could not connect the action save: to target of class Owner"),
        ])
    func macChecksTargets(_ os: String, _ log: String) throws {
        let text = try SpecScenario.text("G-ACT-1", level: .l2, options: SimulationOptions(osVersion: OSVersion(os)))
        #expect(text.contains(log + "\n"))
        #expect(!text.contains("[Nib Loading]"))
        #expect(!text.contains("-[SaveButton setTarget:]"))
    }

    @Test("R-ACT-5: loading never sends an action")
    func actionsAreNotSent() throws {
        let selectors = Simulator.run(try SpecScenario.load("G-NIB-1")).events.compactMap(\.selector)
        #expect(!selectors.contains("tap:"))
        #expect(!selectors.contains("sendAction:to:forEvent:"))
    }

    @Test("R-BIND-1: bind:toObject:withKeyPath:options: with options only when the binding has them")
    func macBindings() throws {
        #expect(
            try SpecScenario.text("G-BIND-1", level: .l2).contains(
                "keyPath=representedObject.isLocked options={NSValueTransformerName=NSNegateBoolean}\n"))
        let yaml = """
            platform: macos
            trace: L2
            nibs:
              N:
                objects:
                  - { id: u1, element: userDefaultsController }
                  - id: t1
                    element: textField
                    connections:
                      - { binding: value, destination: u1, keyPath: values.Name, id: c1 }
            steps:
              - loadNib: { nib: N }
            """
        #expect(
            try SpecScenario.text(yaml: yaml)
                == "-[NSTextField bind:toObject:withKeyPath:options:] binding=value object=NSUserDefaultsController keyPath=values.Name\n")
    }

    @Test(
        "R-BIND-2: a binding in a CocoaTouch document is rejected before any event, at every level", arguments: [TraceLevel.l1, .l2, .l3])
    func iosBindingsAreRejected(_ level: TraceLevel) throws {
        #expect(try SpecScenario.text("G-XML-2", level: level) == "REJECT binding element in a CocoaTouch document (id b1)\n")
    }

    @Test("R-BIND-3: option values keep their document order and text")
    func bindingOptionsKeepOrder() throws {
        let yaml = """
            platform: macos
            trace: L2
            nibs:
              N:
                objects:
                  - { id: u1, element: customObject }
                  - id: t1
                    element: button
                    connections:
                      - binding: enabled
                        destination: u1
                        keyPath: ready
                        options: { NSValueTransformerName: NSNegateBoolean, NSConditionallySetsEnabled: "NO" }
                        id: c1
            steps:
              - loadNib: { nib: N }
            """
        #expect(
            try SpecScenario.text(yaml: yaml).contains("options={NSValueTransformerName=NSNegateBoolean,NSConditionallySetsEnabled=NO}\n"))
    }

    @Test("R-BIND-4: no platform runs both addTarget:… and bind:…")
    func platformsDoNotMix() throws {
        let mac = Simulator.run(try SpecScenario.load("G-BIND-1")).events.compactMap(\.selector)
        #expect(!mac.contains("addTarget:action:forControlEvents:"))
        let ios = Simulator.run(try SpecScenario.load("G-NIB-1")).events.compactMap(\.selector)
        #expect(!ios.contains("bind:toObject:withKeyPath:options:"))
    }
}
