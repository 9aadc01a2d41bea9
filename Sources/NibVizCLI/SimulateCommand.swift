import ArgumentParser
import Foundation
import NibModel
import NibParsing
import NibSimulation

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

    func run() throws {
        let options = try simulationOptions()
        let timeline = try SimulationInput.timeline(for: file, options: options)
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
    static func timeline(for file: String, options: SimulationOptions) throws -> Timeline {
        switch try NibInput.read(URL(fileURLWithPath: file), displayName: file) {
        case .scenario(let scenario): return Simulator.run(scenario, options: options)
        case .document(let graph):
            var timeline = Simulator.run(document: graph, options: options)
            timeline.notes.insert("\(file) has no class table: every outlet key is assumed to exist", at: 0)
            return timeline
        }
    }
}
