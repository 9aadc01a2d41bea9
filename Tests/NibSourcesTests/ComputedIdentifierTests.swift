import Foundation
import NibTestSupport
import Testing

/// R-CHK-8 where an app instantiates controllers by their class name (KeePassium's
/// `instantiateViewController(withIdentifier: className)`, 27 of its 28 Storyboard IDs): an ID
/// that spells its controller's class is used unwritten once the sources pass a computed
/// identifier; other IDs keep their note, and without such a call every unused ID does.
@Suite struct ComputedIdentifierTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <scenes>
                <scene sceneID="sc1-aa-001">
                    <objects>
                        <viewController storyboardIdentifier="ProfileVC" id="vc1-aa-001" customClass="ProfileVC" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw1-aa-001"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="sc2-aa-001">
                    <objects>
                        <viewController storyboardIdentifier="OtherScene" id="vc2-aa-001" customClass="OtherVC" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw2-aa-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let classes = """
        import UIKit
        class ProfileVC: UIViewController {}
        class OtherVC: UIViewController {}
        """

    func check(_ sources: [String: String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-computed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.storyboard.utf8).write(to: folder.appendingPathComponent("Main.storyboard"))
        for (name, text) in sources { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try runNibviz(["check", folder.path, "--sources", folder.path])
        return result.output.split(separator: "\n").map(String.init).filter { $0.contains("[R-CHK-") }
    }

    @Test func anIdentifierSpellingItsClassIsUsedWhenIdentifiersAreComputed() throws {
        let helper = """
            import UIKit
            extension UIViewController {
                class func fromStoryboard() -> Self {
                    let name = String(describing: self)
                    return UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: name) as! Self
                }
            }
            """
        let lines = try check(["Classes.swift": Self.classes, "Helper.swift": helper])
        #expect(!lines.contains { $0.contains("'ProfileVC'") }, "\(lines)")
        #expect(lines.contains { $0.contains("Storyboard ID 'OtherScene' appears in no string") }, "\(lines)")
    }

    @Test func theObjectiveCSpellingCountsToo() throws {
        let helper = """
            @implementation UIViewController (Storyboard)
            + (instancetype)fromStoryboard:(UIStoryboard *)storyboard {
                return [storyboard instantiateViewControllerWithIdentifier:NSStringFromClass(self)];
            }
            @end
            """
        let lines = try check(["Classes.swift": Self.classes, "Helper.m": helper])
        #expect(!lines.contains { $0.contains("'ProfileVC'") }, "\(lines)")
        #expect(lines.contains { $0.contains("'OtherScene'") }, "\(lines)")
    }

    @Test func withoutAComputedIdentifierEveryUnusedIDIsNoted() throws {
        let lines = try check(["Classes.swift": Self.classes])
        #expect(lines.contains { $0.contains("Storyboard ID 'ProfileVC' appears in no string") }, "\(lines)")
        #expect(lines.contains { $0.contains("'OtherScene'") }, "\(lines)")
    }

    /// An ID a storyboard reference opens is used by UIKit with no code (Yep's tabs: 31 such notes).
    @Test func anIdentifierAStoryboardReferenceOpensIsUsed() throws {
        let tabs = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <scenes>
                    <scene sceneID="sc3-aa-001">
                        <objects>
                            <viewControllerPlaceholder storyboardName="Main" referencedIdentifier="OtherScene" id="ref-aa-001" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let lines = try check(["Classes.swift": Self.classes, "Tabs.storyboard": tabs])
        #expect(!lines.contains { $0.contains("'OtherScene'") }, "\(lines)")
        #expect(lines.contains { $0.contains("Storyboard ID 'ProfileVC' appears in no string") }, "\(lines)")
    }

    /// iOS 13's `instantiateViewController(identifier:creator:)` is read like the older call.
    @Test func theCreatorSpellingIsAnIdentifierUse() throws {
        let code = """
            import UIKit
            final class Router {
                func open() {
                    let controller = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(identifier: "Missing") { coder in
                        ProfileVC(coder: coder)
                    }
                    _ = controller
                }
            }
            """
        let lines = try check(["Classes.swift": Self.classes, "Router.swift": code])
        #expect(lines.contains { $0.contains("Storyboard ID 'Missing' is instantiated in code") && $0.contains("[R-CHK-7]") }, "\(lines)")
    }
}
