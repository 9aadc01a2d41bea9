import Foundation
import NibTestSupport
import Testing

@testable import NibSources

/// Swift 2 selectors: a first parameter written without an argument label has none there
/// (`func callMe(sender: UIButton)` is `callMe:`; Swift 3 and later `callMeWithSender:`). Yep,
/// a Swift 2 app, had 23 "unrecognized selector" errors, 20 of them this rule.
@Suite struct Swift2SelectorTests {
    static func project(lastCheck: String, swiftVersion: String?) -> String {
        let settings = swiftVersion.map { "SWIFT_VERSION = \($0); " } ?? ""
        return """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 46; objects = {
              M0 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
              F1 = {isa = PBXFileReference; path = Card.swift; sourceTree = "<group>"; };
              B1 = {isa = PBXBuildFile; fileRef = F1; };
              P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
              T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1); name = Cards; };
              L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
              C1 = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Debug; };
              LP = {isa = XCConfigurationList; buildConfigurations = (CP); };
              CP = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
              R0 = {isa = PBXProject; attributes = {LastSwiftUpdateCheck = \(lastCheck); LastUpgradeCheck = \(lastCheck); }; buildConfigurationList = LP; mainGroup = M0; targets = (T1); };
            }; rootObject = R0; }
            """
    }

    static let card = """
        import UIKit
        class Card: UIView {
            @IBAction func callMe(sender: UIButton) {}
            @IBAction func share(sender: UIButton, event: UIEvent) {}
            @IBAction func close(_ sender: UIButton) {}
            @IBAction func open(with sender: UIButton) {}
            override func willMoveToWindow(newWindow: UIWindow?) {}
        }
        """

    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="10117" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="cd1-aa-001" customClass="Card" customModule="Cards" customModuleProvider="target">
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" id="bt1-aa-001">
                            <connections>
                                <action selector="callMe:" destination="cd1-aa-001" eventType="touchUpInside" id="ac1-aa-001"/>
                                <action selector="share:event:" destination="cd1-aa-001" eventType="touchUpInside" id="ac2-aa-001"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    @Test func methodsKnowTheirSwift2Selector() {
        let read = SourceScanner.declarations(Self.card, path: "Card.swift", module: "Cards")
        let members = Dictionary(read.classes[0].members.map { ($0.name, $0.swift2Name) }, uniquingKeysWith: { first, _ in first })
        #expect(members["callMeWithSender:"] == .some("callMe:"))
        #expect(members["shareWithSender:event:"] == .some("share:event:"))
        #expect(members["willMoveToWindowWithNewWindow:"] == .some("willMoveToWindow:"))
        #expect(members["close:"] == .some(nil), "an explicit `_` is the same in both")
        #expect(members["openWith:"] == .some(nil) || members["openWithSender:"] == .some(nil), "an explicit label is kept by both")
    }

    func check(project: String?) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-swift2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Cards.xcodeproj"), withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: folder.appendingPathComponent("Card.swift"))
        try Data(Self.xib.utf8).write(to: folder.appendingPathComponent("Card.xib"))
        if let project { try Data(project.utf8).write(to: folder.appendingPathComponent("Cards.xcodeproj/project.pbxproj")) }
        let result = try runNibviz(["check", folder.path, "--sources", folder.path])
        return result.output.split(separator: "\n").map(String.init).filter { $0.contains("[R-CHK-2]") }
    }

    @Test(arguments: [("0730", nil), ("0800", "2.3"), ("1020", "2.3")])
    func aSwift2TargetsActionsResolve(lastCheck: String, version: String?) throws {
        let errors = try check(project: Self.project(lastCheck: lastCheck, swiftVersion: version))
        #expect(errors.isEmpty, "\(errors)")
    }

    /// Swift 3 and later, or no project file to say: `callMe:` is not `callMeWithSender:`, and
    /// the load's first tap raises (R-ACT-3).
    @Test(arguments: [("0800", "3.0"), ("1020", nil), ("1520", "5.0")])
    func otherwiseTheSwift3SelectorIsTheOnlyOne(lastCheck: String, version: String?) throws {
        let errors = try check(project: Self.project(lastCheck: lastCheck, swiftVersion: version))
        #expect(errors.count == 2, "\(errors)")
        #expect(try check(project: nil).count == 2)
    }
}
