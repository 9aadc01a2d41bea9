import Foundation
import NibSources
import NibTestSupport
import Testing

/// R-SRC-5 (modules from the project files) and R-CHK-9 (a customModule that does not hold the
/// class) on the Modules fixture: an Xcode project (a target with a decided module name, one
/// whose name depends on a variable it does not define), a Swift package with a default and an
/// explicit target path.
@Suite struct ModuleTests {
    static let root = "Tests/NibSourcesTests/__Fixtures__/Modules"
    static let storyboard = root + "/ShopApp/Base.lproj/Main.storyboard"

    static func path(_ relative: String) -> String { TestPaths.packageRoot.appendingPathComponent(root + "/" + relative).path }

    @Test func projectFilesDecideTheModuleOfEachFile() throws {
        let survey = try SourceScanner.survey([TestPaths.packageRoot.appendingPathComponent(Self.root).path])
        let modules = Dictionary(
            uniqueKeysWithValues: survey.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.knownModules) })
        #expect(modules["HomeViewController.swift"] == ["Shop_App"], "R-SRC-5: PRODUCT_NAME $(TARGET_NAME) as a C identifier")
        #expect(modules["DetailViewController.swift"] == ["Shop_App"])
        #expect(modules["BadgeView.swift"] == ["Widgets"], "R-SRC-5: a package target's default path Sources/<name>")
        #expect(modules["CoreThing.swift"] == ["Core_Kit"], "R-SRC-5: target Core-Kit at path CoreKit")
        #expect(modules["OtherViewController.swift"] == [], "R-SRC-5: $(TOOL_PRODUCT_NAME) is undecidable")
        #expect(survey.modules.modules(of: Self.path("ShopApp/Base.lproj/Main.storyboard")) == ["Shop_App"], "a variant group's storyboard")
        #expect(survey.modules.declared.isSuperset(of: ["Shop_App", "Widgets", "Core_Kit"]))
    }

    @Test(arguments: [("Shop App", "Shop_App"), ("3D", "_3D"), ("Core-Kit", "Core_Kit"), ("Étoilé", "Étoilé"), ("a.b", "a_b")])
    func c99IdentifierIsXcodesRule(_ name: String, _ expected: String) {
        #expect(ProjectModules.c99Identifier(name) == expected)
    }

    @Test func wrongModulesAreErrorsLocatedAtTheObject() throws {
        let result = try runNibviz(["check", Self.storyboard, "--sources", Self.root], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[R-CHK-9]") }
        #expect(lines.count == 2, "\(result.output)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(Self.storyboard):9:17: error: class DetailViewController is looked up in module ShopApp")
                    && $0.contains("Unknown class _TtC7ShopApp20DetailViewController in Interface Builder file.")
                    && $0.contains("NSUnknownKeyException: [<UIViewController 0xADDR> setValue:forUndefinedKey:]")
            }, "an explicit customModule the class is not in")
        #expect(
            lines.contains {
                $0.hasPrefix("\(Self.storyboard):13:29: error: class BadgeView is looked up in the document's target module Shop_App")
                    && $0.contains("_TtC8Shop_App9BadgeView")
            }, "customModuleProvider=target: the storyboard's target is Shop App, the class is in Widgets")
        #expect(
            result.output.contains("\(Self.root)/ShopApp/DetailViewController.swift:4:7: note: class DetailViewController is declared here")
        )
        for silent in ["HomeViewController", "CoreThing", "OtherViewController", "module Widgets"] {
            #expect(!lines.contains { $0.contains("class \(silent) is looked up") }, "\(silent): right or undecidable module")
        }
    }

    /// `customModuleProvider="target"`: the build writes the module of the target compiling the
    /// document, whatever `customModule` it last saved. A Mac and an iOS target declaring
    /// same-named controllers (NetNewsWire's `FeedInspectorViewController`): the iOS storyboard,
    /// saved with the Mac module's name, is checked against the iOS class.
    @Test func aTargetProvidedModuleIsTheDocumentsTarget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-targets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["Mac", "iOS"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Reader", targets: [.target(name: "ReaderMac", path: "Mac"), .target(name: "ReaderiOS", path: "iOS")])
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import AppKit\nfinal class InspectorViewController: NSViewController {\n    @IBOutlet var nameField: NSTextField!\n}\n".write(
            to: folder.appendingPathComponent("Mac/InspectorViewController.swift"), atomically: true, encoding: .utf8)
        try "import UIKit\nfinal class InspectorViewController: UITableViewController {\n    @IBOutlet var feedURLLabel: UILabel!\n}\n"
            .write(
                to: folder.appendingPathComponent("iOS/InspectorViewController.swift"), atomically: true, encoding: .utf8)
        let storyboard = folder.appendingPathComponent("iOS/Inspector.storyboard")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="ins-vc-001">
            <scenes>
                <scene sceneID="ins-sc-001">
                    <objects>
                        <tableViewController id="ins-vc-001" customClass="InspectorViewController" customModule="ReaderMac" customModuleProvider="target" sceneMemberID="viewController">
                            <tableView key="view" id="ins-tv-001"/>
                            <connections>
                                <outlet property="feedURLLabel" destination="ins-lb-001" id="ins-ou-001"/>
                            </connections>
                        </tableViewController>
                        <label id="ins-lb-001"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """.write(to: storyboard, atomically: true, encoding: .utf8)
        let result = try runNibviz(["check", storyboard.path, "--sources", folder.path])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
        #expect(!result.output.contains("feedURLLabel"), "\(result.output)")
    }

    @Test func simulatePredictsTheFallbackToTheFrameworkClass() throws {
        let result = try runNibviz(
            ["simulate", Self.storyboard, "--sources", Self.root, "--trace", "L2"], currentDirectory: TestPaths.packageRoot)
        let lines = result.output.split(separator: "\n").map(String.init)
        let log = try #require(lines.firstIndex(of: "LOG Unknown class _TtC7ShopApp20DetailViewController in Interface Builder file."))
        let exception = try #require(
            lines.firstIndex {
                $0.hasPrefix("EXCEPTION NSUnknownKeyException: [<UIViewController 0xADDR> setValue:forUndefinedKey:]")
                    && $0.hasSuffix("key detailLabel.")
            }, "R-CHK-9 then R-OUT-1: the fallback UIViewController has no detailLabel")
        #expect(log < exception)
        #expect(!lines.contains { $0.contains("-[DetailViewController viewDidLoad]") }, "the user class never exists")
        #expect(result.stderr.contains("note: R-CHK-9: DetailViewController is not in the module the document names"))
        let plain = try runNibviz(["simulate", Self.storyboard, "--trace", "L2"], currentDirectory: TestPaths.packageRoot)
        #expect(!plain.output.contains("Unknown class"), "without --sources nothing is decided")
    }

    @Test func synchronizedFoldersXcconfigsAndConditionalSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (relative, text) in [
            ("App/Feature/A.swift", "class A {}\n"), ("App/Feature/Excluded.swift", "class Excluded {}\n"),
            ("App/Feature/Shared.swift", "class Shared {}\n"), ("App/Feature/Base.lproj/Panel.xib", "<document/>\n"),
            ("App/Feature/de.lproj/Panel.xib", "<document/>\n"),
            ("Lib/B.swift", "class B {}\n"), ("Config/Lib.xcconfig", "#include \"Base.xcconfig\"\nPRODUCT_NAME = LibCore // comment\n"),
            ("Config/Base.xcconfig", "SWIFT_VERSION = 5.0\n"), ("Cond/C.swift", "class C {}\n"),
            ("Proj.xcodeproj/project.pbxproj", Self.synchronizedProject),
        ] {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let survey = try SourceScanner.survey([folder.path])
        let modules = Dictionary(
            uniqueKeysWithValues: survey.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.knownModules) })
        #expect(modules["A.swift"] == ["Appy"], "R-SRC-5: a synchronized folder, PRODUCT_MODULE_NAME set")
        #expect(modules["Excluded.swift"] == [], "a membership exception leaves the file out")
        #expect(modules["B.swift"] == ["LibCore"], "PRODUCT_NAME from the target's xcconfig (through an #include)")
        #expect(modules["C.swift"] == [], "a conditional PRODUCT_NAME[sdk=…] is undecidable")
        // NetNewsWire's share extension: one file and one localised xib of the app's folder are
        // the extension's (an exception set for a target that does not hold the folder), not the
        // app's (the app's exception set leaves them out; `/Localized/` names every .lproj).
        #expect(modules["Shared.swift"] == ["Extension"], "a single file's membership in another target")
        for variant in ["Base", "de"] {
            let xib = folder.appendingPathComponent("App/Feature/\(variant).lproj/Panel.xib").path
            #expect(survey.modules.modules(of: xib) == ["Extension"], "\(variant).lproj: /Localized/ names every localisation")
        }
    }

    static let synchronizedProject = """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 77; objects = {
          M0 = {isa = PBXGroup; children = (G1, G2, G3, X0); sourceTree = "<group>"; };
          G1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2); path = App; sourceTree = "<group>"; };
          E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Feature/Excluded.swift, Feature/Shared.swift, /Localized/Feature/Panel.xib); target = T1; };
          E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Feature/Shared.swift, /Localized/Feature/Panel.xib); target = T4; };
          G2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Lib; sourceTree = "<group>"; };
          G3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Cond; sourceTree = "<group>"; };
          X0 = {isa = PBXFileReference; path = Config/Lib.xcconfig; sourceTree = "<group>"; };
          T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (G1); name = App; };
          T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); fileSystemSynchronizedGroups = (G2); name = Lib; };
          T3 = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (); fileSystemSynchronizedGroups = (G3); name = Cond; };
          T4 = {isa = PBXNativeTarget; buildConfigurationList = L4; buildPhases = (); name = Ext; };
          L4 = {isa = XCConfigurationList; buildConfigurations = (C4); };
          C4 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = Extension; }; name = Debug; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
          L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
          L3 = {isa = XCConfigurationList; buildConfigurations = (C3); };
          LP = {isa = XCConfigurationList; buildConfigurations = (CP); };
          C1 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = Appy; }; name = Debug; };
          C2 = {isa = XCBuildConfiguration; baseConfigurationReference = X0; buildSettings = {}; name = Debug; };
          C3 = {isa = XCBuildConfiguration; buildSettings = {"PRODUCT_NAME[sdk=iphoneos*]" = Other; }; name = Debug; };
          CP = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
          R0 = {isa = PBXProject; buildConfigurationList = LP; mainGroup = M0; targets = (T1, T2, T3, T4); };
        }; rootObject = R0; }
        """
}
