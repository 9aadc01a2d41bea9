import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibSiteBuild

/// A site built with `--sources` keeps what the project files decided (R-SRC-5) for its next
/// build (`ProjectCache`): a rebuild after a source edit does not parse the project again, and
/// an edit to an xcconfig the project names, which no walk lists, rebuilds the site.
@Suite struct ProjectCacheSiteTests {
    static let project = """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 77; objects = {
          M0 = {isa = PBXGroup; children = (G1, X0); sourceTree = "<group>"; };
          G1 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
          X0 = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
          T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (G1); name = App; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
          C1 = {isa = XCBuildConfiguration; baseConfigurationReference = X0; buildSettings = {}; name = Debug; };
          LP = {isa = XCConfigurationList; buildConfigurations = (CP); };
          CP = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
          R0 = {isa = PBXProject; buildConfigurationList = LP; mainGroup = M0; targets = (T1); };
        }; rootObject = R0; }
        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="home-vc">
            <scenes>
                <scene sceneID="home-sc">
                    <objects>
                        <viewController id="home-vc" customClass="HomeViewController" customModule="ShopApp" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="home-view"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func aSourceEditKeepsTheModulesAndAnXcconfigEditRebuilds() throws {
        let directory = SiteFixtures.temporaryDirectory("project-cache")
        let documents = directory.appendingPathComponent("Documents")
        let sources = directory.appendingPathComponent("Sources")
        for (url, text) in [
            (documents.appendingPathComponent("Main.storyboard"), Self.storyboard),
            (sources.appendingPathComponent("App.xcodeproj/project.pbxproj"), Self.project),
            (sources.appendingPathComponent("Config/App.xcconfig"), "PRODUCT_MODULE_NAME = ShopApp\n"),
            (
                sources.appendingPathComponent("App/HomeViewController.swift"),
                "import UIKit\nfinal class HomeViewController: UIViewController {}\n"
            ),
        ] {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try SiteFixtures.dateBack(sources)
        let output = directory.appendingPathComponent("public")
        func build(into output: URL) throws -> SiteReport {
            var options = IncrementalSiteTests.options(output, inputs: [documents])
            options.sources = [sources]
            return try SiteBuilder(options: options, backend: InProcessBackend()).build()
        }
        func pages(_ folder: URL) -> [String: Data] { SiteFixtures.snapshot(folder).filter { !$0.key.hasPrefix(".") } }
        func findings(_ folder: URL) -> Bool {
            pages(folder).contains { $0.key.hasPrefix("documents/") && String(decoding: $0.value, as: UTF8.self).contains("R-CHK-9") }
        }
        let cold = try build(into: output)
        #expect(cold.timings.projectFilesRead == 1 && cold.timings.projectFilesKept == 0)
        #expect(!findings(output), "HomeViewController is in ShopApp, as the storyboard says")

        let swift = sources.appendingPathComponent("App/HomeViewController.swift")
        try Data((try String(contentsOf: swift, encoding: .utf8) + "// edited\n").utf8).write(to: swift)
        let edited = try build(into: output)
        #expect(!edited.upToDate && edited.timings.sourceFilesParsed == 1)
        #expect(edited.timings.projectFilesRead == 0 && edited.timings.projectFilesKept == 1, "the project is not parsed again")

        // The module the xcconfig names changes: the class is no longer where the storyboard looks.
        try Data("PRODUCT_MODULE_NAME = Shop\n".utf8).write(to: sources.appendingPathComponent("Config/App.xcconfig"))
        let moved = try build(into: output)
        #expect(!moved.upToDate, "an xcconfig read for the modules is an input")
        #expect(moved.timings.projectFilesRead == 1 && moved.timings.projectFilesKept == 0)
        #expect(findings(output), "R-CHK-9: HomeViewController is in module Shop now")
        let fresh = directory.appendingPathComponent("fresh")
        _ = try build(into: fresh)
        let (rebuilt, coldPages) = (pages(output), pages(fresh))
        #expect(rebuilt.keys.sorted() == coldPages.keys.sorted())
        for (path, bytes) in coldPages where rebuilt[path] != bytes { Issue.record("\(path) differs from a cold build") }

        // Project modules another nibviz kept are not taken.
        let cache = output.appendingPathComponent(ProjectCache.path)
        var kept = try #require(try ProjectCache.decoded(Array(try Data(contentsOf: cache))))
        kept.tool = "older " + kept.tool
        try Data(kept.encoded()).write(to: cache)
        try Data((try String(contentsOf: swift, encoding: .utf8) + "// again\n").utf8).write(to: swift)
        #expect(try build(into: output).timings.projectFilesRead == 1)
        // Nor a file cut short.
        let bytes = try Data(contentsOf: cache)
        try bytes.prefix(bytes.count / 2).write(to: cache)
        try Data((try String(contentsOf: swift, encoding: .utf8) + "// and again\n").utf8).write(to: swift)
        #expect(try build(into: output).timings.projectFilesRead == 1)
    }
}
