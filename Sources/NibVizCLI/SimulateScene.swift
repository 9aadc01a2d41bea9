import Foundation
import NibAppArchive
import NibModel
import NibParsing
import NibScenario
import NibSimulation
import NibSources

extension SimulationInput {
    /// `simulate Main.storyboard --scene ID`: the run that shows one scene of a storyboard
    /// launched as the main storyboard (`Simulator.launch`): the launch itself, or the segues
    /// that reach the scene, traced from the first of them (R-SB-1). `ID` is a scene id, a
    /// controller's XML id or its storyboard identifier.
    static func sceneTimeline(for file: String, scene: String, options: SimulationOptions, sources: SourceIndex? = nil) throws -> Timeline {
        guard let graph = try NibInput.read(try AppArchivePath.url(for: file), displayName: file).graph, graph.isStoryboard else {
            throw CommandFailure("\(file): --scene needs a .storyboard")
        }
        var options = options
        if let sources { options.classesNotFound = sources.classesNotFound(in: [graph]) }
        let launch = Simulator.launch(storyboard: graph, options: options)
        let objects = graph.objectsByID
        guard
            let part = launch.scenes.first(where: { part in
                part.sceneID == scene || part.controllerID.rawValue == scene || objects[part.controllerID]?.storyboardIdentifier == scene
            })
        else {
            let known = launch.scenes.map { "\($0.sceneID) (\($0.controllerID.rawValue))" }.joined(separator: ", ")
            throw CommandFailure("\(file): no scene '\(scene)'; scenes with a controller: \(known.isEmpty ? "none" : known)")
        }
        var timeline = part.timeline
        timeline.notes.insert("scene \(part.sceneID) (\(part.controllerID.rawValue)): reached \(part.reach.summary)", at: 0)
        if options.classTable == nil {
            timeline.notes.insert("\(file) has no class table: every outlet key is assumed to exist", at: 0)
        }
        return timeline
    }
}
