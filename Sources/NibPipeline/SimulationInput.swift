import Foundation
import NibAppArchive
import NibModel
import NibParsing
import NibScenario
import NibSimulation
import NibSources

/// Reads a scenario or a document and runs it.
public enum SimulationInput {
    /// The timeline of `file` (scenario or IB document); failures become `Error: file:line:col: …`.
    /// `classTable` holds the entries of a `--class-table` file: they win over `options.classTable`
    /// and over what `sources` infer.
    public static func timeline(
        for file: String, options: SimulationOptions, sources: SourceIndex? = nil, classTable: [String: ClassInfo]? = nil
    ) throws -> Timeline {
        var options = options
        switch try NibInput.read(try AppArchivePath.url(for: file), displayName: file) {
        case .scenario(let scenario):
            // R-CHK-9: classes the runtime will not find fall back to their element's class.
            if let sources { options.classesNotFound = sources.classesNotFound(in: scenario.nibs.map(\.graph)) }
            applyClasses(to: &options, loading: nil, sources: nil, explicit: classTable)
            return Simulator.run(scenario, options: options)
        case .document(let graph):
            applyClasses(to: &options, loading: graph, sources: sources, explicit: classTable)
            var timeline = Simulator.run(document: graph, options: options)
            if options.classTable == nil {
                timeline.notes.insert("\(file) has no class table: every outlet key is assumed to exist", at: 0)
            }
            return timeline
        }
    }

    /// The class table a run uses: the classes the runtime loads for `graph` from `sources` over
    /// `options.classTable` (R-SRC-3) and those it will not find (R-CHK-9), then the explicit
    /// `--class-table` entries, which win over whatever the sources infer — even for a class
    /// whose lookup the sources cannot decide (same-named classes, no module).
    static func applyClasses(
        to options: inout SimulationOptions, loading graph: NibGraph?, sources: SourceIndex?, explicit: [String: ClassInfo]?
    ) {
        if let sources, let graph {
            (options.classTable, options.classesNotFound) = sources.runtimeClasses(loading: graph, base: options.classTable)
        }
        if let explicit { options.classTable = (options.classTable ?? [:]).merging(explicit) { _, own in own } }
    }

    /// Reads a class table file (`--class-table`).
    public static func classTable(at path: String) throws -> [String: ClassInfo] {
        guard let text = try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) else {
            throw LocatedError(at: FileLocation(file: path), "cannot read the class table")
        }
        return try ScenarioParser.parseClassTable(yaml: text, file: path)
    }

    /// `simulate Main.storyboard --scene ID`: the run that shows one scene of a storyboard
    /// launched as the main storyboard (`Simulator.launch`): the launch itself, or the segues
    /// that reach the scene, traced from the first of them (R-SB-1). `ID` is a scene id, a
    /// controller's XML id or its storyboard identifier.
    public static func sceneTimeline(
        for file: String, scene: String, options: SimulationOptions, sources: SourceIndex? = nil, classTable: [String: ClassInfo]? = nil
    ) throws -> Timeline {
        guard let graph = try NibInput.read(try AppArchivePath.url(for: file), displayName: file).graph, graph.isStoryboard else {
            throw LocatedError(at: FileLocation(file: file), "--scene needs a .storyboard")
        }
        var options = options
        applyClasses(to: &options, loading: graph, sources: sources, explicit: classTable)
        let launch = Simulator.launch(storyboard: graph, options: options)
        let objects = graph.objectsByID
        guard
            let part = launch.scenes.first(where: { part in
                part.sceneID == scene || part.controllerID.rawValue == scene || objects[part.controllerID]?.storyboardIdentifier == scene
            })
        else {
            let known = launch.scenes.map { "\($0.sceneID) (\($0.controllerID.rawValue))" }.joined(separator: ", ")
            throw LocatedError(
                at: FileLocation(file: file), "no scene '\(scene)'; scenes with a controller: \(known.isEmpty ? "none" : known)")
        }
        var timeline = part.timeline
        timeline.notes.insert(
            "scene \(part.sceneID) (\(part.controllerID.rawValue)): reached \(part.reach.summary(on: graph.platform))", at: 0)
        if options.classTable == nil {
            timeline.notes.insert("\(file) has no class table: every outlet key is assumed to exist", at: 0)
        }
        return timeline
    }
}
