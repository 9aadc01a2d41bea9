import Foundation
import NibCheck
import NibModel
import NibParsing
import Testing

@testable import NibSources

/// R-NIB-3: File's Owner is handed to the loader, never built from its class, so the runtime
/// never looks its class up: a Swift class named without its module (Sequel-Ace's
/// `MainWindow.xib`, File's Owner `SPWindowController`) is still the owner's class, and a wrong
/// module is no R-CHK-9 error; an undeclared class is a warning that makes no runtime claim.
@Suite struct PlaceholderClassTests {
    static let swift = """
        import AppKit
        @objc final class MainWindowController: NSWindowController {
            @IBOutlet weak var toolbar: NSToolbar!
        }
        """

    static func findings(owner: String) throws -> [CheckFinding] {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
                <objects>
                    <customObject id="-2" userLabel="File's Owner" \(owner)>
                        <connections>
                            <outlet property="window" destination="1" id="o1"/>
                            <outlet property="toolbar" destination="2" id="o2"/>
                            <outlet property="statusBar" destination="1" id="o3"/>
                        </connections>
                    </customObject>
                    <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                    <window id="1"/>
                    <toolbar id="2"/>
                </objects>
            </document>
            """
        let fixture = try CheckFixture(["MainWindowController.swift": swift])
        defer { fixture.remove() }
        return try fixture.findings(document: xib, at: "App/MainWindow.xib")
    }

    @Test(arguments: [
        #"customClass="MainWindowController""#,
        #"customClass="MainWindowController" customModule="SomeOtherModule""#,
    ])
    func theOwnersSwiftClassIsFoundWhateverTheModule(owner: String) throws {
        let findings = try Self.findings(owner: owner)
        #expect(!findings.contains { $0.rule == "R-CHK-4" || $0.rule == "R-CHK-9" }, "\(findings)")
        let missing = findings.filter { $0.rule == "R-CHK-1" }
        #expect(missing.map(\.key) == ["statusBar"], "the owner's outlets are checked against its class: \(missing)")
    }

    @Test func anUndeclaredOwnerClassIsAWarningWithoutARuntimeClaim() throws {
        let findings = try Self.findings(owner: #"customClass="GoneController""#)
        let unknown = try #require(findings.first { $0.rule == "R-CHK-4" })
        #expect(unknown.severity == .warning && unknown.runtimeText == nil, "\(unknown)")
        #expect(
            unknown.message
                == "unknown class GoneController: no class of the sources declares it; File's Owner is the object the code hands to the load, whose class the runtime never looks up, so its outlets and actions cannot be checked"
        )
        #expect(!findings.contains { $0.rule == "R-CHK-1" }, "unknown class: unknown keys, never errors")
    }

    /// ProtonVPN's macOS `FeatureView.xib` names File's Owner `customModule="Modals_iOS"` (a copy
    /// of the iOS xib); the code that loads it is the macOS target's, whose own `FeatureView` is
    /// the owner: the document's target module wins over the hint.
    @Test func theOwnersClassIsTheDocumentsTargetsFirst() throws {
        let fixture = try CheckFixture([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Modals", targets: [.target(name: "ModalsMac"), .target(name: "ModalsPhone")])
            """,
            "Sources/ModalsMac/FeatureView.swift":
                "import AppKit\nfinal class FeatureView: NSView {\n    @IBOutlet var contentView: NSView!\n}\n",
            "Sources/ModalsPhone/FeatureView.swift":
                "import UIKit\nfinal class FeatureView: UIView {\n    @IBOutlet var titleLabel: UILabel!\n}\n",
        ])
        defer { fixture.remove() }
        let findings = try fixture.findings(
            document: Self.macDocument(
                owner: #"<customObject id="-2" userLabel="File's Owner" customClass="FeatureView" customModule="ModalsPhone">"#
                    + #"<connections><outlet property="contentView" destination="1" id="o1"/></connections></customObject>"#
                    + #"<customView id="1"/>"#),
            at: "Sources/ModalsMac/Resources/FeatureView.xib")
        #expect(findings.isEmpty, "the Mac FeatureView has contentView: \(findings)")
    }

    /// A macOS xib holding `objects` besides First Responder.
    static func macDocument(owner objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                \(objects)
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            </objects>
        </document>
        """
    }

    /// A same-named class that a target holds with a module the project files cannot decide
    /// (ProtonVPN's iOS app target names its product differently in one configuration) may be of
    /// the module the document names: the other declaration is not picked (R-SRC-5). A file no
    /// project file names (a sample app without its project) is no such rival.
    @Test func aDeclarationOfUndecidedModuleMakesTheChoiceUndecidable() {
        func declaration(_ module: String, known: [String], file: String) -> SourceIndex.DerivedClass {
            var info = ClassInfo(name: "StatusViewController", superclass: "UIViewController")
            info.source = FileLocation(file: file, line: 1, column: 1)
            return SourceIndex.DerivedClass(info: info, members: [], module: module, language: .swift, knownModules: known)
        }
        var index = SourceIndex()
        index.projectModules.add(file: "/p/ios/StatusViewController.swift", module: nil)
        let mac = declaration("ProtonVPN", known: ["ProtonVPN"], file: "/p/mac/StatusViewController.swift")
        index.candidates["StatusViewController"] = [declaration("p", known: [], file: "/p/ios/StatusViewController.swift"), mac]
        #expect(index.resolve("StatusViewController", module: "ProtonVPN") == nil)
        index.candidates["StatusViewController"] = [declaration("p", known: [], file: "/p/sample/StatusViewController.swift"), mac]
        #expect(index.resolve("StatusViewController", module: "ProtonVPN")?.module == "ProtonVPN", "no project names the sample")
        index.candidates["StatusViewController"] = [declaration("Phone", known: ["Phone"], file: "/p/phone/S.swift"), mac]
        #expect(index.resolve("StatusViewController", module: "ProtonVPN")?.module == "ProtonVPN", "both decided: the module picks")
    }

    /// File's Owner naming a module that does not hold its class is no R-CHK-9 error: the loader
    /// is handed the owner and never looks the class up.
    @Test func aPlaceholdersWrongModuleIsNoError() throws {
        let fixture = try CheckFixture([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Panels", targets: [.target(name: "Panels"), .target(name: "Other")])
            """,
            "Sources/Panels/PanelController.swift": "import AppKit\nfinal class PanelController: NSViewController {}\n",
            "Sources/Other/Unrelated.swift": "import AppKit\nfinal class Unrelated: NSObject {}\n",
        ])
        defer { fixture.remove() }
        func findings(_ object: String) throws -> [CheckFinding] {
            try fixture.findings(document: Self.macDocument(owner: object), at: "Sources/Panels/Resources/Panel.xib")
        }
        let owner = try findings(#"<customObject id="-2" userLabel="File's Owner" customClass="PanelController" customModule="Other"/>"#)
        #expect(owner.isEmpty, "\(owner)")
        let object = try findings(#"<customObject id="7" customClass="PanelController" customModule="Other"/>"#)
        #expect(object.map(\.rule) == ["R-CHK-9"], "an object the nib builds is looked up: \(object)")
    }

    /// With several same-named classes and none decided, a member's declaration (R-CHK-5's
    /// declared type) is taken from none of them.
    @Test func noMemberIsTakenFromTheFirstOfSeveralClasses() {
        func declaration(_ module: String, type: String) -> SourceIndex.DerivedClass {
            let member = SourceMember(.outlet, "titleLabel", type: type, at: FileLocation(file: module + ".swift", line: 1, column: 1))
            return SourceIndex.DerivedClass(
                info: ClassInfo(name: "FeatureView"), members: [member], module: module, language: .swift, knownModules: [module])
        }
        var index = SourceIndex()
        index.candidates["FeatureView"] = [declaration("ModalsMac", type: "NSTextField"), declaration("ModalsPhone", type: "UILabel")]
        #expect(index.declaration(of: "FeatureView", module: nil, where: { $0.name == "titleLabel" }) == nil)
        #expect(index.declaration(of: "FeatureView", module: "ModalsPhone", where: { $0.name == "titleLabel" })?.type == "UILabel")
    }
}
