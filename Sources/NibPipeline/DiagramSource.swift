import Foundation
import NibAppArchive
import NibDOT
import NibDiagrams
import NibModel
import NibParsing
import NibScenario
import NibSimulation

/// An input the diagrams are drawn from: an IB document, or a scenario and its run.
public struct DiagramSource {
    /// The document (a scenario's first nib), when there is one.
    public var graph: NibGraph?
    /// The scenario, when the input was one.
    public var scenario: Scenario?
    /// The file as the user named it.
    public var file: String

    /// Reads a `.xib`, `.storyboard`, `designable.nib` or scenario `.yaml`.
    public static func load(_ path: String) throws -> DiagramSource {
        let input = try NibInput.read(try AppArchivePath.url(for: path), displayName: path)
        return DiagramSource(graph: input.graph, scenario: input.scenario, file: path)
    }

    /// The diagrams of `kind` (`DiagramSet`): several for split storyboards (overview first), else one.
    public func diagrams(_ kind: DiagramKind, options: DiagramOptions) throws -> [NamedDiagram] {
        if kind == .graph || kind == .flow { _ = try requireGraph(kind) }
        let (timeline, platform) = kind == .graph || kind == .flow ? (Timeline(), graph?.platform ?? .ios) : run()
        let title = (file as NSString).lastPathComponent
        // A bare storyboard: each scene's timeline parts show the run that reaches it (R-SB-1).
        let launch =
            kind == .graph || kind == .flow || scenario != nil
            ? nil : graph.flatMap { $0.isStoryboard ? Simulator.launch(storyboard: $0) : nil }
        return DiagramSet.diagrams(
            kind, graph: graph, timeline: timeline, platform: platform, title: title, launch: launch, options: options)
    }

    private func requireGraph(_ kind: DiagramKind) throws -> NibGraph {
        guard let graph else {
            throw LocatedError(at: FileLocation(file: file), "the \(kind.rawValue) diagram needs a document; this scenario has no nib")
        }
        return graph
    }

    /// The simulation of the scenario, or of the bare document.
    private func run() -> (Timeline, Platform) {
        if let scenario { return (Simulator.run(scenario), scenario.platform) }
        let graph = graph ?? NibGraph(file: file, format: .scenario, documentType: "", platform: .ios)
        return (Simulator.run(document: graph), graph.platform)
    }
}
