import Foundation
import NibSources
import NibTestSupport
import Testing

/// Same-named classes of different modules (R-SRC-3, R-CHK-1/2/4): an Objective-C
/// `ViewController` (ObjCDemo) and a Swift `ViewController` (SwiftDemo). A document naming no
/// module loads the Objective-C class by its plain name; one naming SwiftDemo loads the Swift
/// class (`_TtC9SwiftDemo14ViewController`). Neither is merged with the other, and a Swift-only
/// class in a document naming no module is unknown, never an error.
@Suite struct SameNameTests {
    static let root = "Tests/NibSourcesTests/__Fixtures__/SameName"

    static func check(_ document: String) throws -> (status: Int32, lines: [String]) {
        let result = try runNibviz(
            ["check", Self.root + "/Documents/" + document, "--sources", Self.root], currentDirectory: TestPaths.packageRoot)
        return (result.status, result.output.split(separator: "\n").map(String.init))
    }

    @Test func eachDocumentIsCheckedAgainstTheClassItsRuntimeLoads() throws {
        for document in ["ObjCMain.storyboard", "SwiftMain.storyboard"] {
            let (status, lines) = try Self.check(document)
            #expect(status == 0, "\(document): \(lines)")
            #expect(!lines.contains { $0.contains(": error: ") }, "\(document): \(lines)")
        }
    }

    @Test func aKeyOfTheOtherSameNamedClassIsAnError() throws {
        let (stale, staleLines) = try Self.check("ObjCStale.storyboard")
        #expect(stale == 1)
        let staleErrors = staleLines.filter { $0.contains(": error: ") }
        #expect(staleErrors.count == 2, "\(staleLines)")
        #expect(staleErrors.contains { $0.contains("outlet 'swiftButton' of ViewController") && $0.contains("[<ViewController 0xADDR>") })
        #expect(staleErrors.contains { $0.contains("action swiftTapped: to ViewController") })
        let (wrong, wrongLines) = try Self.check("SwiftWrong.storyboard")
        #expect(wrong == 1)
        let wrongErrors = wrongLines.filter { $0.contains(": error: ") }
        #expect(wrongErrors.count == 3, "\(wrongLines)")
        #expect(wrongErrors.contains { $0.contains("outlet 'objcButton' of ViewController") && $0.contains("SwiftDemo.ViewController") })
        #expect(wrongErrors.contains { $0.contains("action objcTapped: to ViewController") })
        #expect(wrongErrors.contains { $0.contains("outlet 'missingLabel' of OnlySwiftController") })
    }

    @Test func aSwiftOnlyClassInADocumentWithoutModuleIsUnknownNotAnError() throws {
        let (_, lines) = try Self.check("ObjCMain.storyboard")
        #expect(!lines.contains { $0.contains("staleLabel") && $0.contains(": error: ") })
        #expect(
            lines.contains {
                $0.contains(": warning: unknown class OnlySwiftController: the document names no module")
                    && $0.contains("_TtC9SwiftDemo19OnlySwiftController")
            }, "\(lines)")
    }

    @Test func theSimulatorLoadsTheSameClassAsTheCheck() throws {
        for document in ["ObjCMain.storyboard", "SwiftMain.storyboard"] {
            let result = try runNibviz(
                ["simulate", Self.root + "/Documents/" + document, "--sources", Self.root], currentDirectory: TestPaths.packageRoot)
            #expect(result.status == 0)
            #expect(!result.output.contains("NSUnknownKeyException"), "\(document): \(result.output)")
        }
        let stale = try runNibviz(
            ["simulate", Self.root + "/Documents/ObjCStale.storyboard", "--sources", Self.root], currentDirectory: TestPaths.packageRoot)
        #expect(stale.output.contains("NSUnknownKeyException"), "the Objective-C class has no swiftButton: \(stale.output)")
    }

    @Test func anExplicitClassTableEntryWinsOverAClassTheSourcesCannotDecide() throws {
        // OnlySwiftController is a plain Swift class and the storyboard names no module: the
        // sources cannot say which class the runtime loads. The user's --class-table entry decides.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-explicit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("classes.yaml")
        try "OnlySwiftController: { superclass: UIViewController, keys: [staleLabel], overrides: [viewDidLoad] }\n".write(
            to: table, atomically: true, encoding: .utf8)
        let storyboard = folder.appendingPathComponent("Only.storyboard")
        try Self.onlySwiftStoryboard.write(to: storyboard, atomically: true, encoding: .utf8)
        for scene in [[], ["--scene", "ex-vc-1"]] {
            let result = try runNibviz(
                ["simulate", storyboard.path, "--sources", Self.root, "--class-table", table.path, "--trace", "L1"] + scene,
                currentDirectory: TestPaths.packageRoot)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.output == "-[OnlySwiftController viewDidLoad]\n", "\(scene): \(result.output)")
        }
    }

    /// One initial scene of the Swift-only class, no module, an outlet the class table declares.
    static let onlySwiftStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" \
        targetRuntime="iOS.CocoaTouch" initialViewController="ex-vc-1">
            <scenes>
                <scene sceneID="ex-sc-1">
                    <objects>
                        <viewController id="ex-vc-1" customClass="OnlySwiftController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="ex-vw-1">
                                <subviews><label opaque="NO" text="Only" id="ex-lb-1"/></subviews>
                            </view>
                            <connections><outlet property="staleLabel" destination="ex-lb-1" id="ex-ou-1"/></connections>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
}
