import Foundation
import NibModel

/// Lists, per matched object, the non-semantic fields that differ between two documents.
enum CosmeticDiffer {
    static func changes(
        old: NibGraph, new: NibGraph, oldXML: Data, newXML: Data, matching: ObjectMatching, names: ObjectNames
    ) -> [CosmeticChange] {
        guard
            let oldEntries = CosmeticEntries.scan(
                oldXML, objects: modelObjectIDs(old), sceneControllers: controllers(old)),
            let newEntries = CosmeticEntries.scan(
                newXML, objects: modelObjectIDs(new), sceneControllers: controllers(new))
        else { return [] }
        let oldObjects = old.objectsByID
        let newObjects = new.objectsByID
        // Ids inside values (constraint items, destinations of non-model elements) are compared
        // through the matching, so regenerated ids are not a cosmetic change.
        let oldCanonical: (String, String) -> String = { name, value in
            guard isReference(name, value) else { return value }
            if oldObjects[ObjectID(value)] != nil { return "@" + value }
            return oldEntries.allIDs.contains(value) ? "@?" : value
        }
        let newCanonical: (String, String) -> String = { name, value in
            guard isReference(name, value) else { return value }
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
        _ entries: [CosmeticEntries.Entry], skip: Set<String>, canonical: (String, String) -> String
    ) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for entry in entries {
            let pairs = entry.attributes.filter { !skip.contains($0[0]) || !entry.field.hasPrefix("@") }
            if entry.field.hasPrefix("@") && pairs.isEmpty { continue }
            let text = pairs.map { "\($0[0])=\(canonical($0[0], $0.count > 1 ? $0[1] : ""))" }.joined(separator: " ")
            table[entry.field, default: []].append(text + (entry.text.isEmpty ? "" : " text=" + entry.text))
        }
        return table.mapValues { $0.sorted() }
    }

    /// Attributes the model compares semantically for this object (kept out of the cosmetic list).
    private static func semanticAttributeNames(_ new: NibObject?, _ old: NibObject?) -> Set<String> {
        NibDiffer.semanticModelAttributes
    }

    /// Whether an attribute value may be an id to compare through the matching: any
    /// non-numeric value (`headerView="a1B-2c-3dE"`), but a number only in attributes known to
    /// hold ids, since integer ids would otherwise collide with coordinates and sizes.
    static func isReference(_ name: String, _ value: String) -> Bool {
        referenceAttributes.contains(name) || !value.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." }
    }

    /// Attributes whose values are ids.
    static let referenceAttributes: Set<String> = [
        "firstItem", "secondItem", "destination", "target", "reference", "nextKeyView", "initialFirstResponder",
    ]

    /// Layout elements (constraints, guides) are objects in the model only when an outlet
    /// points at them; here they always belong to their view, so removing that outlet does not
    /// turn the constraint into a cosmetic change.
    static let layoutElements: Set<String> = ["constraint", "viewLayoutGuide", "viewControllerLayoutGuide", "layoutGuide"]

    private static func modelObjectIDs(_ graph: NibGraph) -> Set<String> {
        Set(graph.objects.filter { !layoutElements.contains($0.element) }.map(\.id.rawValue))
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
