import Foundation
import NibParsing
import NibScenario
import NibSimulation
import NibTestSupport

/// Loads and runs the scenarios under `site/scenarios/spec/`.
enum SpecScenario {
    /// `site/scenarios/spec/<name>.yaml`.
    static func url(_ name: String) -> URL {
        TestPaths.packageRoot.appendingPathComponent("site/scenarios/spec/\(name).yaml")
    }

    /// The parsed scenario.
    static func load(_ name: String) throws -> Scenario {
        try ScenarioParser.parse(contentsOf: url(name), displayName: "site/scenarios/spec/\(name).yaml", loadDocument: TestDocuments.loader)
    }

    /// The text timeline of a spec scenario at `level`.
    static func text(_ name: String, level: TraceLevel, options: SimulationOptions = SimulationOptions()) throws -> String {
        var options = options
        options.traceLevel = level
        return TimelineFormatter.format(Simulator.run(try load(name), options: options), as: .text)
    }

    /// The timeline of inline scenario YAML.
    static func run(_ yaml: String, options: SimulationOptions = SimulationOptions()) throws -> Timeline {
        Simulator.run(try ScenarioParser.parse(yaml: yaml, file: "inline.yaml", loadDocument: TestDocuments.loader), options: options)
    }

    /// The text of inline scenario YAML at its own trace level (or `level`).
    static func text(yaml: String, level: TraceLevel? = nil, options: SimulationOptions = SimulationOptions()) throws -> String {
        let timeline = try run(yaml, options: options)
        return TimelineFormatter.format(timeline, as: .text, level: level)
    }
}

/// How tests read IB documents referenced by scenarios.
enum TestDocuments {
    static let loader: ScenarioParser.DocumentLoader? = ScenarioParser.documentParser
}
