import Foundation
import NibParsing
import Testing

/// The document format (Xcode 5+): objects, placeholders, connections, scenes (R-XML-*).
@Suite struct DocumentFormatReaderTests {
    private func object(_ graph: NibGraph, _ id: ObjectID) throws -> NibObject {
        try #require(graph.objectsByID[id], "no object \(id)")
    }

    @Test func macOSReservedCustomObjectIdsArePlaceholdersNumberedTheOtherWayRound() throws {
        // R-XML-4: -2 File's Owner, -1 First Responder, -3 Application.
        let graph = try Fixtures.graph("macos-prefs.xib")
        #expect(try object(graph, "-2").placeholder == PlaceholderIdentifier.filesOwner)
        #expect(try object(graph, "-1").placeholder == PlaceholderIdentifier.firstResponder)
        #expect(try object(graph, "-3").placeholder == PlaceholderIdentifier.application)
        #expect(try object(graph, "udc-aa-001").placeholder == nil)
        #expect(graph.platform == .macos)
    }

    @Test func iOSPlaceholdersUseTheirIdentifierAndOthersAreExternalObjects() throws {
        // R-XML-3.
        let graph = try Fixtures.graph("ios-view.xib")
        #expect(try object(graph, "-1").placeholder == "IBFilesOwner")
        #expect(try object(graph, "-1").customClass == "ProfileViewController")
        #expect(try object(graph, "-1").customModule == "Demo")
        #expect(try object(graph, "-2").placeholder == "IBFirstResponder")
        #expect(try object(graph, "ext-aa-001").placeholder == "SharedTheme")
        #expect(try object(graph, "ext-aa-001").label == "Theme")
    }

    @Test func storyboardReferencesAndSceneFirstRespondersArePlaceholders() throws {
        let ios = try Fixtures.graph("ios-main.storyboard")
        #expect(try object(ios, "ref-aa-001").placeholder == PlaceholderIdentifier.storyboardReference)
        #expect(try object(ios, "ref-aa-001").attributes["storyboardName"] == "Settings")
        let mac = try Fixtures.graph("macos-main.storyboard")
        #expect(try object(mac, "ctl-aa-001").placeholder == PlaceholderIdentifier.storyboardReference)
        // R-XML-5: macOS scene first responders are customObjects with random ids.
        #expect(try object(mac, "Oky-zY-oP4").placeholder == PlaceholderIdentifier.firstResponder)
        #expect(try object(mac, "Voe-Tx-rLC").placeholder == nil)
    }

    @Test(arguments: [
        ("button", Platform.ios, "UIButton"), ("button", .macos, "NSButton"),
        ("customView", .macos, "NSView"), ("customObject", .macos, "NSObject"),
        ("label", .ios, "UILabel"), ("textFieldCell", .macos, "NSTextFieldCell"),
        ("viewController", .tvos, "UIViewController"), ("pagecontroller", .macos, "NSPageController"),
        ("menuItem", .macos, "NSMenuItem"), ("mapView", .ios, "MKMapView"),
        ("controller", .watchos, "WKInterfaceController"), ("tableViewCellContentView", .ios, "UITableViewCellContentView"),
    ])
    func elementsImplyTheirFrameworkClass(element: String, platform: Platform, expected: String) {
        // R-XML-6, through the parser so the table is tested as used.
        let type =
            platform == .macos
            ? "com.apple.InterfaceBuilder3.Cocoa.XIB"
            : platform == .watchos
                ? "com.apple.InterfaceBuilder.WatchKit.Storyboard"
                : platform == .tvos ? "com.apple.InterfaceBuilder.AppleTV.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
        let xml = "<document type=\"\(type)\"><objects><\(element) id=\"x1\"/></objects></document>"
        let graph = try? NibDocumentParser.parse(data: Data(xml.utf8), file: "t.xib")
        #expect(graph?.objects.first?.className == expected)
        #expect(graph?.platform == platform)
        #expect(graph?.diagnostics == [])
    }

    @Test func parentIsTheNearestEnclosingObjectAndSceneIsRecorded() throws {
        let graph = try Fixtures.graph("ios-main.storyboard")
        #expect(try object(graph, "btn-aa-001").parent == "8bC-Xf-vdC")  // through <subviews>
        #expect(try object(graph, "8bC-Xf-vdC").parent == "BYZ-38-t0r")
        #expect(try object(graph, "8bC-Xf-vdC").key == "view")
        #expect(try object(graph, "BYZ-38-t0r").parent == nil)
        #expect(try object(graph, "btn-aa-001").scene == "tne-QT-ifu")
    }

    @Test func scenesKnowTheirControllerTitleAndTheInitialController() throws {
        let graph = try Fixtures.graph("ios-main.storyboard")
        #expect(graph.isStoryboard)
        #expect(graph.initialViewController == "nav-aa-001")
        #expect(graph.scenes.map(\.id) == ["nsc-aa-001", "tne-QT-ifu", "sc2-aa-001"])
        #expect(graph.scenes.map(\.controller) == ["nav-aa-001", "BYZ-38-t0r", "det-aa-001"])
        #expect(graph.scenes.map(\.title) == ["Navigation Controller", "Items", "Detail"])  // IB's scene comment, else titles
        #expect(try object(graph, "det-aa-001").storyboardIdentifier == "Detail")
    }

    @Test func referenceSeguesAndNestedPeekPopSeguesAreNotConnections() throws {
        let graph = try Fixtures.graph("ios-main.storyboard")
        let segues = graph.connections.filter { $0.kind.name == "segue" }.compactMap(\.id)
        #expect(segues == ["rel-aa-001", "seg-aa-001", "seg-aa-004", "seg-aa-005", "unw-aa-001"])
        let custom = try #require(graph.connections.first { $0.id == "seg-aa-005" })
        #expect(custom.kind == .segue(destination: "det-aa-001", Segue(kind: "custom", identifier: "fade", customClass: "FadeSegue")))
        let relationship = try #require(graph.connections.first { $0.id == "rel-aa-001" })
        #expect(relationship.kind == .segue(destination: "BYZ-38-t0r", Segue(kind: "relationship", relationship: "rootViewController")))
    }

    @Test func actionsReadDestinationOnIOSAndTargetOnMacOS() throws {
        let ios = try Fixtures.graph("ios-view.xib")
        let save = try #require(ios.connections.first { $0.id == "act-aa-001" })
        #expect(save.source == "btn-aa-001")
        #expect(save.kind == .action(selector: "save:", target: "-1", eventType: "touchUpInside"))
        let gesture = try #require(ios.connections.first { $0.id == "act-aa-003" })
        #expect(gesture.kind == .action(selector: "dismissKeyboard", target: "-1", eventType: nil))
        let mac = try Fixtures.graph("macos-prefs.xib")
        let quit = try #require(mac.connections.first { $0.id == "act-aa-002" })
        #expect(quit.source == "itm-aa-001")
        #expect(quit.kind == .action(selector: "terminate:", target: "-3", eventType: nil))
    }

    @Test func outletCollectionsKeepTheirAppendsFlag() throws {
        let graph = try Fixtures.graph("ios-view.xib")
        let kinds = graph.connections.filter { $0.kind.name == "outletCollection" }.map(\.kind)
        #expect(
            kinds == [
                .outletCollection(property: "fields", destination: "lbl-aa-001", appends: false),
                .outletCollection(property: "fields", destination: "btn-aa-001", appends: true),
                .outletCollection(property: "gestureRecognizers", destination: "tap-aa-001", appends: true),
            ])
    }

    @Test func bindingsKeepSortedOptionsWithBase64StringsDecoded() throws {
        let graph = try Fixtures.graph("macos-prefs.xib")
        let binding = try #require(graph.connections.first { $0.id == "bnd-aa-003" })
        #expect(
            binding.kind
                == .binding(
                    name: "value", destination: "-2", keyPath: "representedObject.limit",
                    options: [
                        BindingOption(key: "NSConditionallySetsEditable", value: "1"),
                        BindingOption(key: "NSNullPlaceholder", value: "— none —"),
                        BindingOption(key: "NSValidatesImmediately", value: "YES"),
                    ]))
    }

    @Test func onlyConstraintsThatAConnectionNamesAreObjects() throws {
        let graph = try Fixtures.graph("ios-view.xib")
        #expect(graph.objectsByID["cst-aa-002"]?.className == "NSLayoutConstraint")
        #expect(graph.objectsByID["cst-aa-002"]?.parent == "i5M-Pr-FkT")
        #expect(graph.objectsByID["cst-aa-001"] == nil)
        #expect(graph.objectsByID["sfa-aa-001"] == nil)
        #expect(graph.diagnostics == [])
    }

    @Test func runtimeAttributesKeepTypeKeyPathAndValue() throws {
        let graph = try Fixtures.graph("ios-view.xib")
        #expect(
            try object(graph, "btn-aa-001").runtimeAttributes == [
                RuntimeAttribute(type: "number", keyPath: "layer.cornerRadius", value: "8"),
                RuntimeAttribute(type: "boolean", keyPath: "isPill", value: "YES"),
            ])
    }

    @Test func objectsAreInDocumentOrder() throws {
        // R-CONV-5: depth-first pre-order.
        let graph = try Fixtures.graph("ios-view.xib")
        #expect(
            graph.objects.map(\.id.rawValue) == [
                "-1", "-2", "ext-aa-001", "i5M-Pr-FkT", "lbl-aa-001", "btn-aa-001", "cst-aa-002", "tap-aa-001",
            ])
    }

    @Test func textShownThroughChildElementsIsKeptAsContentText() throws {
        // A UIButton's title lives in <state>, long label text in <string key="text">, an AppKit
        // control's title or placeholder in its cell: diagrams name objects by it.
        let xml = """
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" targetRuntime="MacOSX.Cocoa"><objects>
            <button id="btn-aa-001"><buttonCell key="cell" title="Save" id="cel-aa-001"/></button>
            <textField id="txt-aa-001"><textFieldCell key="cell" placeholderString="Name" id="cel-aa-002"/></textField>
            <customView id="vw0-aa-001"/>
            </objects></document>
            """
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "c.xib")
        #expect(try object(graph, "btn-aa-001").contentText == "Save")
        #expect(try object(graph, "txt-aa-001").contentText == "Name")
        #expect(try object(graph, "vw0-aa-001").contentText == nil)
        let ios = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" targetRuntime="iOS.CocoaTouch"><objects>
            <button id="btn-aa-002"><state key="normal" title="Sign In"/></button>
            <label id="lbl-aa-002"><string key="text">Line one
            Line two</string></label>
            </objects></document>
            """
        let touch = try NibDocumentParser.parse(data: Data(ios.utf8), file: "i.xib")
        #expect(try object(touch, "btn-aa-002").contentText == "Sign In")
        #expect(try object(touch, "lbl-aa-002").contentText?.hasPrefix("Line one") == true)
    }

    @Test func aMismatchedTargetRuntimeIsDiagnosed() throws {
        let xml = #"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB" targetRuntime="iOS.CocoaTouch"><objects/></document>"#
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "m.xib")
        #expect(graph.platform == .macos)
        #expect(
            graph.diagnostics.map(\.message) == [
                "targetRuntime iOS.CocoaTouch does not match document type com.apple.InterfaceBuilder3.Cocoa.XIB"
            ])
    }

    @Test func watchKitStoryboardsUseInterfaceObjectClasses() throws {
        let xml = """
            <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit" initialViewController="ctl-aa-001">
            <scenes><scene sceneID="scn-aa-001"><objects>
            <controller id="ctl-aa-001" customClass="InterfaceController" sceneMemberID="viewController">
            <items><label alignment="left" text="Hi" id="lbl-aa-001"/>
            <button width="1" alignment="left" title="Go" id="btn-aa-001"><connections><action selector="go" destination="ctl-aa-001" id="act-aa-001"/></connections></button>
            </items>
            <connections><outlet property="label" destination="lbl-aa-001" id="out-aa-001"/></connections>
            </controller>
            </objects></scene></scenes></document>
            """
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "Interface.storyboard")
        #expect(graph.platform == .watchos && graph.isStoryboard)
        #expect(graph.objects.map(\.className) == ["WKInterfaceController", "WKInterfaceLabel", "WKInterfaceButton"])
        #expect(graph.objects.map(\.parent) == [nil, "ctl-aa-001", "ctl-aa-001"])
        #expect(graph.scenes.first?.controller == "ctl-aa-001")
        #expect(graph.connections.map(\.kind.name) == ["action", "outlet"])
        #expect(graph.diagnostics.isEmpty)
    }
}
