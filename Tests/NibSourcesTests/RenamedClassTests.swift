import Foundation
import NibCheck
import NibModel
import NibParsing
import Testing

@testable import NibSources

/// R-SRC-1: a class renamed with `@objc(Name)` is found by its Objective-C name, and by its
/// Swift name when the document names its module (OpenEmu's `customClass="GameTableView"
/// customModule="OpenEmu"` for `@objc(OEGameTableView) final class GameTableView`); without a
/// module its Swift name is not found.
@Suite struct RenamedClassTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="LibraryPanel" customModule="App" customModuleProvider="target">
                    <connections>
                        <outlet property="bySwiftName" destination="t1" id="o1"/>
                        <outlet property="byObjCName" destination="t2" id="o2"/>
                        <outlet property="plainTable" destination="t4" id="o4"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <tableView id="t1" customClass="GameTableView" customModule="App" customModuleProvider="target">
                    <connections>
                        <outlet property="missingThing" destination="t4" id="o5"/>
                    </connections>
                </tableView>
                <tableView id="t2" customClass="OEGameTableView"/>
                <tableView id="t3" customClass="GameTableView"/>
                <tableView id="t4"/>
            </objects>
        </document>
        """

    static let swift = """
        import AppKit
        @objc(OEGameTableView) final class GameTableView: NSTableView {}
        final class LibraryPanel: NSViewController {
            @IBOutlet weak var bySwiftName: GameTableView!
            @IBOutlet weak var byObjCName: GameTableView!
            @IBOutlet weak var plainTable: GameTableView!
        }
        """

    static func findings() throws -> [CheckFinding] {
        let fixture = try CheckFixture(["Library.swift": swift])
        defer { fixture.remove() }
        return try fixture.findings(document: xib, at: "App/Library.xib")
    }

    @Test func theSwiftNameIsFoundOnlyWithAModule() throws {
        let findings = try Self.findings()
        let classes = findings.filter { $0.rule == "R-CHK-4" }
        #expect(classes.count == 1, "only the object naming no module: \(classes)")
        let unknown = try #require(classes.first)
        #expect(unknown.line == 18 && unknown.severity == .warning, "\(unknown)")
        #expect(
            unknown.message.contains("registered as _TtC") && unknown.message.contains("(and as OEGameTableView, its @objc name)"),
            "\(unknown.message)")
    }

    /// Swift code types the outlet with the Swift name; the document writes either name.
    @Test func anOutletTypedWithTheSwiftNameAcceptsEitherName() throws {
        let types = try Self.findings().filter { $0.rule == "R-CHK-5" }
        #expect(types.map(\.key) == ["plainTable"], "only the plain NSTableView is of the wrong class: \(types)")
        #expect(types.first?.message.contains("declared as GameTableView but connects to a NSTableView") == true)
    }

    /// The runtime prints the class's Objective-C name, whatever name the document uses.
    @Test func runtimeTextsNameTheObjectiveCName() throws {
        let missing = try #require(try Self.findings().first { $0.rule == "R-CHK-1" })
        #expect(missing.key == "missingThing")
        #expect(missing.message.contains("outlet from (OEGameTableView)"), "\(missing.message)")
    }
}
