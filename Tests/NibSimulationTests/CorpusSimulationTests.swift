import Foundation
import NibModel
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

/// Every real document of the corpus simulates on its own platform, and the timeline keeps the
/// invariants of issue 4.
@Suite("Corpus simulation invariants")
struct CorpusSimulationTests {
    /// One document's outcome.
    struct Outcome {
        var file: String
        var problems: [String] = []
        var ending: Event.Kind?
        /// Storyboard scenes by how the app reaches them (R-SB-1), and prototype cells dequeued.
        var reaches: [String: Int] = [:]
        var cellLoads = 0
    }

    /// A xib runs once (its File's Owner load); a storyboard is launched (R-LAUNCH-1/2) and every
    /// scene's part is checked too, so scenes reached by segues, by identifier or never, and
    /// their prototype cells (R-SB-7), keep the same invariants.
    static func check(_ graph: NibGraph, file: String) -> Outcome {
        guard graph.isStoryboard else { return check(Simulator.run(document: graph), graph: graph, file: file) }
        let launch = Simulator.launch(storyboard: graph)
        var outcome = check(launch.timeline, graph: graph, file: file)
        var checked: Set<Timeline> = [launch.timeline]
        for part in launch.scenes {
            outcome.reaches[Self.kind(part.reach), default: 0] += 1
            if part.controller == nil && !part.timeline.endedAbnormally && part.timeline.notes.allSatisfy({ !$0.contains("does nothing") })
            {
                outcome.problems.append("scene \(part.sceneID) (\(part.reach.summary(on: .ios))): its controller is never instantiated")
            }
            guard checked.insert(part.timeline).inserted else { continue }
            outcome.cellLoads += part.timeline.loads.filter { $0.nib.contains("-cell-") }.count
            let sceneOutcome = check(part.timeline, graph: graph, file: file)
            outcome.problems += sceneOutcome.problems.map { "scene \(part.sceneID): \($0)" }
        }
        let controllers = graph.scenes.compactMap(\.controller).filter { id in
            graph.objectsByID[id].map { $0.element.lowercased().hasSuffix("controller") && $0.element != "application" } == true
        }
        if launch.scenes.count < controllers.count {
            outcome.problems.append("\(controllers.count - launch.scenes.count) scenes without a part")
        }
        return outcome
    }

    static func kind(_ reach: SceneReach) -> String {
        switch reach {
        case .launch(let visible): visible ? "launch-visible" : "launch-hidden"
        case .initialController(let visible): visible ? "initial-visible" : "initial-hidden"
        case .segues: "segue"
        case .identifier: "identifier"
        case .cellEmbed: "cell-embed"
        case .unreachable: "unreachable"
        }
    }

    static func check(_ timeline: Timeline, graph: NibGraph, file: String) -> Outcome {
        var outcome = Outcome(file: file)
        outcome.ending = timeline.endedAbnormally ? timeline.events.last?.kind : nil
        let byID = graph.objectsByID
        let isPlaceholder: (String?) -> Bool = { id in
            guard let id, let object = byID[ObjectID(id)] else { return false }
            return object.isPlaceholder || object.sceneMemberID == "firstResponder" || object.element == "exit"
        }
        // R-NIB-1: phases never go backwards within one load.
        var lastPhase: [Int: LoadPhase] = [:]
        for event in timeline.events {
            guard let load = event.load, let phase = event.phase else { continue }
            if let previous = lastPhase[load], phase < previous { outcome.problems.append("load \(load): \(phase) after \(previous)") }
            lastPhase[load] = phase
        }
        // R-NIB-3: no placeholder instantiated.
        for event in timeline.events where event.phase == .p2 && isPlaceholder(event.receiver?.id) {
            outcome.problems.append("placeholder \(event.receiver?.id ?? "?") instantiated")
        }
        // R-AWAKE-2: no iOS placeholder awakened (owners and externals are code objects without an element id).
        if !graph.platform.usesAppKit {
            for event in timeline.events where event.selector == "awakeFromNib" {
                if event.receiver?.id == nil || isPlaceholder(event.receiver?.id) {
                    outcome.problems.append("iOS placeholder \(event.receiver?.label ?? "?") awakened")
                }
            }
        }
        // Each connection of a loaded nib → exactly one connection event (unless the run ended early).
        guard outcome.ending == nil else { return outcome }
        var seen: [String: Int] = [:]
        for event in timeline.events { for id in event.connectionIDs { seen[id, default: 0] += 1 } }
        // Each load realises the connections of its nib (R-NIB-2): expected counts come from the loads.
        let connectionsByID = Dictionary(
            graph.connections.compactMap { c in c.id.map { ($0.rawValue, c) } }, uniquingKeysWith: { a, _ in a })
        var expected: [String: Int] = [:]
        for load in timeline.loads {
            for id in load.connectionIDs {
                guard let connection = connectionsByID[id], expectsEvent(connection, in: graph) else { continue }
                expected[id, default: 0] += 1
            }
        }
        for (id, count) in expected.sorted(by: { $0.key < $1.key }) where seen[id, default: 0] != count {
            outcome.problems.append("connection \(id): \(seen[id, default: 0]) events for \(count) connections")
        }
        return outcome
    }

    /// Segues other than control/bar-item/gesture triggers are stored as templates, not connected
    /// (documented in scenario-format.md); storyboard objects outside any controller's scene are never loaded.
    static func expectsEvent(_ connection: Connection, in graph: NibGraph) -> Bool {
        let source = graph.objectsByID[connection.source]
        if graph.isStoryboard {
            guard let scene = source?.scene, graph.scenes.contains(where: { $0.id == scene && $0.controller != nil }) else { return false }
        }
        guard case .segue(_, let segue) = connection.kind else { return true }
        guard segue.relationship == nil, !["relationship", "embed", "unwind"].contains(segue.kind), let element = source?.element else {
            return false
        }
        if graph.platform.usesAppKit { return ["button", "menuItem", "toolbarItem"].contains(element) }
        return [
            "button", "segmentedControl", "switch", "slider", "stepper", "textField", "control", "datePicker", "pageControl",
            "searchTextField", "colorWell", "barButtonItem",
        ].contains(element)
            || element.hasSuffix("GestureRecognizer")
    }

    @Test("every corpus document simulates with phase order, placeholder and connection invariants")
    func corpusInvariants() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipping: ../shared/corpus not found")
            return
        }
        let documents = NibDocumentFinder.documents(in: corpus.appendingPathComponent("files"))
        #expect(documents.count > 400)
        var simulated = 0
        var unreadable = 0
        var endings: [Event.Kind: Int] = [:]
        var reaches: [String: Int] = [:]
        var cellLoads = 0
        for url in documents {
            guard let graph = try? NibDocumentParser.parse(contentsOf: url) else {
                unreadable += 1
                continue
            }
            let outcome = Self.check(graph, file: url.lastPathComponent)
            simulated += 1
            if let ending = outcome.ending { endings[ending, default: 0] += 1 }
            reaches.merge(outcome.reaches, uniquingKeysWith: +)
            cellLoads += outcome.cellLoads
            #expect(outcome.problems.isEmpty, "\(url.path): \(outcome.problems.prefix(5).joined(separator: "; "))")
        }
        print(
            "corpus: \(simulated) simulated, \(unreadable) unreadable by the parser, endings \(endings.sorted { $0.key.rawValue < $1.key.rawValue })"
        )
        print("corpus storyboard scenes by reach: \(reaches.sorted { $0.key < $1.key }); prototype cell loads: \(cellLoads)")
        #expect(simulated > 400)
    }
}
