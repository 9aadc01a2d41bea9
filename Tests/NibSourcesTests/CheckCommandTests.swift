import Foundation
import NibTestSupport
import Testing

/// `nibviz check` through the built binary on the fixture app: one test per R-CHK rule, the
/// three output forms, the exit code and `--baseline`.
@Suite struct CheckCommandTests {
    static let documents = "Tests/NibSourcesTests/__Fixtures__/App/Documents"
    static let sources = "Tests/NibSourcesTests/__Fixtures__/App"

    static func check(_ extra: [String] = [], documents: [String] = [documents]) throws -> CommandResult {
        try runNibviz(["check"] + documents + ["--sources", sources] + extra, currentDirectory: TestPaths.packageRoot)
    }

    static func findings() throws -> [[String: Any]] {
        let result = try check(["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return object?["findings"] as? [[String: Any]] ?? []
    }

    static func lines(_ rule: String) throws -> [String] {
        try check().output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(rule)]") }
    }

    @Test func textIsCompilerStyleAndMatchesGolden() throws {
        let result = try Self.check()
        #expect(result.status == 1, "errors make check exit 1")
        Golden.check(
            result.output,
            against: TestPaths.packageRoot.appendingPathComponent("Tests/NibSourcesTests/__Snapshots__/check-fixture.txt").path)
    }

    @Test func missingKeyIsAnErrorWithTheSimulatorsException() throws {
        let lines = try Self.lines("R-CHK-1")
        #expect(lines.contains { $0.hasPrefix("\(Self.documents)/Shop.storyboard:30:25: error: outlet 'deletedOutlet'") })
        #expect(
            lines.contains {
                $0.contains(
                    "NSUnknownKeyException: [<Shop.ShopViewController 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key deletedOutlet."
                )
            })
        #expect(lines.contains { $0.contains("hiddenField is declared but not visible to KVC") }, "R-SRC-1: private var")
        #expect(
            lines.contains { $0.contains("Failed to connect (secret) outlet from (AppKit.PrefsWindowController)") }, "R-OUT-2 text on macOS"
        )
        #expect(
            !lines.contains { $0.contains("'titleLabel'") || $0.contains("'buttons'") || $0.contains("'view'") },
            "declared and inherited keys resolve")
    }

    @Test func missingActionIsAnError() throws {
        let lines = try Self.lines("R-CHK-2")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("-[Shop.ShopViewController checkout:]: unrecognized selector sent to instance") })
        #expect(
            lines.contains {
                $0.contains("Could not connect action, target class AppKit.PrefsWindowController does not respond to -revertAll:")
            })
    }

    @Test func unhandledFirstResponderActionIsAWarning() throws {
        let lines = try Self.lines("R-CHK-3")
        #expect(
            lines.count == 1 && lines[0].contains("warning: First Responder action nobodyHandles:"),
            "copy: is UIKit's, nobodyHandles: nobody's")
    }

    @Test func unknownClassIsAWarningAndUnknownModuleANote() throws {
        let lines = try Self.lines("R-CHK-4")
        #expect(lines.contains { $0.contains("warning: unknown class GhostView") })
        #expect(lines.contains { $0.contains("note: class PodBadgeView of module SomePod") })
    }

    @Test func outletTypeMismatchIsAWarning() throws {
        let lines = try Self.lines("R-CHK-5")
        #expect(lines.contains { $0.contains("'extraLabel' of ShopViewController is declared as UILabel but connects to a UIButton") })
        #expect(
            lines.contains { $0.contains("'titleLabel' of BasketViewController is declared as UILabel but connects to a UIView") },
            "inherited outlet")
    }

    @Test func storyboardReferencesToMissingStoryboardsAndIdentifiers() throws {
        let lines = try Self.lines("R-CHK-6")
        #expect(lines.contains { $0.contains(":37:17: error: storyboard reference to 'Nowhere'") })
        #expect(lines.contains { $0.contains(":38:17: error: storyboard reference to 'NoSuchScene' in Shop") })
    }

    @Test func identifiersUsedInCodeButDeclaredNowhere() throws {
        let lines = try Self.lines("R-CHK-7")
        #expect(
            lines.contains { $0.hasPrefix("\(Self.sources)/Shop/ShopViewController.swift:21:22: error: Storyboard ID 'DetailScene'") })
        #expect(lines.contains { $0.hasPrefix("\(Self.sources)/ObjC/LegacyController.m:16:11: warning: segue identifier 'legacySegue'") })
        #expect(!lines.contains { $0.contains("'showBasket'") }, "performed and declared")
    }

    @Test func identifiersSureToRaiseAreErrors() throws {
        let lines = try Self.lines("R-CHK-7")
        let shop = "\(Self.sources)/Shop/ShopViewController.swift"
        #expect(
            lines.contains {
                $0.hasPrefix("\(shop):75:9: error: segue identifier 'checkoutDone' is performed in code from ShopViewController")
                    && $0.contains("Receiver (<Shop.ShopViewController: 0xADDR>) has no segue with identifier 'checkoutDone'")
            }, "performSegue on self from a class whose scene is an input")
        #expect(lines.contains { $0.hasPrefix("\(shop):76:9: warning: segue identifier 'elsewhereSegue'") }, "sent to another controller")
        #expect(
            lines.contains {
                $0.hasPrefix("\(shop):77:13: error: Storyboard ID 'NoSuchID' is instantiated in code from the input storyboard Shop")
            })
        #expect(lines.contains { $0.hasPrefix("\(shop):78:13: warning: Storyboard ID 'FarScene'") }, "a storyboard that is not an input")
        #expect(
            lines.contains { $0.hasPrefix("\(shop):21:22: error: Storyboard ID 'DetailScene'") },
            "storyboard?.instantiate… in a Shop scene's class")
        let objc = "\(Self.sources)/ObjC/LegacyController.m"
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(objc):39:85: error: Storyboard ID 'MissingObjCScene' is instantiated in code from the input storyboard Shop")
            })
        #expect(
            lines.contains { $0.hasPrefix("\(objc):40:22: warning: Storyboard ID 'OwnStoryboardScene'") }, "LegacyController has no scene")
    }

    @Test func identifiersDeclaredButNeverUsedAreNotes() throws {
        let lines = try Self.lines("R-CHK-8")
        #expect(lines.contains { $0.contains("note: segue identifier 'neverPerformed'") })
        #expect(!lines.contains { $0.contains("'showBasket'") })
    }

    @Test func jsonHasTheDocumentedFields() throws {
        let findings = try Self.findings()
        #expect(findings.count == 23)
        for finding in findings {
            for field in ["file", "line", "column", "severity", "kind", "class", "key", "selector", "message", "rule"] {
                #expect(finding.keys.contains(field), "\(field) in \(finding)")
            }
        }
        let checkout = findings.first { $0["selector"] as? String == "checkout:" }
        #expect(
            checkout?["class"] as? String == "ShopViewController" && checkout?["line"] as? Int == 16 && checkout?["column"] as? Int == 37)
        #expect(checkout?["sourceFile"] as? String == "\(Self.sources)/Shop/ShopViewController.swift")
    }

    @Test func baselineAcceptsKnownFindings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json")
        try Self.check(["--format", "json"]).stdout.write(to: baseline)
        let result = try Self.check(["--baseline", baseline.path])
        #expect(result.status == 0, "every finding is known: \(result.output)")
        #expect(result.output == "0 errors, 0 warnings, 0 notes\n")
        let bad = try Self.check(["--baseline", folder.appendingPathComponent("missing.json").path])
        #expect(bad.status != 0 && bad.stderr.contains("missing.json"))
    }

    @Test func cleanInputsExitZero() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-clean-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xib = folder.appendingPathComponent("Cell.xib")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="LegacyController"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2"/>
                <label id="lbl-aa-001"/>
            </objects>
            <connections>
            </connections>
        </document>
        """.write(to: xib, atomically: true, encoding: .utf8)
        let result = try runNibviz(["check", xib.path, "--sources", TestPaths.packageRoot.appendingPathComponent(Self.sources).path])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// R-CHK-10: a folder's unreadable document is an error at the place the reader stopped and
    /// the other documents are still checked; a legacy Interface Builder 2 nib (NSArchiver's
    /// typedstream, as Quicksilver's vendored demo nibs) is a note and does not fail the run.
    @Test func unreadableDocumentsAreFindingsAndTheOthersAreStillChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-unreadable-\(UUID().uuidString)")
        let legacy = folder.appendingPathComponent("Legacy.nib")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([4, 11] + Array("typedstream".utf8) + [0x81, 0x03, 0xE8, 0x84, 0x01, 0x40]).write(
            to: legacy.appendingPathComponent("objects.nib"))
        try Data("<?xml version=\"1.0\"?>\n<archive>".utf8).write(to: legacy.appendingPathComponent("classes.nib"))
        let shop = TestPaths.packageRoot.appendingPathComponent(Self.documents + "/Shop.storyboard")
        try FileManager.default.copyItem(at: shop, to: folder.appendingPathComponent("Shop.storyboard"))
        let sources = TestPaths.packageRoot.appendingPathComponent(Self.sources).path

        let legacyOnly = try runNibviz(["check", legacy.path, "--sources", sources])
        #expect(legacyOnly.status == 0, "a note: \(legacyOnly.output)\(legacyOnly.stderr)")
        #expect(
            legacyOnly.output.contains(
                "Legacy.nib/objects.nib: note: not checked: an Interface Builder 2 nib archived by NSArchiver (typedstream)"),
            "\(legacyOnly.output)")

        try Data("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects>".utf8)
            .write(to: folder.appendingPathComponent("Broken.xib"))
        let all = try runNibviz(["check", folder.path, "--sources", sources])
        #expect(all.status == 1, "\(all.stderr)")
        let lines = all.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(folder.path + "/Broken.xib:3:") && $0.contains(": error: cannot be read, so nothing in it is checked: ")
                    && $0.hasSuffix("[R-CHK-10]")
            },
            "\(all.output)")
        #expect(lines.contains { $0.contains("Shop.storyboard:") && $0.hasSuffix("[R-CHK-1]") }, "the readable storyboard is checked")
        #expect(lines.filter { $0.hasSuffix("[R-CHK-10]") }.count == 2)
    }

    @Test func missingSourcesFolderIsAClearError() throws {
        let result = try runNibviz(["check", Self.documents, "--sources", "no/such/folder"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no/such/folder: no such file or folder (--sources)"))
    }
}
