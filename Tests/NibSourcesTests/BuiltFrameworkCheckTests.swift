import Foundation
import NibCheck
import NibModel
import NibParsing
import Testing

@testable import NibSources

/// R-CHK-4 for a nib inside a built framework (a vendored `Sparkle.framework` in Hammerspoon's
/// and Transmission's repositories): its classes are the framework binary's, so a class the
/// sources do not declare is a note, not a warning that the runtime will not find it.
@Suite struct BuiltFrameworkCheckTests {
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

    static func findings(path: String) throws -> [CheckFinding] {
        let graph = try NibDocumentParser.parse(data: Data(xib.utf8), file: path)
        return Checker(graphs: [graph], index: SourceIndex()).run().findings.filter { $0.rule == "R-CHK-4" }
    }

    @Test func aBuiltFrameworksClassIsANoteNamingTheFramework() throws {
        let inside = try Self.findings(path: "Pods/Sparkle/Sparkle.framework/Versions/B/Resources/SUUpdateAlert.xib")
        #expect(inside.count == 2 && inside.allSatisfy { $0.severity == .note }, "\(inside)")
        #expect(inside.first?.message.contains("inside Sparkle.framework, a built framework") == true)
        let app = try Self.findings(path: "App/Resources/SUUpdateAlert.xib")
        #expect(app.count == 2 && app.allSatisfy { $0.severity == .warning }, "the app's own nib: \(app)")
        #expect(try Self.findings(path: "Vendor/.framework/X.xib").allSatisfy { $0.severity == .warning }, "no framework name")
    }
}
