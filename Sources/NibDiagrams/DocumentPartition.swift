import NibDOT
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
/// more objects than `objectSplitThreshold`, per scene; any other document (a one-scene
/// storyboard too) with more objects than `objectSplitThreshold` per top-level object that
/// contains others, big containers inside cut out again.
public enum DocumentPartition {
    /// The parts of `graph` in document order, or nil when it is drawn whole.
    public static func parts(_ graph: NibGraph, options: DiagramOptions) -> [DocumentPart]? {
        if graph.isStoryboard, !graph.scenes.isEmpty,
            graph.scenes.count > options.sceneSplitThreshold
                || (graph.scenes.count > 1 && graph.objects.count > options.objectSplitThreshold)
        {
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
            parts += objectParts(root, in: graph, children: children, threshold: options.objectSplitThreshold)
        }
        return parts
    }

    /// Containers this big get their own part when their parent's part is cut up.
    static let containerPartMinimum = 12

    /// The part of `root` and its contents; when that holds more than `threshold` objects, each
    /// container inside holding at least `containerPartMinimum` becomes a part of its own (cut
    /// up the same way), and `root`'s part keeps the rest (connections into the cut-out
    /// containers end at stub nodes naming them).
    static func objectParts(_ root: NibObject, in graph: NibGraph, children: [ObjectID: [ObjectID]], threshold: Int) -> [DocumentPart] {
        var members = ObjectGraphDiagram.subtree(root.id, in: graph)
        var nested: [DocumentPart] = []
        if members.count > threshold {
            let objects = graph.objectsByID
            var seen = Set<ObjectID>()
            for kid in children[root.id] ?? [] where kid != root.id && seen.insert(kid).inserted {
                guard let object = objects[kid], object.parent == root.id else { continue }
                let size = ObjectGraphDiagram.subtree(kid, in: graph)
                guard size.count >= containerPartMinimum else { continue }
                let parts = objectParts(object, in: graph, children: children, threshold: threshold)
                for part in parts { members.subtract(part.members) }
                nested += parts
            }
        }
        let part = DocumentPart(
            kind: .object, id: root.id.rawValue, name: "object-" + DOTEscaping.token(root.id.rawValue), title: ObjectNaming.short(root),
            members: members)
        return [part] + nested
    }
}
