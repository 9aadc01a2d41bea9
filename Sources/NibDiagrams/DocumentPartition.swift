import NibModel

/// One part of a large document: a storyboard scene or a top-level object with its contents.
public struct DocumentPart: Hashable, Sendable {
    /// What the part is cut along.
    public enum Kind: Hashable, Sendable { case scene, object }

    /// Scene or top-level object.
    public var kind: Kind
    /// The scene id or the object id, as in the document.
    public var id: String
    /// File-safe name: `scene-<id>` or `object-<id>` (`DOTEscaping.token`).
    public var name: String
    /// The recognisable title (`ObjectNaming`): the scene's title or the object's name.
    public var title: String
    /// Every object of the part.
    public var members: Set<ObjectID>
}

/// The one place that decides how a large document is cut into parts, shared by every diagram
/// kind (graph, flow, instantiation, timeline, lifecycle), so `--scene` names the same parts for
/// each: a storyboard with more scenes than `sceneSplitThreshold`, or with several scenes and
/// more objects than `objectSplitThreshold`, per scene; any other document with more objects
/// than `objectSplitThreshold` per top-level object that contains others.
public enum DocumentPartition {
    /// The parts of `graph` in document order, or nil when it is drawn whole.
    public static func parts(_ graph: NibGraph, options: DiagramOptions) -> [DocumentPart]? {
        if graph.isStoryboard {
            guard
                graph.scenes.count > options.sceneSplitThreshold
                    || (graph.scenes.count > 1 && graph.objects.count > options.objectSplitThreshold)
            else { return nil }
            let objects = graph.objectsByID
            var members: [String: Set<ObjectID>] = [:]
            for object in graph.objects {
                if let scene = object.scene { members[scene, default: []].insert(object.id) }
            }
            var seen = Set<String>()
            return graph.scenes.filter { seen.insert($0.id).inserted }.map { scene in
                DocumentPart(
                    kind: .scene, id: scene.id, name: "scene-" + DOTEscaping.token(scene.id),
                    title: ObjectNaming.sceneTitle(scene, in: graph, objects: objects), members: members[scene.id] ?? [])
            }
        }
        guard graph.objects.count > options.objectSplitThreshold else { return nil }
        let children = graph.childrenByParent
        var seen = Set<ObjectID>()
        var parts: [DocumentPart] = []
        for root in graph.rootObjects where seen.insert(root.id).inserted && !(children[root.id] ?? []).isEmpty {
            parts.append(
                DocumentPart(
                    kind: .object, id: root.id.rawValue, name: "object-" + DOTEscaping.token(root.id.rawValue),
                    title: ObjectNaming.short(root), members: ObjectGraphDiagram.subtree(root.id, in: graph)))
        }
        return parts
    }
}
