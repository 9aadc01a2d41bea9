import Foundation
import NibTestSupport
import Testing

@testable import NibSite

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
