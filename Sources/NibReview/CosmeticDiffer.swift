import Foundation
import NibModel

/// Lists, per matched object, the non-semantic fields that differ between two documents.
enum CosmeticDiffer {
    static func changes(
        old: NibGraph, new: NibGraph, oldXML: Data, newXML: Data, matching: ObjectMatching, names: ObjectNames
    ) -> [CosmeticChange] {
        guard
            let oldEntries = CosmeticEntries.scan(
                oldXML, objects: Set(old.objects.map(\.id.rawValue)), sceneControllers: controllers(old)),
            let newEntries = CosmeticEntries.scan(
                newXML, objects: Set(new.objects.map(\.id.rawValue)), sceneControllers: controllers(new))
        else { return [] }
        let oldObjects = old.objectsByID
        let newObjects = new.objectsByID
        // Ids inside values (constraint items, destinations of non-model elements) are compared
        // through the matching, so regenerated ids are not a cosmetic change.
        let oldCanonical: (String) -> String = { value in
            if oldObjects[ObjectID(value)] != nil { return "@" + value }
            return oldEntries.allIDs.contains(value) ? "@?" : value
        }
        let newCanonical: (String) -> String = { value in
            if newObjects[ObjectID(value)] != nil { return "@" + matching.oldSpace(ObjectID(value)) }
            return newEntries.allIDs.contains(value) ? "@?" : value
        }
        var result: [CosmeticChange] = []
        let owners: [(old: String, new: String, object: NibObject?)] =
            [("", "", nil)]
            + unique(new.objects).compactMap { object in
                matching.newToOld[object.id].map { ($0.rawValue, object.id.rawValue, object) }
            }
        for owner in owners {
            let skip = semanticAttributeNames(owner.object, oldObjects[ObjectID(owner.old)])
            let before = fingerprint(oldEntries.entries[owner.old] ?? [], skip: skip, canonical: oldCanonical)
            let after = fingerprint(newEntries.entries[owner.new] ?? [], skip: skip, canonical: newCanonical)
            let fields = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
            guard !fields.isEmpty else { continue }
            let name = owner.object.map { names.name($0.id) } ?? "document"
            result.append(CosmeticChange(object: owner.object?.id, name: name, fields: fields))
        }
        return result
    }

    /// Field → sorted multiset of canonical entry texts.
    private static func fingerprint(
        _ entries: [CosmeticEntries.Entry], skip: Set<String>, canonical: (String) -> String
    ) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for entry in entries {
            let pairs = entry.attributes.filter { !skip.contains($0[0]) || !entry.field.hasPrefix("@") }
            if entry.field.hasPrefix("@") && pairs.isEmpty { continue }
            let text = pairs.map { "\($0[0])=\(canonical($0.count > 1 ? $0[1] : ""))" }.joined(separator: " ")
            table[entry.field, default: []].append(text + (entry.text.isEmpty ? "" : " text=" + entry.text))
        }
        return table.mapValues { $0.sorted() }
    }

    /// Attributes the model compares semantically for this object (kept out of the cosmetic list).
    private static func semanticAttributeNames(_ new: NibObject?, _ old: NibObject?) -> Set<String> {
        NibDiffer.semanticModelAttributes
    }

    private static func controllers(_ graph: NibGraph) -> [String: String] {
        var table: [String: String] = [:]
        for scene in graph.scenes { if let controller = scene.controller { table[scene.id] = controller.rawValue } }
        return table
    }

    private static func unique(_ objects: [NibObject]) -> [NibObject] {
        var seen = Set<ObjectID>()
        return objects.filter { seen.insert($0.id).inserted }
    }
}
