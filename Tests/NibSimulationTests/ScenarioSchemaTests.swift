import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibParsing
@testable import NibScenario

/// `site/scenarios/scenario.schema.json` says what the parser accepts.
@Suite("Scenario JSON Schema")
struct ScenarioSchemaTests {
    static func schema() throws -> [String: Any] {
        let url = TestPaths.packageRoot.appendingPathComponent("site/scenarios/scenario.schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func keys(_ object: Any?, _ path: [String]) -> Set<String> {
        var current = object
        for key in path { current = (current as? [String: Any])?[key] }
        return Set(((current as? [String: Any]) ?? [:]).keys)
    }

    @Test("the schema lists exactly the keys the parser accepts")
    func keysMatchTheParser() throws {
        let schema = try Self.schema()
        #expect(Self.keys(schema, ["properties"]) == Set(ScenarioParser.topKeys))
        #expect(Self.keys(schema, ["$defs", "class", "properties"]) == Set(ScenarioParser.classKeys))
        #expect(Self.keys(schema, ["$defs", "class", "properties", "behaviour", "properties"]) == Set(ClassBehaviour.names))
        #expect(Self.keys(schema, ["properties", "flags", "properties"]) == Set(SimulationFlags.names))
        #expect(Self.keys(schema, ["$defs", "nib", "properties"]) == Set(InlineNibParser.nibKeys))
        #expect(Self.keys(schema, ["$defs", "object", "properties"]) == Set(InlineNibParser.objectKeys))
        let steps = try #require((schema["$defs"] as? [String: Any])?["step"] as? [String: Any])
        let mapping = try #require((steps["oneOf"] as? [[String: Any]])?.last)
        #expect(Self.keys(mapping, ["properties"]) == Set(StepParser.names))
    }

    @Test("the reference page documents every step")
    func pageDocumentsEverySteps() throws {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("site/pages/reference/scenario-format.md"), encoding: .utf8)
        for name in StepParser.names { #expect(page.contains("`\(name)`"), "\(name)") }
    }
}
