import Foundation
import NibParsing
import NibScenario
import NibSimulation
import NibTestSupport
import Testing

/// Steps that drive a launched storyboard: segues, back, cells, a view leaving its window.
@Suite("Storyboard steps (R-SB-2..9)")
struct StoryboardStepTests {
    @Test("R-SB-2: a segue fired from its button: shouldPerform…, the destination decoded, prepareForSegue:, the push")
    func segueFromAnObject() throws {
        let yaml = LaunchFixtures.navPush("  - startTrace\n  - segue: { controller: roo-00-001, from: btn-00-001, as: detail }")
        #expect(
            try LaunchFixtures.text(yaml) == """
                -[RootVC shouldPerformSegueWithIdentifier:sender:]
                -[DetailVC initWithCoder:]
                -[RootVC prepareForSegue:sender:]
                -[DetailVC viewDidLoad]
                -[RootVC viewWillDisappear:]
                -[DetailVC viewWillAppear:]
                -[RootVC viewDidDisappear:]
                -[DetailVC viewDidAppear:]

                """)
    }

    @Test("R-SB-2: the same segue by identifier from code skips shouldPerform…; an object with no segue stops the run with a note")
    func segueByIdentifierAndUnknownObject() throws {
        let byCode = LaunchFixtures.navPush(
            "  - startTrace\n  - segue: { controller: roo-00-001, identifier: showDetail, trigger: code }")
        #expect(try LaunchFixtures.text(byCode).hasPrefix("-[DetailVC initWithCoder:]\n-[RootVC prepareForSegue:sender:]\n"))
        let unknown = Simulator.run(
            try LaunchFixtures.scenario(LaunchFixtures.navPush("  - startTrace\n  - segue: { controller: roo-00-001, from: nvi-00-001 }")))
        #expect(unknown.events.isEmpty)
        #expect(unknown.notes.contains { $0.contains("no segue starts from object 'nvi-00-001'") && $0.contains("R-SB-2") })
    }

    @Test("R-SB-3: a full-screen presentation segue hides the presenter; a show over it presents instead of pushing")
    func presentationSegue() throws {
        let yaml = LaunchFixtures.navPush("  - startTrace\n  - segue: { controller: roo-00-001, identifier: settings, trigger: code }")
        #expect(
            try LaunchFixtures.text(yaml) == """
                -[SettingsVC initWithCoder:]
                -[RootVC prepareForSegue:sender:]
                -[SettingsVC viewDidLoad]
                -[RootVC viewWillDisappear:]
                -[SettingsVC viewWillAppear:]
                -[SettingsVC viewDidAppear:]
                -[RootVC viewDidDisappear:]

                """)
        let timeline = Simulator.run(try LaunchFixtures.scenario(yaml))
        #expect(
            timeline.events.contains { $0.selector == "viewDidAppear:" && $0.receiver?.className == "SettingsVC" && $0.rule == "R-APP-5" })
    }

    @Test("R-SB-4: an unwind segue: the source's prepareForSegue:, the destination's unwind action, one pop back to it")
    func unwindSegue() throws {
        let yaml = LaunchFixtures.navPush(
            "  - segue: { controller: roo-00-001, identifier: showDetail, trigger: code }\n  - startTrace\n  - back: { unwind: done }")
        #expect(
            try LaunchFixtures.text(yaml) == """
                -[DetailVC prepareForSegue:sender:]
                -[RootVC unwindToRoot:]
                -[DetailVC viewWillDisappear:]
                -[RootVC viewWillAppear:]
                -[DetailVC viewDidDisappear:]
                -[RootVC viewDidAppear:]

                """)
        let events = Simulator.run(try LaunchFixtures.scenario(yaml)).events
        #expect(events.contains { $0.selector == "unwindToRoot:" && $0.rule == "R-SB-4" })
    }

    @Test("R-SB-4: a control-triggered unwind asks shouldPerformSegueWithIdentifier:sender: first; one from code does not")
    func unwindTriggers() throws {
        func first(_ trigger: String) throws -> String? {
            let yaml = LaunchFixtures.navPush(
                "  - segue: { controller: roo-00-001, identifier: showDetail, trigger: code }\n  - startTrace\n  - back: { unwind: done, trigger: \(trigger) }"
            ).replacingOccurrences(
                of: "\"prepareForSegue:sender:\"]\n  SettingsVC",
                with: "\"prepareForSegue:sender:\", \"shouldPerformSegueWithIdentifier:sender:\"]\n  SettingsVC")
            return try LaunchFixtures.text(yaml).split(separator: "\n").first.map(String.init)
        }
        #expect(try first("storyboard") == "-[DetailVC shouldPerformSegueWithIdentifier:sender:]")
        #expect(try first("code") == "-[DetailVC prepareForSegue:sender:]")
    }

    @Test("R-SB-4: an unknown unwind identifier raises like performSegueWithIdentifier:")
    func unknownUnwind() throws {
        let yaml = LaunchFixtures.navPush(
            "  - segue: { controller: roo-00-001, identifier: showDetail, trigger: code }\n  - startTrace\n  - back: { unwind: nope }")
        #expect(
            try LaunchFixtures.text(yaml)
                == "EXCEPTION NSInvalidArgumentException: Receiver (<DetailVC: 0xADDR>) has no segue with identifier 'nope'\n")
    }

    @Test("R-SB-5: back pops a pushed controller and dismisses a presented one")
    func backPopsOrDismisses() throws {
        let pushed = LaunchFixtures.navPush(
            "  - segue: { controller: roo-00-001, identifier: showDetail, trigger: code }\n  - startTrace\n  - back")
        #expect(
            try LaunchFixtures.text(pushed)
                == "-[DetailVC viewWillDisappear:]\n-[RootVC viewWillAppear:]\n-[DetailVC viewDidDisappear:]\n-[RootVC viewDidAppear:]\n")
        let presented = LaunchFixtures.navPush(
            "  - segue: { controller: roo-00-001, identifier: settings, trigger: code }\n  - startTrace\n  - back")
        let timeline = Simulator.run(try LaunchFixtures.scenario(presented))
        #expect(
            TimelineFormatter.format(timeline, as: .text)
                == "-[SettingsVC viewWillDisappear:]\n-[RootVC viewWillAppear:]\n-[RootVC viewDidAppear:]\n-[SettingsVC viewDidDisappear:]\n"
        )
        #expect(timeline.events.allSatisfy { $0.rule == "R-APP-5" })
    }

    @Test("R-SB-5: back with nothing pushed or presented is an error at the step's line")
    func backWithNothingToGoBackFrom() {
        #expect(throws: LocatedError.self) {
            try ScenarioParser.parse(
                yaml: "platform: ios\nobjects:\n  a: { class: A }\nsteps:\n  - showRoot: a\n  - back\n", file: "s.yaml")
        }
    }
}

/// Prototype cells (R-SB-6/7).
@Suite("Prototype cells (R-SB-6, R-SB-7)")
struct PrototypeCellTests {
    static func yaml(_ steps: String) -> String {
        """
        platform: ios
        osVersion: "16.0"
        trace: L2
        classes:
          ListVC: { actions: ["favorite:"], overrides: [viewDidLoad] }
          ItemCell: { superclass: UITableViewCell, keys: [iconView, titleLabel], overrides: ["initWithCoder:", awakeFromNib] }
        nibs:
          Table: { path: Table.storyboard }
        steps:
          - launch: { mainNib: Table }
        \(steps)
        """
    }

    @Test("R-SB-7: the launch creates no prototype cell, neither its outlets nor its actions")
    func noCellsWithTheView() throws {
        let timeline = Simulator.run(try LaunchFixtures.scenario(Self.yaml("")))
        #expect(!timeline.events.contains { $0.receiver?.className == "ItemCell" })
        #expect(!timeline.events.contains { $0.connectionIDs.contains("out-00-001") || $0.connectionIDs.contains("act-00-001") })
        #expect(timeline.loads.map(\.nib) == ["UITableViewController-lst-00-001", "lst-00-001-view-tbv-00-001"])
    }

    @Test("R-SB-7: each dequeue loads the cell's own nib: initWithCoder:, its outlets and actions, awakeFromNib (golden)")
    func dequeueLoadsTheCellNib() throws {
        let yaml = Self.yaml("  - startTrace\n  - dequeueCell: { controller: lst-00-001, identifier: ItemCell, count: 2, as: cells }")
        let timeline = Simulator.run(try LaunchFixtures.scenario(yaml))
        Golden.check(
            TimelineFormatter.format(timeline, as: .text, level: .l3),
            against: LaunchFixtures.snapshots.appendingPathComponent("dequeue-Table.txt").path)
        #expect(timeline.loads.map(\.nib) == ["tbv-00-001-cell-cel-00-001", "tbv-00-001-cell-cel-00-001"])
        #expect(timeline.events.filter { $0.selector == "awakeFromNib" && $0.receiver?.className == "ItemCell" }.count == 2)
        #expect(timeline.events.contains { $0.selector == "dequeueReusableCellWithIdentifier:forIndexPath:" && $0.rule == "R-SB-7" })
    }

    @Test("R-SB-7: a cell outlet the cell class lacks raises NSUnknownKeyException at dequeue, not at launch")
    func missingCellOutletRaisesAtDequeue() throws {
        let yaml = Self.yaml("  - dequeueCell: { controller: lst-00-001, identifier: ItemCell }").replacingOccurrences(
            of: "keys: [iconView, titleLabel]", with: "keys: [iconView]")
        let timeline = Simulator.run(try LaunchFixtures.scenario(yaml))
        let exception = try #require(timeline.events.last)
        #expect(exception.kind == .exception)
        #expect(exception.text?.contains("not key value coding-compliant for the key titleLabel") == true)
        #expect(timeline.events.contains { $0.selector == "viewDidAppear:" })
    }

    @Test("R-SB-6: an unknown reuse identifier raises UIKit's NSInternalInconsistencyException")
    func unknownReuseIdentifier() throws {
        let yaml = Self.yaml("  - startTrace\n  - dequeueCell: { controller: lst-00-001, identifier: Nope }")
        #expect(
            try LaunchFixtures.text(yaml)
                == "EXCEPTION NSInternalInconsistencyException: unable to dequeue a cell with identifier Nope - must register a nib or a class for the identifier or connect a prototype cell in a storyboard\n"
        )
    }
}

/// Static cells (R-SB-11) against prototype cells (R-SB-7): a static table's cells belong to the
/// table view's nib and load with the view; only prototypes wait for a dequeue.
@Suite("Static cells (R-SB-11)")
struct StaticCellTests {
    static let yaml = """
        platform: ios
        osVersion: "16.0"
        trace: L2
        classes:
          SettingsVC: { superclass: UITableViewController, keys: [nameLabel, toggleCell], actions: ["toggled:"], overrides: [viewDidLoad] }
          ToggleCell: { superclass: UITableViewCell, keys: [toggle], overrides: ["initWithCoder:", awakeFromNib] }
        nibs:
          Settings: { path: StaticTable.storyboard }
        steps:
          - launch: { mainNib: Settings }
        """

    @Test("R-SB-11: static cells are created, connected and awakened inside the view nib, before viewDidLoad")
    func staticCellsLoadWithTheView() throws {
        let timeline = Simulator.run(try LaunchFixtures.scenario(Self.yaml))
        #expect(timeline.loads.map(\.nib) == ["UITableViewController-stc-00-001", "stc-00-001-view-stv-00-001"], "no cell nib of its own")
        let text = TimelineFormatter.format(timeline, as: .text).split(separator: "\n").map(String.init)
        let created = try #require(text.firstIndex(of: "-[ToggleCell initWithCoder:]"))
        let nameOutlet = try #require(text.firstIndex(of: "-[SettingsVC setValue:forKey:] key=nameLabel value=UILabel"))
        let cellOutlet = try #require(text.firstIndex(of: "-[SettingsVC setValue:forKey:] key=toggleCell value=ToggleCell"))
        let action = try #require(
            text.firstIndex { $0.hasPrefix("-[UISwitch addTarget:action:forControlEvents:] target=SettingsVC action=toggled:") })
        let awake = try #require(text.firstIndex(of: "-[ToggleCell awakeFromNib]"))
        let didLoad = try #require(text.firstIndex(of: "-[SettingsVC viewDidLoad]"))
        #expect(created < nameOutlet && nameOutlet < awake && cellOutlet < awake && action < awake && awake < didLoad)
        let viewLoad = try #require(timeline.loads.last)
        #expect(
            timeline.events.contains {
                $0.selector == "awakeFromNib" && $0.receiver?.className == "ToggleCell" && $0.load == viewLoad.ordinal
            }
        )
    }

    @Test("R-SB-11 with R-SB-6: a static cell's reuse identifier is no prototype, so a dequeue of it raises")
    func staticCellsAreNotDequeued() throws {
        let text = try LaunchFixtures.text(Self.yaml + "\n  - dequeueCell: { controller: stc-00-001, identifier: NameRow }")
        #expect(
            text.hasSuffix(
                "EXCEPTION NSInternalInconsistencyException: unable to dequeue a cell with identifier NameRow - must register a nib or a class for the identifier or connect a prototype cell in a storyboard\n"
            ))
        #expect(text.components(separatedBy: "-[ToggleCell initWithCoder:]").count == 2, "the static cell was created once, with the view")
    }
}

/// R-SB-8, R-SB-9, R-SB-10 and class tables in scenarios.
@Suite("Scenario composition (R-SB-8..10)")
struct ScenarioCompositionTests {
    @Test("R-SB-9: removeFromWindow sends the disappear calls on iOS and (R-MAC-5) without animated: on macOS")
    func removeFromWindow() throws {
        for (platform, will, did) in [
            ("ios", "viewWillDisappear:", "viewDidDisappear:"), ("macos", "viewWillDisappear", "viewDidDisappear"),
        ] {
            let yaml = """
                platform: \(platform)
                trace: L1
                classes:
                  C: { superclass: \(platform == "ios" ? "UIViewController" : "NSViewController"), overrides: ["\(will)", "\(did)"] }
                objects:
                  c: { class: C }
                bundle: { resources: [\(platform == "ios" ? "" : "C.nib")] }
                steps:
                  - showRoot: c
                  - startTrace
                  - removeFromWindow: c
                """
            let timeline = try SpecScenario.run(yaml)
            #expect(TimelineFormatter.format(timeline, as: .text) == "-[C \(will)]\n-[C \(did)]\n", "\(platform)")
            #expect(timeline.events.allSatisfy { $0.rule == (platform == "ios" ? "R-SB-9" : "R-MAC-5") }, "\(platform)")
            #expect(timeline.transitions.last?.to == .hidden)
        }
    }

    @Test("R-SB-9: removeFromWindow of a controller whose view is not in a window stops with a note")
    func removeFromWindowOffScreen() throws {
        let yaml =
            "platform: ios\nclasses:\n  C: { superclass: UIViewController }\nobjects:\n  c: { class: C }\nsteps:\n  - removeFromWindow: c\n"
        let timeline = try SpecScenario.run(yaml)
        #expect(timeline.events.isEmpty)
        #expect(timeline.notes.contains { $0.contains("is not in a window") })
    }

    @Test("R-SB-8: an external object the load does not supply is logged at L1, never a silent nil")
    func missingExternalObject() throws {
        let yaml = """
            platform: ios
            trace: L1
            objects:
              owner: { class: Owner }
            nibs:
              Card:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner, customClass: Owner }
                  - { id: "-2", placeholder: IBFirstResponder }
                  - { id: ext, placeholder: TheStore }
                  - id: v1
                    element: view
                    connections:
                      - { outlet: store, destination: ext, id: o1 }
            steps:
              - loadNib: { nib: Card, owner: owner }
            """
        let timeline = try SpecScenario.run(yaml)
        let log = try #require(timeline.events.first { $0.kind == .log })
        #expect(log.rule == "R-SB-8" && log.level == .l1)
        #expect(log.text == "external object 'TheStore' (placeholder ext) was not supplied; it resolves to nil")
    }

    @Test("R-SB-10: a scenario document of the other platform is an error at its path line")
    func otherPlatformDocumentIsAnError() throws {
        let yaml = "platform: macos\nnibs:\n  Table: { path: Table.storyboard }\n"
        do {
            _ = try LaunchFixtures.scenario(yaml)
            Issue.record("no error")
        } catch let error as LocatedError {
            #expect(error.location.line == 3)
            #expect(error.description.contains("Table.storyboard is an iOS document but the scenario's platform is macos (R-SB-10)"))
        }
    }

    @Test("R-SB-10: a --platform override that differs from a real document's platform rejects the run")
    func platformOverrideRejects() throws {
        let scenario = try LaunchFixtures.scenario(LaunchFixtures.navPush(""))
        let timeline = Simulator.run(scenario, options: SimulationOptions(platform: .macos))
        #expect(TimelineFormatter.format(timeline, as: .text) == "REJECT NavPush.storyboard is an iOS document; the run is macOS\n")
        #expect(timeline.events.first?.rule == "R-SB-10")
    }

    @Test("R-SB-1: a scenario mixes a class table file with its own entries; its own win")
    func classTableFileUnderOwnEntries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-classtable-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: LaunchFixtures.folder.appendingPathComponent("NavPush.storyboard"), to: folder.appendingPathComponent("NavPush.storyboard"))
        try "classes:\n  RootVC: { keys: [detailsButton], overrides: [viewDidLoad, \"viewDidAppear:\"] }\n".write(
            to: folder.appendingPathComponent("classes.yaml"), atomically: true, encoding: .utf8)
        let yaml = """
            platform: ios
            trace: L1
            classTable: classes.yaml
            classes:
              RootVC: { keys: [detailsButton], overrides: [viewDidLoad] }
            nibs:
              NavPush: { path: NavPush.storyboard }
            steps:
              - launch: { mainNib: NavPush }
            """
        let scenario = try ScenarioParser.parse(yaml: yaml, file: "s.yaml", baseDirectory: folder)
        #expect(TimelineFormatter.format(Simulator.run(scenario), as: .text) == "-[RootVC viewDidLoad]\n")
        var tableOnly = scenario
        tableOnly.classes = try ScenarioParser.parseClassTable(
            yaml: String(contentsOf: folder.appendingPathComponent("classes.yaml"), encoding: .utf8), file: "classes.yaml")
        #expect(TimelineFormatter.format(Simulator.run(tableOnly), as: .text) == "-[RootVC viewDidLoad]\n-[RootVC viewDidAppear:]\n")
    }
}

/// `dequeueCell` counts are bounded like `makeView` counts (limits page).
@Suite("dequeueCell count limit")
struct DequeueCellLimitTests {
    @Test("R-SB-7: a dequeueCell count over 10000 or under 1 is an error at the count")
    func countLimits() {
        for count in ["10001", "0"] {
            #expect(throws: LocatedError.self, "\(count)") {
                try ScenarioParser.parse(
                    yaml:
                        "platform: ios\nobjects:\n  c: { class: C }\nsteps:\n  - dequeueCell: { controller: c, identifier: X, count: \(count) }\n",
                    file: "s.yaml")
            }
        }
    }
}
