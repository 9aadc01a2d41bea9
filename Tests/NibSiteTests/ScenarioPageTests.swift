import Foundation
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

@Suite("Scenario pages")
struct ScenarioPageTests {
    @Test func aScenarioGetsAPageAndTheConceptTimelineOfTheSameNameLinksToIt() throws {
        let directory = SiteFixtures.temporaryDirectory("scenarios")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil)
        let page = try String(contentsOf: output.appendingPathComponent("scenarios/spec/G-VCI-1.html"), encoding: .utf8)
        #expect(page.contains("<h2 id=\"source\">") && page.contains("-[ViewController initWithCoder:]") == false)
        #expect(page.contains("<code>initWithCoder:</code>"))
        #expect(page.contains("class=\"diagram diagram-timeline\"") && page.contains("class=\"diagram diagram-lifecycle\""))
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("simulated from <a href=\"scenarios/spec/G-VCI-1.html\">"))
        #expect(!index.contains("The simulated run differs"))
    }
}

@Suite("Concept page timelines")
struct ConceptTimelineTests {
    /// A timeline written in a concept page is the expected output of a scenario: every one has
    /// a scenario of its name, and the simulator's run prints exactly the written lines.
    @Test func everyWrittenTimelineIsAScenarioWhoseRunMatchesTheText() throws {
        let options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, output: SiteFixtures.temporaryDirectory("concept-timelines"), useCache: false,
            version: "test", showProgress: false, logSteps: false)
        let builder = SitePlanner(settings: SitePlanner.Settings(version: "test", inputs: options.inputs))
        builder.content = try SiteContent.read(options)
        var checked = 0
        for (source, page) in builder.markdownPages {
            for case .timeline(let name, _, let lines) in page.directives {
                let scenario = try #require(builder.scenario(named: name), "\(source): no scenario named \(name)")
                let timeline = try #require(scenario.timeline, "\(source): scenario \(name) did not run: \(scenario.notes)")
                let written = lines.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let simulated = timeline.visibleEvents(at: timeline.traceLevel).map { $0.line(at: timeline.traceLevel) }
                #expect(simulated == written, "\(source): timeline \(name)")
                checked += 1
            }
        }
        #expect(checked >= 30)
    }
}
