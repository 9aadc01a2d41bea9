import NibSimulation
import Testing

/// SPEC §3 (R-OUT).
@Suite("Outlet rules (R-OUT)")
struct OutletRuleTests {
    /// An owner `Owner` with one outlet `key` to a view, on `platform`.
    static func outlet(platform: String, os: String, ownerClass: String, trace: String = "L2") -> String {
        """
        platform: \(platform)
        osVersion: "\(os)"
        trace: \(trace)
        classes:
          \(ownerClass)
        objects:
          owner: { class: Owner }
          watcher: { class: Watcher }
        observers:
          - { observer: watcher, object: owner, key: panel }
        nibs:
          N:
            objects:
              - id: "\(platform == "ios" ? "-1" : "-2")"
                \(platform == "ios" ? "placeholder: IBFilesOwner" : "element: customObject")
                customClass: Owner
                connections:
                  - { outlet: panel, destination: v1, id: c1 }
                  - { outlet: other, destination: v1, id: c2 }
              - { id: v1, element: \(platform == "ios" ? "view" : "customView"), customClass: Panel }
        steps:
          - loadNib: { nib: N, owner: owner }
        """
    }

    @Test("R-OUT-1: an iOS key the class lacks raises NSUnknownKeyException and ends the load")
    func unknownKeyEndsTheLoad() throws {
        let text = try SpecScenario.text("G-OUT-1", level: .l2)
        #expect(
            text.hasSuffix(
                "EXCEPTION NSUnknownKeyException: [<NSObject 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key rootView.\n"
            ))
        #expect(!text.contains("addTarget"))
        #expect(!text.contains("awakeFromNib"))
    }

    @Test("R-OUT-1: KVC finds setters and the ivars _key, _isKey, key, isKey")
    func kvcSearchesIvars() throws {
        let yaml = Self.outlet(platform: "ios", os: "17.0", ownerClass: "Owner: { ivars: [_isPanel, other] }")
        let text = try SpecScenario.text(yaml: yaml)
        #expect(!text.contains("EXCEPTION"))
        #expect(text.contains("key=other value=Panel"))
    }

    @Test("R-OUT-2: macOS uses the setter, else the ivar, else logs and continues")
    func macSetterIvarOrLog() throws {
        let text = try SpecScenario.text("G-WIN-1", level: .l2)
        #expect(
            text.contains(
                "-[AppDelegate setWindow:] value=NSWindow\nIVAR AppDelegate.canvas = GoButton\nLOG Failed to connect (ghost) outlet"))
        #expect(text.contains("SHOW-WINDOW"))
    }

    @Test("R-OUT-2: ⏱ the [Nib Loading] prefix appears from macOS 11")
    func nibLoadingPrefix() throws {
        let text = try SpecScenario.text("G-WIN-1", level: .l2, options: SimulationOptions(osVersion: OSVersion(14, 0)))
        #expect(text.contains("LOG [Nib Loading] Failed to connect (ghost) outlet from (AppDelegate) to (GoButton)"))
    }

    @Test("R-OUT-3: Swift classes are module-qualified in log messages")
    func swiftNamesAreQualified() throws {
        let yaml = Self.outlet(
            platform: "macos", os: "10.15", ownerClass: "Owner: { swiftModule: IINA, keys: [panel] }\n  Panel: { swiftModule: IINA }")
        #expect(
            try SpecScenario.text(yaml: yaml).contains(
                "LOG Failed to connect (other) outlet from (IINA.Owner) to (IINA.Panel): missing setter or instance variable"))
    }

    @Test("R-OUT-4: File's Owner outlets are set on the owner object passed in")
    func ownerOutletsGoToTheOwner() throws {
        let events = Simulator.run(try SpecScenario.load("G-NIB-1")).events.filter { $0.selector == "setValue:forKey:" }
        #expect(events.allSatisfy { $0.receiver?.label == "CardOwner" && $0.rule == "R-OUT-4" })
    }

    @Test("R-OUT-5: ⏱ KVO observers hear outlet sets on iOS and macOS ≥ 10.5, never on 10.4")
    func kvoNotifications() throws {
        #expect(
            try SpecScenario.text("G-OUT-2", level: .l2).contains(
                "-[Watcher observeValueForKeyPath:ofObject:change:context:] keyPath=rootView object=CardOwner\n"))
        let mac = Self.outlet(platform: "macos", os: "10.5", ownerClass: "Owner: { keys: [panel, other] }")
        #expect(
            try SpecScenario.text(yaml: mac).contains(
                "-[Watcher observeValueForKeyPath:ofObject:change:context:] keyPath=panel object=Owner"))
        let tiger = Self.outlet(platform: "macos", os: "10.4", ownerClass: "Owner: { keys: [panel, other] }")
        #expect(try !SpecScenario.text(yaml: tiger).contains("observeValueForKeyPath"))
    }

    @Test("R-OUT-6: outlet collections are one array of labels; appends adds gesture recognizers one by one")
    func outletCollections() throws {
        let yaml = """
            platform: ios
            trace: L2
            nibs:
              N:
                objects:
                  - id: "-1"
                    placeholder: IBFilesOwner
                    connections:
                      - { outletCollection: fields, destination: t1, id: c1 }
                      - { outletCollection: fields, destination: t2, id: c2 }
                  - id: v1
                    element: view
                    connections:
                      - { outletCollection: gestureRecognizers, destination: g1, appends: true, id: c3 }
                    children:
                      - { id: t1, element: textField }
                      - { id: t2, element: label }
                  - { id: g1, element: tapGestureRecognizer }
            steps:
              - loadNib: { nib: N }
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text == "-[UIView addGestureRecognizer:] value=UITapGestureRecognizer\n")
        let owned = yaml.replacingOccurrences(of: "loadNib: { nib: N }", with: "loadNib: { nib: N, owner: o }").replacingOccurrences(
            of: "nibs:", with: "objects:\n  o: { class: Form }\nnibs:")
        #expect(try SpecScenario.text(yaml: owned).hasPrefix("-[Form setValue:forKey:] key=fields value=[UITextField,UILabel]\n"))
    }

    @Test("R-OUT-7: storyboard VC outlets into its view connect during the view load, after awakeFromNib")
    func storyboardOutletsConnectInLoadView() throws {
        let events = Simulator.run(try SpecScenario.load("G-XML-1")).visibleEvents(at: .l2)
        let awake = try #require(events.firstIndex { $0.selector == "awakeFromNib" })
        let outlet = try #require(events.firstIndex { $0.argument("key") == "goButton" })
        #expect(awake < outlet)
        #expect(events.first { $0.argument("key") == "view" }?.rule == "R-OUT-7")
    }
}
