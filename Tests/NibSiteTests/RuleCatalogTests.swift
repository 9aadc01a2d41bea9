import Foundation
import NibRules
import NibSimulation
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// The rule catalog has one source of truth: SPEC.md. `site/data/rules.md` is its rule bullets
/// verbatim; these tests fail when the two, or the simulator's `Rule.all`, disagree.
@Suite("RuleCatalog")
struct RuleCatalogTests {
    /// Letters and digits only, so Markdown and HTML punctuation do not matter.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    static var catalogURL: URL { SiteFixtures.siteRoot.appendingPathComponent("data/rules.md") }

    @Test(.enabled(if: TestPaths.spec != nil, "SPEC.md not found beside the checkout (../shared/SPEC.md): skipped"))
    func theSiteCatalogIsSpecsRulesVerbatim() throws {
        guard let spec = TestPaths.spec else { return }
        let fromSpec = RuleCatalog.parse(try String(contentsOf: spec, encoding: .utf8))
        if ProcessInfo.processInfo.environment["NIBVIZ_UPDATE_GOLDEN"] == "1" {
            try RuleCatalog.markdown(fromSpec).write(to: Self.catalogURL, atomically: true, encoding: .utf8)
        }
        let catalog = RuleCatalog.parse(try String(contentsOf: Self.catalogURL, encoding: .utf8))
        #expect(fromSpec.count >= 130)
        #expect(catalog.map(\.id) == fromSpec.map(\.id))
        for (mine, theirs) in zip(catalog, fromSpec) where mine != theirs {
            Issue.record("\(mine.id) differs from SPEC.md: regenerate with NIBVIZ_UPDATE_GOLDEN=1")
        }
        #expect(RuleCatalog.markdown(fromSpec) == (try String(contentsOf: Self.catalogURL, encoding: .utf8)))
    }

    static var ownCatalogURL: URL { SiteFixtures.siteRoot.appendingPathComponent("data/rules-nibviz.md") }

    @Test func everyRuleTheSimulatorImplementsIsInTheCatalog() throws {
        let spec = RuleCatalog.parse(try String(contentsOf: Self.catalogURL, encoding: .utf8))
        let own = RuleCatalog.parse(try String(contentsOf: Self.ownCatalogURL, encoding: .utf8))
        let ids = Set(spec.map(\.id) + own.map(\.id))
        let missing = Rule.all.map(\.id).filter { !ids.contains($0) }
        #expect(missing == [], "Rule.all names rules neither SPEC nor rules-nibviz.md has")
        // nibviz's own rules exist because the simulator implements them, and never shadow SPEC's.
        let implemented = Set(Rule.all.map(\.id))
        #expect(own.map(\.id).filter { !implemented.contains($0) } == [])
        #expect(Set(own.map(\.id)).isDisjoint(with: spec.map(\.id)))
    }

    @Test func nibvizsOwnRulesUseTheirOwnPrefixesAndCiteApple() throws {
        let spec = RuleCatalog.parse(try String(contentsOf: Self.catalogURL, encoding: .utf8))
        let specPrefixes = Set(spec.map { String($0.id.prefix(upTo: $0.id.lastIndex(of: "-") ?? $0.id.endIndex)) })
        let own = RuleCatalog.parse(try String(contentsOf: Self.ownCatalogURL, encoding: .utf8))
        #expect(!own.isEmpty)
        for rule in own {
            let prefix = String(rule.id.prefix(upTo: rule.id.lastIndex(of: "-") ?? rule.id.endIndex))
            #expect(!specPrefixes.contains(prefix), "\(rule.id) uses a SPEC prefix")
            #expect(rule.markdown.contains("Apple"), "\(rule.id) cites Apple's documentation")
        }
    }

    @Test func theRuleIndexShowsEveryRuleInFullWithoutRawMarkdown() throws {
        let directory = SiteFixtures.temporaryDirectory("rule-index")
        let output = directory.appendingPathComponent("public")
        _ = try SiteFixtures.build(output: output, cache: nil)
        let page = try String(contentsOf: output.appendingPathComponent("rules.html"), encoding: .utf8)
        let rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot)
        let text = Self.words(HTMLText.strippingTags(page)).joined(separator: " ")
        for rule in rules {
            #expect(page.contains("<dt id=\"\(rule.id)\">"), "\(rule.id) has an entry")
            // The last words of the rule's text are on the page: nothing is cut.
            let plain = Self.words(rule.markdown).suffix(6).joined(separator: " ")
            #expect(text.contains(plain), "\(rule.id) is shown in full (missing '\(plain)')")
        }
        #expect(!HTMLText.strippingTags(page).contains("**"), "no raw Markdown emphasis leaks")
        #expect(!HTMLText.strippingTags(page).contains("`"), "no raw Markdown code leaks")
        #expect(!page.contains("…</dd>"))
    }
}
