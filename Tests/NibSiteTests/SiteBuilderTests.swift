import Foundation
import NibParsing
import NibTestSupport
import Testing

@testable import NibScenario
@testable import NibSite
@testable import NibSiteBuild

@Suite("SiteBuilder", .serialized)
struct SiteBuilderTests {
    @Test func everyInternalLinkAndAnchorResolvesAndNothingLeavesTheSite() throws {
        let directory = SiteFixtures.temporaryDirectory("links")
        let output = directory.appendingPathComponent("public")
        let report = try SiteFixtures.build(
            output: output, cache: directory.appendingPathComponent("cache"),
            inputs: [SiteFixtures.inputs(in: directory, includeBad: false)])
        #expect(report.failures.isEmpty && report.diagramFailures.isEmpty)
        // The walk is independent of the build's own check step, and reads inline SVG links too.
        let problems = try LinkWalk.broken(in: output)
        #expect(problems.isEmpty, "\(problems.count) broken: \(problems.prefix(10))")
        let card = try String(contentsOf: output.appendingPathComponent("documents/project/Card.xib.html"), encoding: .utf8)
        #expect(card.contains("xlink:href=\"#obj-"), "object nodes link to their rows")
        #expect(card.contains("xlink:href=\"../../rules.html#R-"), "rule nodes link to the rule index")
        let pages = LinkChecker.htmlFiles(output)
        #expect(pages.contains("index.html") && pages.contains("rules.html") && pages.contains("concepts/nib-lifecycle.html"))
        #expect(pages.contains("documents/project/Card.xib.html") && pages.contains("documents/project/nested/Other_View.xib.html"))
        #expect(pages.contains("classes/index.html") && pages.contains("documents/index.html"))
    }

    @Test func sameInputsInAnyOrderGiveAByteIdenticalSite() throws {
        let directory = SiteFixtures.temporaryDirectory("identical")
        let project = SiteFixtures.inputs(in: directory, includeBad: true)
        let inputs = ["nested/Swatch.xib", "Card.xib", "bad.xib", "nested/Other View.xib"].map { project.appendingPathComponent($0) }
        let first = directory.appendingPathComponent("one")
        let second = directory.appendingPathComponent("two")
        _ = try SiteFixtures.build(output: first, cache: nil, inputs: inputs)
        _ = try SiteFixtures.build(output: second, cache: nil, inputs: inputs.reversed())
        let a = SiteFixtures.snapshot(first)
        let b = SiteFixtures.snapshot(second)
        #expect(a.count > 10)
        #expect(a.keys.sorted() == b.keys.sorted())
        for key in a.keys.sorted() where a[key] != b[key] { Issue.record("\(key) differs between two builds") }
    }

    @Test func aSiteBuiltFromContentReadOnceIsTheSameSite() throws {
        let directory = SiteFixtures.temporaryDirectory("content-value")
        let inputs = [SiteFixtures.inputs(in: directory, includeBad: false)]
        let first = directory.appendingPathComponent("read")
        let second = directory.appendingPathComponent("given")
        _ = try SiteFixtures.build(output: first, cache: nil, inputs: inputs)
        let options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: inputs, output: second, useCache: false, version: "test", showProgress: false,
            logSteps: false)
        let content = try SiteContent.read(options)
        #expect(content.documents.count == 3 && content.rules.count >= 130 && content.scenarios.count >= 40)
        _ = try SiteBuilder(options: options, backend: InProcessBackend(), content: content).build()
        #expect(
            SiteFixtures.snapshot(first).filter { !$0.key.hasPrefix(".") }
                == SiteFixtures.snapshot(second).filter { !$0.key.hasPrefix(".") })
    }

    @Test func anUnchangedRebuildRendersNoDiagram() throws {
        let directory = SiteFixtures.temporaryDirectory("cache")
        let cache = directory.appendingPathComponent("cache")
        let output = directory.appendingPathComponent("public")
        let first = try SiteFixtures.build(output: output, cache: cache)
        #expect(first.diagramsRendered > 0)
        let before = SiteFixtures.snapshot(output)
        let second = try SiteFixtures.build(output: output, cache: cache)
        #expect(second.diagramsRendered == 0 && second.upToDate)
        #expect(SiteFixtures.snapshot(output) == before)
    }

    @Test func aBadDocumentGetsAnErrorPageAndEveryOtherPageIsBuilt() throws {
        let directory = SiteFixtures.temporaryDirectory("bad")
        let output = directory.appendingPathComponent("public")
        let report = try SiteFixtures.build(output: output, cache: nil, inputs: [SiteFixtures.inputs(in: directory, includeBad: true)])
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.hasPrefix("project/bad.xib:1:1: ") == true, "\(report.failures)")
        let errorPage = try String(contentsOf: output.appendingPathComponent("documents/project/bad.xib.html"), encoding: .utf8)
        #expect(errorPage.contains("could not be read"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("documents/project/Card.xib.html").path))
    }

    /// A project's other YAML files (XcodeGen's `project.yml`, SwiftGen's `swiftgen.yml`) are no
    /// scenarios: they are passed by with the reason (`site: skipped …`) instead of failing the
    /// build as unreadable inputs; a scenario beside them is read.
    @Test func aProjectsOtherYAMLFilesArePassedByAndItsScenariosRead() throws {
        let directory = SiteFixtures.temporaryDirectory("other-yaml")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        try "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n".write(
            to: project.appendingPathComponent("project.yml"), atomically: true, encoding: .utf8)
        try "strings:\n  inputs: Resources/en.lproj\n".write(
            to: project.appendingPathComponent("swiftgen.yml"), atomically: true, encoding: .utf8)
        // YAML that Yams refuses (a key given twice, as real SwiftGen configs do) is judged by the
        // keys at its first column.
        try "plist:\n  inputs: A.plist\nplist:\n  inputs: Info.plist\n".write(
            to: project.appendingPathComponent("swiftgen-config.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        try "title: Mine\nplatform: ios\nobjects:\n  vc: { class: UIViewController }\nsteps:\n  - accessView: vc\n".write(
            to: project.appendingPathComponent("Scenarios/mine.yaml"), atomically: true, encoding: .utf8)
        let scenarios = SiteContent.readScenarios(siteRoot: SiteFixtures.siteRoot, inputs: [project]).map(\.name).filter {
            $0.hasPrefix("user/")
        }
        #expect(scenarios == ["user/project/Scenarios/mine"])
        #expect(
            SiteContent.skipped(inputs: [project], exclusion: InputExclusion([])) == [
                "project/project.yml: not a nibviz scenario (top-level key 'name' is no scenario key)",
                "project/swiftgen-config.yml: not a nibviz scenario (top-level key 'plist' is no scenario key)",
                "project/swiftgen.yml: not a nibviz scenario (top-level key 'strings' is no scenario key)",
            ])
        let report = try SiteFixtures.build(output: directory.appendingPathComponent("public"), cache: nil, inputs: [project])
        #expect(report.failures.isEmpty, "\(report.failures)")
        // A YAML file named on the command line is a scenario whatever it holds: its error is shown.
        let named = SiteContent.readScenarios(siteRoot: SiteFixtures.siteRoot, inputs: [project.appendingPathComponent("swiftgen.yml")])
        #expect(named.last?.error?.contains("unknown key 'strings'") == true)
    }

    /// A scenario with a mistake YAML cannot read stays a scenario, so its error is shown: only a
    /// key no scenario has makes unreadable YAML someone else's file.
    @Test func unreadableYAMLIsAScenarioUnlessAKeyAtItsFirstColumnIsNoScenarioKey() {
        #expect(ScenarioParser.notAScenario(yaml: "platform: ios\nsteps:\n  - accessView: vc\nsteps:\n  - viewDidLoad: vc\n") == nil)
        #expect(ScenarioParser.notAScenario(yaml: "platform: ios\n  steps: [\n") == nil)
        #expect(ScenarioParser.notAScenario(yaml: "just some words, then: [\n") == nil)
        #expect(ScenarioParser.notAScenario(yaml: "# Licensed to the ASF\n\n# Empty for the audit workflow.\n") != nil, "comments only")
        #expect(ScenarioParser.notAScenario(yaml: "") != nil)
        #expect(
            ScenarioParser.notAScenario(yaml: "# SwiftGen\nxcassets:\n  inputs: A\nxcassets:\n  inputs: B\n")
                == "top-level key 'xcassets' is no scenario key")
        #expect(ScenarioParser.writtenTopKeys("a: 1\n  b: 2\n- c\nhttp://x\nd:\n\"e\": 3\nf-g:\tx\n") == ["a", "d", "f-g"])
        // A dSYM's relocations (iTerm2's CoreParse.yml): its first key decides, before any YAML is composed.
        let relocations =
            "---\ntriple: 'x86_64-apple-darwin'\nrelocations:\n" + String(repeating: "  - { offset: 0x4BA0B, size: 0x8 }\n", count: 2_000)
        #expect(ScenarioParser.notAScenario(yaml: relocations) == "top-level key 'triple' is no scenario key")
        #expect(ScenarioParser.notAScenario(yaml: "{ platform: ios, steps: [] }") == nil, "a flow mapping is composed")
        #expect(ScenarioParser.notAScenario(yaml: "{ platform: ios, name: x }") == "top-level key 'name' is no scenario key")
    }

    @Test func aFailedBuildNamesItsStepAndLeavesThePreviousSiteIntact() throws {
        let directory = SiteFixtures.temporaryDirectory("atomic")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil)
        let before = SiteFixtures.snapshot(output)
        let brokenRoot = directory.appendingPathComponent("empty-site")
        try FileManager.default.createDirectory(at: brokenRoot, withIntermediateDirectories: true)
        do {
            _ = try SiteFixtures.build(output: output, cache: nil, siteRoot: brokenRoot)
            Issue.record("a site root without data/rules.md must fail")
        } catch let error as SiteBuildError {
            #expect(error.step == "read rules")
        }
        // The same for a build whose output would have broken links: the check fails the build.
        #expect(SiteFixtures.snapshot(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func everySpecRuleIsCitedByAConceptPageAndLinksToTheRuleIndex() throws {
        let directory = SiteFixtures.temporaryDirectory("rules")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil)
        let rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot).map(\.id)
        #expect(rules.count >= 130)
        var cited = Set<String>()
        for page in LinkChecker.htmlFiles(output) where page.hasPrefix("concepts/") || page == "index.html" {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            for rule in rules where html.contains("rules.html#\(rule)\"") { cited.insert(rule) }
        }
        #expect(Set(rules).subtracting(cited).sorted() == [])
    }

    /// A class on many scenes: each scene page lists ten other uses and links to the class index
    /// for the rest (listing them all grew page text with the square of the project).
    @Test func aScenePageListsTenOtherUsesOfAClassAndTheClassIndexAllOfThem() throws {
        let directory = SiteFixtures.temporaryDirectory("class-uses")
        let input = directory.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let scenes = (0..<13).map { number in
            """
            <scene sceneID="scene-\(number)"><objects>
            <viewController id="vc-\(number)" customClass="SharedScreen" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="view-\(number)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/></view>
            </viewController>
            <placeholder placeholderIdentifier="IBFirstResponder" id="responder-\(number)" sceneMemberID="firstResponder"/>
            </objects></scene>
            """
        }
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc-0">
            <scenes>\(scenes.joined(separator: "\n"))</scenes>
            </document>
            """
        try storyboard.write(to: input.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil, inputs: [input])
        let page = try String(contentsOf: output.appendingPathComponent("documents/project/Main.storyboard/scene-0.html"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "<dl class=\"classes\">").last?.components(separatedBy: "</dl>").first)
        #expect(section.components(separatedBy: "<li>").count - 1 == 11, "ten other scenes and the link to the rest")
        #expect(section.contains(">More in the class index</a>") && section.contains("classes/index.html#class-SharedScreen"))
        #expect(!section.contains("scene-0.html#"), "not its own use")
        let classes = try String(contentsOf: output.appendingPathComponent("classes/index.html"), encoding: .utf8)
        #expect((0..<13).allSatisfy { classes.contains("Main.storyboard/scene-\($0).html#obj-vc-\($0)") })
    }

    @Test func documentPagesEscapeHostileNamesAndCrossLinkCustomClasses() throws {
        let directory = SiteFixtures.temporaryDirectory("escape")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil, inputs: [SiteFixtures.inputs(in: directory, includeBad: false)])
        let page = try String(contentsOf: output.appendingPathComponent("documents/project/Card.xib.html"), encoding: .utf8)
        #expect(page.contains("btn&lt;&amp;&gt;&quot;&#39;"))
        #expect(!page.contains("btn<&>"))
        // A name holding the site's old placeholder text stays text: figures are structural.
        #expect(page.contains("NIBVIZFIG0X label") && page.contains("NIBVIZFIG1X"))
        #expect(
            page.components(separatedBy: "<figure").count - 1 == 5,
            "graph, instantiation and timeline figures, and one legend each for graph and instantiation")
        #expect(page.components(separatedBy: "<details class=\"legend\">").count - 1 == 1)
        #expect(page.contains("id=\"obj-lbl_with_space\"") && page.contains("href=\"#obj-lbl_with_space\""))
        #expect(page.contains("id=\"obj-btn&lt;&amp;&gt;&quot;&#39;\"") && page.contains("href=\"#obj-btn%3C%26%3E%22%27\""))
        #expect(page.contains("classes/index.html#class-Card_Button_"))
        let classes = try String(contentsOf: output.appendingPathComponent("classes/index.html"), encoding: .utf8)
        #expect(classes.contains("documents/project/Card.xib.html#obj-btn%3C%26%3E%22%27") && classes.contains("Other_View.xib.html"))
        let search = try String(contentsOf: output.appendingPathComponent("search.json"), encoding: .utf8)
        #expect(search.contains("\"tap:\"") && search.contains("\"CardOwner\"") && search.contains("R-NIB-1"))
    }
}
