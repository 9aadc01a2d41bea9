import NibModel
import NibSimulation
import Testing

/// SPEC §15 (R-XML) on inline documents.
@Suite("XML format rules (R-XML)")
struct XMLRuleTests {
    static func graph(
        _ type: String, runtime: String, platform: Platform, storyboard: Bool = false, objects: [NibObject], connections: [Connection] = []
    ) -> NibGraph {
        NibGraph(
            file: "t.xib", format: .document, documentType: type, platform: platform, targetRuntime: runtime, isStoryboard: storyboard,
            objects: objects, connections: connections)
    }

    static let owner = NibObject(id: "-1", element: "placeholder", className: "NSObject", placeholder: PlaceholderIdentifier.filesOwner)

    @Test("R-XML-1: a targetRuntime that contradicts the document type is rejected")
    func mismatchedRuntimeIsRejected() {
        let graph = Self.graph("com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "MacOSX.Cocoa", platform: .ios, objects: [Self.owner])
        let text = TimelineFormatter.format(Simulator.run(document: graph))
        #expect(text == "REJECT targetRuntime MacOSX.Cocoa does not match document type com.apple.InterfaceBuilder3.CocoaTouch.XIB\n")
    }

    @Test("R-XML-2: a document with no objects loads with no events")
    func emptyDocumentHasNoEvents() {
        let graph = Self.graph(
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [Self.owner])
        #expect(Simulator.run(document: graph).events.isEmpty)
    }

    @Test("R-XML-3: an iOS placeholder with another identifier is an external object, never instantiated")
    func iosExternalPlaceholder() {
        let external = NibObject(id: "e1", element: "placeholder", className: "NSObject", customClass: "Store", placeholder: "Store")
        let graph = Self.graph(
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [Self.owner, external])
        #expect(!Simulator.run(document: graph).events.contains { $0.selector?.hasPrefix("init") == true })
    }

    @Test("R-XML-4: macOS -2/-1/-3 customObjects are File's Owner, First Responder and Application")
    func macReservedIDs() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-INIT-2"))
        let created = timeline.events.filter { $0.phase == .p2 }.compactMap(\.receiver?.id)
        #expect(!created.contains { $0.hasPrefix("-") })
    }

    @Test("R-XML-5: storyboard first-responder and exit members are not instantiated")
    func storyboardPlaceholders() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-XML-1"))
        #expect(!timeline.events.contains { $0.receiver?.id == "dkx-z0-nzr" })
    }

    @Test("R-XML-6: element names imply framework classes (button → UIButton, customView → NSView)")
    func elementClasses() throws {
        #expect(try SpecScenario.text("G-XML-1", level: .l2).contains("-[UIButton addTarget:"))
        #expect(Simulator.run(try SpecScenario.load("G-INIT-2")).events.first?.receiver?.className == "Canvas")
    }

    @Test("R-XML-7: a control-triggered segue becomes a perform: action on a segue template")
    func segueTemplateAction() throws {
        let event = try #require(Simulator.run(try SpecScenario.load("G-XML-1")).events.first { $0.argument("action") == "perform:" })
        #expect(event.rule == "R-XML-7")
        #expect(event.connectionIDs == ["seg-aa-001"])
    }

    @Test("R-XML-8: an unresolved destination rejects the document")
    func unresolvedReferenceIsRejected() {
        let view = NibObject(id: "v1", element: "view", className: "UIView")
        let outlet = Connection(id: "c9", source: "-1", kind: .outlet(property: "x", destination: "nope"))
        let graph = Self.graph(
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [Self.owner, view],
            connections: [outlet])
        #expect(TimelineFormatter.format(Simulator.run(document: graph)) == "REJECT unresolved reference nope in outlet c9\n")
    }

    @Test("R-XML-9 / R-XML-10: a storyboard VC's nibName is <vcID>-view-<viewID>")
    func storyboardViewNibName() throws {
        let timeline = Simulator.run(try SpecScenario.load("G-XML-1"))
        #expect(timeline.events.contains { $0.argument("key") == "view" })
        let graph = try SpecScenario.load("G-XML-1").nibs[0].graph
        let scene = try #require(graph.scenes.first)
        #expect(scene.controller == "BYZ-38-t0r")
    }

    @Test("R-XML-11: runtime attributes are applied after connections (R-NIB-8)")
    func runtimeAttributesOrder() throws {
        let yaml = """
            platform: ios
            trace: L2
            nibs:
              N:
                objects:
                  - { id: "-1", placeholder: IBFilesOwner }
                  - id: v1
                    element: view
                    runtimeAttributes: [ { keyPath: layer.cornerRadius, type: number, value: "4" } ]
            steps:
              - loadNib: { nib: N }
            """
        #expect(try SpecScenario.text(yaml: yaml) == "-[UIView setValue:forKeyPath:] keyPath=layer.cornerRadius\n")
    }

    @Test("R-XML-12: segues in a xib and a CocoaTouch xib without File's Owner are rejected")
    func validation() {
        let vc = NibObject(id: "vc", element: "viewController", className: "UIViewController")
        let segue = Connection(id: "s1", source: "vc", kind: .segue(destination: "vc", Segue(kind: "show")))
        let xib = Self.graph(
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [Self.owner, vc],
            connections: [segue])
        #expect(TimelineFormatter.format(Simulator.run(document: xib)) == "REJECT segue s1 in a xib document\n")
        let ownerless = Self.graph("com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [vc])
        #expect(
            TimelineFormatter.format(Simulator.run(document: ownerless)) == "REJECT missing IBFilesOwner placeholder in a CocoaTouch xib\n")
    }
}

extension XMLRuleTests {
    @Test("R-XML-12: an eventType on a macOS action and a target= action in an iOS document are rejected")
    func actionAttributesMustMatchThePlatform() {
        let button = NibObject(id: "b", element: "button", className: "UIButton")
        let targetAction = Connection(
            id: "a1", source: "b", kind: .action(selector: "tap:", target: "-1", eventType: nil), namesTargetAttribute: true)
        let ios = Self.graph(
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", platform: .ios, objects: [Self.owner, button],
            connections: [targetAction])
        #expect(TimelineFormatter.format(Simulator.run(document: ios)) == "REJECT target= action in a CocoaTouch document (id a1)\n")

        let macOwner = NibObject(id: "-2", element: "customObject", className: "NSObject", placeholder: PlaceholderIdentifier.filesOwner)
        let macButton = NibObject(id: "b", element: "button", className: "NSButton")
        let eventAction = Connection(
            id: "a2", source: "b", kind: .action(selector: "tap:", target: "-2", eventType: "touchUpInside"), namesTargetAttribute: true)
        let mac = Self.graph(
            "com.apple.InterfaceBuilder3.Cocoa.XIB", runtime: "MacOSX.Cocoa", platform: .macos, objects: [macOwner, macButton],
            connections: [eventAction])
        #expect(TimelineFormatter.format(Simulator.run(document: mac)) == "REJECT eventType on a macOS action (id a2)\n")
    }
}

/// The same nib on iOS and macOS: the documented differences side by side.
@Suite("Platform pairs (iOS vs macOS)")
struct PlatformPairTests {
    @Test("G-AWAKE-1: iOS initWithCoder: and no owner awake; macOS initWithFrame: and the owner awakened last")
    func awakePair() throws {
        #expect(try SpecScenario.text("G-AWAKE-1-a", level: .l1) == "-[Pane initWithCoder:]\n-[Pane awakeFromNib]\n")
        #expect(try SpecScenario.text("G-AWAKE-1-b", level: .l1) == "-[Pane initWithFrame:]\n-[Pane awakeFromNib]\n-[Owner awakeFromNib]\n")
    }

    @Test("A wrong outlet key: iOS raises and stops, macOS logs and goes on")
    func outletFailurePair() throws {
        let ios = try SpecScenario.text(yaml: OutletRuleTests.outlet(platform: "ios", os: "17.0", ownerClass: "Owner: { keys: [panel] }"))
        #expect(
            ios.hasSuffix(
                "EXCEPTION NSUnknownKeyException: [<Owner 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key other.\n"
            ))
        let mac = try SpecScenario.text(
            yaml: OutletRuleTests.outlet(platform: "macos", os: "10.15", ownerClass: "Owner: { keys: [panel] }"))
        #expect(mac.contains("LOG Failed to connect (other) outlet from (Owner) to (Panel): missing setter or instance variable\n"))
        #expect(!mac.contains("EXCEPTION"))
    }

    @Test("Actions: iOS connects without a check, macOS checks the target and logs")
    func actionPair() throws {
        let mac = try SpecScenario.text("G-ACT-1", level: .l2)
        #expect(mac.contains("LOG Could not connect action"))
        let ios = try SpecScenario.text("G-ACT-1", level: .l2, options: SimulationOptions(platform: .ios))
        #expect(!ios.contains("LOG"))
        #expect(ios.contains("-[SaveButton setTarget:] target=Owner\n"))
    }

    @Test("Bindings: macOS binds, iOS rejects the document")
    func bindingPair() throws {
        #expect(try SpecScenario.text("G-BIND-1", level: .l2).contains("bind:toObject:withKeyPath:options:"))
        let ios = try SpecScenario.text("G-XML-2", level: .l2)
        #expect(ios.hasPrefix("REJECT binding element in a CocoaTouch document"))
    }

    @Test("KVO: iOS always notifies, macOS 10.4 never (R-OUT-5)")
    func kvoPair() throws {
        let ios = try SpecScenario.text(
            yaml: OutletRuleTests.outlet(platform: "ios", os: "3.0", ownerClass: "Owner: { keys: [panel, other] }"))
        let mac = try SpecScenario.text(
            yaml: OutletRuleTests.outlet(platform: "macos", os: "10.4", ownerClass: "Owner: { keys: [panel, other] }"))
        #expect(ios.contains("observeValueForKeyPath"))
        #expect(!mac.contains("observeValueForKeyPath"))
    }
}
