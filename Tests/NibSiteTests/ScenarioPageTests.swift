import Foundation
import NibTestSupport
import Testing

@testable import NibSite

@Suite("Scenario pages")
struct ScenarioPageTests {
    @Test func aScenarioGetsAPageAndTheConceptTimelineOfTheSameNameLinksToIt() throws {
        let directory = SiteFixtures.temporaryDirectory("scenarios")
        let root = directory.appendingPathComponent("site")
        try FileManager.default.copyItem(
            at: SiteFixtures.siteRoot.appendingPathComponent("pages"), to: root.appendingPathComponent("pages"))
        try FileManager.default.copyItem(
            at: SiteFixtures.siteRoot.appendingPathComponent("assets"), to: root.appendingPathComponent("assets"))
        try FileManager.default.copyItem(at: SiteFixtures.siteRoot.appendingPathComponent("data"), to: root.appendingPathComponent("data"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenarios/spec"), withIntermediateDirectories: true)
        let schema = SiteFixtures.siteRoot.appendingPathComponent("scenarios/scenario.schema.json")
        if FileManager.default.fileExists(atPath: schema.path) {
            try FileManager.default.copyItem(at: schema, to: root.appendingPathComponent("scenarios/scenario.schema.json"))
        }
        try "title: storyboard VC\nplatform: ios\n".write(
            to: root.appendingPathComponent("scenarios/spec/G-VCI-1.yaml"), atomically: true, encoding: .utf8)
        var services = SiteFixtures.services()
        services.runScenario = { _, _ in
            ScenarioRun(
                title: "storyboard VC <b>", platform: "ios",
                timeline: SiteTimeline(
                    canonicalLines:
                        "-[ViewController initWithCoder:]\n-[ViewController awakeFromNib]\n-[ViewController loadView]\n-[ViewController viewDidLoad]"
                ))
        }
        let output = directory.appendingPathComponent("public")
        let options = SiteOptions(siteRoot: root, output: output, useCache: false, version: "test", showProgress: false, logSteps: false)
        let report = try SiteBuilder(options: options, services: services, backend: InProcessBackend()).build()
        #expect(report.brokenLinks.isEmpty, "\(report.brokenLinks)")
        let page = try String(contentsOf: output.appendingPathComponent("scenarios/spec/G-VCI-1.html"), encoding: .utf8)
        #expect(page.contains("storyboard VC &lt;b&gt;") && page.contains("title: storyboard VC"))
        #expect(page.contains("class=\"diagram diagram-timeline\"") && page.contains("class=\"diagram diagram-lifecycle\""))
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("simulated from <a href=\"scenarios/spec/G-VCI-1.html\">"))
        #expect(!index.contains("The simulated run differs"))
    }
}
