import NibModel

/// Which object of the old document each object of the new document is.
public struct ObjectMatching: Hashable, Sendable {
    /// New id → old id.
    public var newToOld: [ObjectID: ObjectID]
    /// Old id → new id.
    public var oldToNew: [ObjectID: ObjectID]

    /// Creates a matching from pairs (old, new).
    public init(pairs: [(old: ObjectID, new: ObjectID)] = []) {
        newToOld = [:]
        oldToNew = [:]
        for pair in pairs { add(old: pair.old, new: pair.new) }
    }

    /// Records that `new` is `old`.
    mutating func add(old: ObjectID, new: ObjectID) {
        newToOld[new] = old
        oldToNew[old] = new
    }

    /// Translates a new-document id into the old document's id space: the matched old id, or a
    /// token no old id can equal for an object that only exists in the new document.
    public func oldSpace(_ id: ObjectID) -> String {
        if let old = newToOld[id] { return old.rawValue }
        return "\u{1}new:" + id.rawValue
    }
}

/// Matches objects across two versions: by id first, then by class, label and position in the
/// hierarchy, so a document whose ids were all regenerated still matches object for object.
enum ObjectMatcher {
    static func match(old: NibGraph, new: NibGraph) -> ObjectMatching {
        var matching = ObjectMatching()
        let oldObjects = unique(old.objects)
        let newObjects = unique(new.objects)
        // An archive-format document names elements by class; compare classes only across formats.
        let sameFormat = old.format == new.format
        let oldByID = Dictionary(oldObjects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        // 1. Same id, same element and class: the common case of an edit made in Xcode.
        for object in newObjects {
            if let candidate = oldByID[object.id], !sameFormat || candidate.element == object.element,
                candidate.className == object.className
            {
                matching.add(old: candidate.id, new: object.id)
            }
        }

        // 2. Structure, strict then loose signatures, top-down until nothing more matches.
        let oldContext = ContextBuilder(graph: old)
        let newContext = ContextBuilder(graph: new)
        var progress = true
        while progress {
            progress = false
            for loose in [false, true] {
                while pairRound(oldObjects, newObjects, &matching, loose: loose, withElement: sameFormat, oldContext, newContext) {
                    progress = true
                }
                if progress { break }
            }
        }

        // 3. Same id, different element (a view turned into a different element): still the same object.
        for object in newObjects where matching.newToOld[object.id] == nil {
            if let candidate = oldByID[object.id], matching.oldToNew[candidate.id] == nil {
                matching.add(old: candidate.id, new: object.id)
            }
        }
        return matching
    }

    /// One pairing round: groups unmatched objects whose context is known by (context,
    /// signature) and pairs each group in document order. Returns whether anything matched.
    private static func pairRound(
        _ oldObjects: [NibObject], _ newObjects: [NibObject], _ matching: inout ObjectMatching, loose: Bool, withElement: Bool,
        _ oldContext: ContextBuilder, _ newContext: ContextBuilder
    ) -> Bool {
        var oldGroups: [String: [ObjectID]] = [:]
        for object in oldObjects where matching.oldToNew[object.id] == nil {
            let context = oldContext.context(of: object) { $0.rawValue }
            oldGroups[context + "\u{2}" + signature(object, loose: loose, withElement: withElement), default: []].append(object.id)
        }
        var newGroups: [(key: String, ids: [ObjectID])] = []
        var index: [String: Int] = [:]
        for object in newObjects where matching.newToOld[object.id] == nil {
            guard
                let context = newContext.optionalContext(of: object, translate: { matching.newToOld[$0]?.rawValue })
            else { continue }
            let key = context + "\u{2}" + signature(object, loose: loose, withElement: withElement)
            if let position = index[key] {
                newGroups[position].ids.append(object.id)
            } else {
                index[key] = newGroups.count
                newGroups.append((key, [object.id]))
            }
        }
        var matched = false
        for group in newGroups {
            guard let candidates = oldGroups[group.key] else { continue }
            // A loose signature only pairs when the choice is not a guess.
            if loose && candidates.count != group.ids.count { continue }
            for (old, new) in zip(candidates, group.ids) {
                matching.add(old: old, new: new)
                matched = true
            }
        }
        return matched
    }

    private static func signature(_ object: NibObject, loose: Bool, withElement: Bool) -> String {
        var parts = [
            withElement ? object.element : "", object.className, object.key ?? "", object.placeholder ?? "", object.sceneMemberID ?? "",
        ]
        if !loose {
            parts += [object.customClass ?? "", object.label ?? "", object.storyboardIdentifier ?? ""]
        }
        return parts.joined(separator: "\u{3}")
    }

    private static func unique(_ objects: [NibObject]) -> [NibObject] {
        var seen = Set<ObjectID>()
        return objects.filter { seen.insert($0.id).inserted }
    }
}

/// Where an object sits: its parent, or for a storyboard scene's root objects the scene's
/// controller, or the document root.
private struct ContextBuilder {
    let sceneController: [String: ObjectID]

    init(graph: NibGraph) {
        var table: [String: ObjectID] = [:]
        for scene in graph.scenes { if let controller = scene.controller { table[scene.id] = controller } }
        sceneController = table
    }

    /// The context with ids as written (old document).
    func context(of object: NibObject, _ name: (ObjectID) -> String) -> String {
        optionalContext(of: object, translate: { name($0) }) ?? "root"
    }

    /// The context in the old document's id space, or nil when the parent is not matched yet.
    func optionalContext(of object: NibObject, translate: (ObjectID) -> String?) -> String? {
        if let parent = object.parent {
            return translate(parent).map { "parent:" + $0 }
        }
        if let scene = object.scene, let controller = sceneController[scene], controller != object.id {
            return translate(controller).map { "scene:" + $0 }
        }
        return "root"
    }
}
