import ArgumentParser
import Foundation
import NibModel
import NibPipeline
import NibSimulation
import NibSources

extension TimelineFormatter.Format: ExpressibleByArgument {}

/// `nibviz simulate FILE [--scene ID] [--class-table FILE] [--sources DIR…] [--platform] [--os] [--idiom] [--trace L1|L2|L3] [--format text|json|seed]`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay a nib load or view-controller lifecycle as an event timeline.",
        discussion: """
            A .xib is met as its File's Owner loads it (R-XIB-1): a view controller is made with \
            initWithNibName:bundle: naming the xib and its view accessed, loading it in loadView; a window \
            controller is made with initWithWindowNibName: and sent showWindow:; any other owner \
            loads it once. The class table decides what the owner is; without one, a class named \
            …ViewController (iOS: …Controller) with a view outlet, or …WindowController with a window \
            outlet, is taken for one. A .storyboard is \
            launched as the app's main storyboard: its initial controller and the children its \
            relationship segues make are instantiated, only the visible chain (navigation root, first \
            tab, split children, window content) loads its view and appears; other scenes wait for a \
            segue and prototype cells for a dequeue, which a scenario's steps can drive. Without a \
            class table every outlet key is assumed to exist and every user class overrides every \
            lifecycle selector.
            """
    )

    @Argument(
        help:
            "A scenario .yaml; a .xib (loaded as its File's Owner loads it); or a .storyboard (launched as the main storyboard)."
    )
    var file: String

    @Option(
        name: .customLong("class-table"),
        help: "A class table file (the scenario classes: format); L1 then shows only the selectors it says a class overrides.")
    var classTable: String?

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

    @Option(
        help:
            "With a .storyboard: the run that shows this scene (scene id, controller id or storyboard identifier): the launch, or the segues that reach it."
    )
    var scene: String?

    @OptionGroup var sources: SourcesOption

    func run() throws {
        let index = try sources.index()
        let options = try simulationOptions(index: index)
        // A `--class-table` file's entries win over the table `--sources` derives (R-SRC-1…5).
        let table = try classTable.map(SimulationInput.classTable(at:))
        var timeline =
            try scene.map { try SimulationInput.sceneTimeline(for: file, scene: $0, options: options, sources: index, classTable: table) }
            ?? SimulationInput.timeline(for: file, options: options, sources: index, classTable: table)
        if let index { timeline.notes.insert(SourcesOption.note(index), at: 0) }
        for note in timeline.notes { printError("note: \(note)") }
        try writeOutput(Array(TimelineFormatter.format(timeline, as: format).utf8), to: nil)
    }

    private func simulationOptions(index: SourceIndex?) throws -> SimulationOptions {
        var options = SimulationOptions()
        if let index { options.classTable = index.table }
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
