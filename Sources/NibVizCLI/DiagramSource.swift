import ArgumentParser
import Foundation
import NibDiagrams
import NibModel
import NibParsing
import NibSimulation

extension DiagramKind: ExpressibleByArgument {}
extension DiagramTheme: ExpressibleByArgument {}

/// An input the diagrams are drawn from: an IB document, or a scenario and its run.
struct DiagramSource {
    /// The document (a scenario's first nib), when there is one.
    var graph: NibGraph?
    /// The scenario, when the input was one.
    var scenario: Scenario?
    /// The file as the user named it.
    var file: String

    /// Reads a `.xib`, `.storyboard`, `designable.nib` or scenario `.yaml`.
    static func load(_ path: String) throws -> DiagramSource {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        if ext == "yaml" || ext == "yml" {
            let scenario = try ScenarioParser.parse(contentsOf: url, displayName: path) { url, name in
                try NibDocumentParser.parse(contentsOf: url, displayName: name)
            }
            return DiagramSource(graph: scenario.nibs.first?.graph, scenario: scenario, file: path)
        }
        return DiagramSource(graph: try NibDocumentParser.parse(contentsOf: url, displayName: path), scenario: nil, file: path)
    }

    /// The diagrams of `kind`: several for split storyboards (overview first), else one.
    func diagrams(_ kind: DiagramKind, options: DiagramOptions) throws -> [NamedDiagram] {
        let title = (file as NSString).lastPathComponent
        switch kind {
        case .graph:
            return ObjectGraphDiagram.parts(try requireGraph(kind), options: options)
        case .flow:
            return FlowDiagram.parts(try requireGraph(kind), options: options)
        case .instantiation:
            let (timeline, platform) = run()
            return InstantiationDiagram.parts(timeline, graph: graph, platform: platform, title: title, options: options)
        case .timeline:
            let (timeline, _) = run()
            return TimelineDiagram.parts(timeline, title: title, graph: graph, options: options)
        case .lifecycle:
            let (timeline, _) = run()
            return LifecycleDiagram.parts(timeline, title: title, graph: graph, options: options)
        }
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
