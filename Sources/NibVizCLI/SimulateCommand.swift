import ArgumentParser
import Foundation
import NibModel
import NibParsing
import NibSimulation
import NibSources

extension TimelineFormatter.Format: ExpressibleByArgument {}

/// `nibviz simulate FILE [--platform] [--os] [--idiom] [--trace L1|L2|L3] [--format text|json|seed]`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay a nib load or view-controller lifecycle as an event timeline."
    )

    @Argument(help: "A scenario .yaml, or a .xib/.storyboard (loaded the way an app meets it).")
    var file: String

    @Option(help: "Override the platform: ios, macos.")
    var platform: String?

    @Option(name: .customLong("os"), help: "Override the OS version (e.g. 5.1, 10.15, 17.0).")
    var osVersion: String?

    @Option(help: "Override the iOS idiom: phone, pad.")
    var idiom: String?

    @Option(help: "Trace level: L1, L2, L3 (default: the scenario's, L2 for documents).")
    var trace: String?

    @Option(help: "Output: text, json, seed.")
    var format: TimelineFormatter.Format = .text

    @OptionGroup var sources: SourcesOption

    func run() throws {
        let options = try simulationOptions()
        let index = try sources.index()
        let timeline = try SimulationInput.timeline(for: file, options: options, classes: index)
        for note in timeline.notes { printError("note: \(note)") }
        try writeOutput(Array(TimelineFormatter.format(timeline, as: format).utf8), to: nil)
    }

    private func simulationOptions() throws -> SimulationOptions {
        var options = SimulationOptions()
        if let platform {
            guard let value = Platform(rawValue: platform), value == .ios || value == .macos else {
                throw ValidationError("bad --platform '\(platform)'; allowed: ios, macos")
            }
            options.platform = value
        }
        if let osVersion {
            guard let value = OSVersion(osVersion) else {
                throw ValidationError("bad --os '\(osVersion)'; allowed: a version such as 5.1 or 10.15")
            }
            options.osVersion = value
        }
        if let idiom {
            guard let value = Idiom(rawValue: idiom) else { throw ValidationError("bad --idiom '\(idiom)'; allowed: phone, pad") }
            options.idiom = value
        }
        if let trace {
            guard let value = TraceLevel(name: trace) else { throw ValidationError("bad --trace '\(trace)'; allowed: L1, L2, L3") }
            options.traceLevel = value
        }
        return options
    }
}

/// Reads a scenario or a document and runs it.
enum SimulationInput {
    /// The timeline of `file` (scenario or IB document); failures become `Error: file:line:col: …`.
    /// With `classes` (from `--sources`), the derived table is the scenario's class table; a
    /// scenario's own `classes:` entries win over derived ones of the same name.
    static func timeline(for file: String, options: SimulationOptions, classes: SourceIndex? = nil) throws -> Timeline {
        let url = URL(fileURLWithPath: file)
        do {
            if ["yaml", "yml"].contains(url.pathExtension.lowercased()) {
                var scenario = try ScenarioParser.parse(contentsOf: url, displayName: file, loadDocument: documentLoader)
                if let classes { scenario.classes = classes.table.merging(scenario.classes ?? [:]) { _, own in own } }
                var timeline = Simulator.run(scenario, options: options)
                if let classes { timeline.notes.insert(SourcesOption.note(classes), at: 0) }
                return timeline
            }
            let graph = try documentLoader(url, file)
            var scenario = Simulator.scenario(for: graph)
            scenario.classes = classes?.table
            var timeline = Simulator.run(scenario, options: options)
            timeline.notes.insert(
                classes.map(SourcesOption.note) ?? "\(file) has no class table: every outlet key is assumed to exist", at: 0)
            return timeline
        } catch let error as LocatedError {
            throw fail(error.description)
        }
    }

    /// Reads IB documents for scenarios and bare runs.
    static let documentLoader: ScenarioParser.DocumentLoader = ScenarioParser.documentParser
}
