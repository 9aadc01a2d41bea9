import Foundation
import NibModel
import NibParsing
import Testing

@testable import NibCheck
@testable import NibSources

/// R-CHK-4 for classes that linked code not given declares: a nib inside a built framework (a
/// vendored `Sparkle.framework` in Hammerspoon's and Transmission's repositories) and a class the
/// sources use as a type (Rectangle's `MASShortcutView` outlets, from a package) are notes, not
/// warnings that the runtime will not find the class.
@Suite struct CodeNotGivenCheckTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="SUUpdateAlert">
                    <connections>
                        <outlet property="window" destination="1" id="w1"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <window id="1" customClass="SUWindow"/>
            </objects>
        </document>
        """

    static func findings(path: String, index: SourceIndex = SourceIndex()) throws -> [CheckFinding] {
        let graph = try NibDocumentParser.parse(data: Data(xib.utf8), file: path)
        return Checker(graphs: [graph], index: index).run().findings.filter { $0.rule == "R-CHK-4" }
    }

    @Test func aBuiltFrameworksClassIsANoteNamingTheFramework() throws {
        let inside = try Self.findings(path: "Pods/Sparkle/Sparkle.framework/Versions/B/Resources/SUUpdateAlert.xib")
        #expect(inside.count == 2 && inside.allSatisfy { $0.severity == .note }, "\(inside)")
        #expect(inside.first?.message.contains("inside Sparkle.framework, a built framework") == true)
        let app = try Self.findings(path: "App/Resources/SUUpdateAlert.xib")
        #expect(app.count == 2 && app.allSatisfy { $0.severity == .warning }, "the app's own nib: \(app)")
        let unnamed = try Self.findings(path: "Vendor/.framework/X.xib")
        #expect(unnamed.count == 2 && unnamed.allSatisfy { $0.severity == .warning }, "no framework name: \(unnamed)")
    }

    @Test func aClassTheSourcesUseAsATypeIsANoteNamingTheUse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-type-use-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        import Sparkle
        class UpdatePanel: NSObject {
            @IBOutlet weak var alert: SUUpdateAlert!
        }
        """.write(to: folder.appendingPathComponent("UpdatePanel.swift"), atomically: true, encoding: .utf8)
        let index = try SourceScanner.scan([folder.path])
        #expect(index.typeUses["SUUpdateAlert"]?.name == "UpdatePanel.alert")
        #expect(index.typeUses["UpdatePanel"] == nil && index.typeUses["NSObject"] == nil, "declared or Apple's: no use recorded")
        let findings = try Self.findings(path: "App/Resources/Update.xib", index: index)
        let alert = try #require(findings.first { $0.message.hasPrefix("class SUUpdateAlert") })
        #expect(alert.severity == .note && alert.message.contains("the sources use it (the type of UpdatePanel.alert)"), "\(alert)")
        #expect(alert.sourceFile?.hasSuffix("UpdatePanel.swift") == true && alert.sourceLine == 3)
        #expect(findings.contains { $0.message.hasPrefix("unknown class SUWindow") && $0.severity == .warning }, "not used: \(findings)")
    }

    /// Only names nothing in the sources declares are uses of code not given: a generic
    /// parameter, the Swift name of an `@objc(…)`-renamed class and a type alias are declared;
    /// a superclass use says so.
    @Test func declaredNamesAreNoTypeUses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-type-use-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        import UIKit
        @objc(LegacyCell) class ModernCell: UITableViewCell {}
        typealias Shortcut = ModernCell
        class List<Cell: UITableViewCell>: NSObject {
            var cell: Cell?
            @IBOutlet var modern: ModernCell!
            @IBOutlet var shortcut: Shortcut!
        }
        class Badge: PodBadgeView {}
        struct Extension {}
        protocol Layout {}
        final class Holder: NSObject {
            var ext: Extension?
            var layout: Layout?
        }
        """.write(to: folder.appendingPathComponent("List.swift"), atomically: true, encoding: .utf8)
        let index = try SourceScanner.scan([folder.path])
        #expect(Set(index.typeUses.keys) == ["PodBadgeView"], "\(index.typeUses.keys.sorted())")
        #expect(index.typeUses["PodBadgeView"]?.description == "the superclass of Badge")
    }

    /// MacPass's HNHUi (a Carthage framework not checked out): its classes are used in method
    /// bodies only (`[[HNHUIScrollView alloc] init]`, a parameter), never as a property's type, and
    /// its xibs name others of the same prefix. Both are notes; an unrelated class stays a warning.
    @Test func aClassUsedInCodeAndItsPrefixSiblingsAreNotes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mention-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        #import <HNHUi/HNHUi.h>
        @implementation SUUpdateAlert
        - (void)build:(NSView *)parent {
            HNHUIScrollView *scroll = [[HNHUIScrollView alloc] init];
            [parent addSubview:scroll];
        }
        @end
        """.write(to: folder.appendingPathComponent("SUUpdateAlert.m"), atomically: true, encoding: .utf8)
        try """
        import AppKit
        final class Panel: NSObject {
            func show(_ badge: HNHUIBadgeView) { _ = HNHUIRoundedButton() }
        }
        """.write(to: folder.appendingPathComponent("Panel.swift"), atomically: true, encoding: .utf8)
        let index = try SourceScanner.scan([folder.path])
        #expect(index.typeUses["HNHUIScrollView"]?.location.line == 4)
        #expect(index.typeUses["HNHUIScrollView"]?.description == "a type in SUUpdateAlert.m")
        #expect(index.typeUses["HNHUIBadgeView"] != nil && index.typeUses["HNHUIRoundedButton"] != nil)
        #expect(index.typeUses["NSView"] == nil, "a framework class is no use of linked code")
        #expect(DocumentCheck.sibling(of: "HNHUIColorWell", among: index.typeUses)?.prefix == "HNHUI")
        #expect(DocumentCheck.sibling(of: "HNHColorWell", among: index.typeUses) == nil, "no word boundary at five letters")
        #expect(DocumentCheck.sibling(of: "SUWindow", among: index.typeUses) == nil)
        // A prefix the app's own classes use is no library's (Amethyst's misspelt
        // LayoutNameWIndowController beside its LayoutNameWindowController stays a warning).
        #expect(DocumentCheck.sibling(of: "HNHUIColorWell", among: index.typeUses, declared: ["HNHUIAppPanel"]) == nil)
        #expect(DocumentCheck.sibling(of: "HNHUIColorWell", among: index.typeUses, declared: ["HNHUIPanel", "HNHU"])?.prefix == nil)
        #expect(DocumentCheck.sibling(of: "HNHUIColorWell", among: index.typeUses, declared: ["HNHUi", "Other"])?.prefix == "HNHUI")
        // The app's own acronym: Adium (AI…) names AIPlasticPlusButton beside an undeclared AIPlasticButton.
        let adium = ["AIPlasticButton": SourceIndex.TypeUse(role: .superclass, name: "AIMiniToolbarButton", location: .init(file: "a.h"))]
        #expect(DocumentCheck.sibling(of: "AIPlasticPlusButton", among: adium, declared: ["AIAccount"]) == nil)
        #expect(DocumentCheck.sibling(of: "AIPlasticPlusButton", among: adium, declared: ["MPAccount"])?.prefix == "AIPlastic")
        // The xib: its window is an HNHUIColorWell-like class of the same library → a note.
        let xib = Self.xib.replacingOccurrences(of: "customClass=\"SUWindow\"", with: "customClass=\"HNHUIWindow\"")
        let graph = try NibDocumentParser.parse(data: Data(xib.utf8), file: "App/Update.xib")
        let findings = Checker(graphs: [graph], index: index).run().findings.filter { $0.rule == "R-CHK-4" }
        let window = try #require(findings.first { $0.message.hasPrefix("class HNHUIWindow") })
        #expect(window.severity == .note && window.message.contains("of the same prefix HNHUI"), "\(window)")
        #expect(window.sourceFile?.hasSuffix("Panel.swift") == true || window.sourceFile?.hasSuffix("SUUpdateAlert.m") == true)
    }
}
