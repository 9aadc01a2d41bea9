import Foundation
import NibModel
import NibParsing
import NibSources
import NibTestSupport
import Testing

/// `nibviz classes --sources DIR --format yaml` and `simulate --sources`: the derived table is
/// the value a scenario's `classes:` holds.
@Suite struct ClassesCommandTests {
    @Test func yamlRoundTripsThroughTheScenarioParser() throws {
        let result = try runNibviz(
            ["classes", "--sources", CheckCommandTests.sources, "--format", "yaml"], currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let scenario = try ScenarioParser.parse(yaml: "platform: ios\n" + result.output, file: "classes.yaml", loadDocument: nil)
        var expected = try SourceScanner.scan([TestPaths.packageRoot.appendingPathComponent(CheckCommandTests.sources).path]).table
        // Scenario entries carry their YAML line; sources carry their declaration; the rest is equal.
        for (name, parsed) in scenario.classes ?? [:] {
            expected[name]?.line = parsed.line
            expected[name]?.source = nil
            expected[name]?.hiddenKeys = []
        }
        #expect(scenario.classes == expected)
        #expect(result.output.contains("  ShopViewController:  # \(CheckCommandTests.sources)/Shop/ShopViewController.swift:4:7\n"))
        #expect(result.output.contains("behaviour: { withoutSuper: [\"viewWillAppear:\"] }"))
    }

    @Test func classesNeedsSources() throws {
        let result = try runNibviz(["classes"])
        #expect(result.status != 0 && result.stderr.contains("--sources"))
    }

    @Test func simulateWithSourcesPredictsTheException() throws {
        let result = try runNibviz(
            ["simulate", "\(CheckCommandTests.documents)/Prefs.xib", "--sources", CheckCommandTests.sources],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("class table from --sources:"))
        #expect(
            result.output.contains("Failed to connect (secret) outlet from (AppKit.PrefsWindowController)"), "R-OUT-2 via the derived table"
        )
        #expect(
            result.output.contains("Could not connect action, target class AppKit.PrefsWindowController does not respond to -revertAll:"))
        let without = try runNibviz(["simulate", "\(CheckCommandTests.documents)/Prefs.xib"], currentDirectory: TestPaths.packageRoot)
        #expect(!without.output.contains("Failed to connect (secret)"), "no table: every key assumed")
    }
}
