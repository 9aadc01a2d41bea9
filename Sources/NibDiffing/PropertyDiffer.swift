import Foundation
import NibModel

/// A fact of a matched object (or of the document) that differs: its text, a colour, a
/// constraint's constant, a frame, the tools version…
public struct PropertyChange: Hashable, Sendable {
    /// Added (the fact is new), removed or changed.
    public var kind: ChangeKind
    /// Which kind of edit it is; `cosmetic` cannot change the running app.
    public var category: ChangeCategory
    /// The object in the new document; nil for the document itself.
    public var object: ObjectID?
    /// The readable path of the object (or `document`).
    public var name: String
    /// The readable field (`text`, `color[backgroundColor]`, `constraint Title.top ~ view.top`).
    public var field: String
    /// The old value as readable text; nil when the fact is new.
    public var old: String?
    /// The new value; nil when the fact was removed.
    public var new: String?
    /// For text: the key a `.strings` file translates it under (`<id>.text`).
    public var localizationKey: String?

    /// Creates a property change.
    public init(
        kind: ChangeKind, category: ChangeCategory, object: ObjectID?, name: String, field: String, old: String?, new: String?,
        localizationKey: String? = nil
    ) {
        self.kind = kind
        self.category = category
        self.object = object
        self.name = name
        self.field = field
        self.old = old
        self.new = new
        self.localizationKey = localizationKey
    }
}

/// Compares the facts of every matched object pair (and of the document) between two documents.
enum PropertyDiffer {
    /// The changes, or nil when the facts of either document cannot be read whole.
    static func changes(
        old: NibGraph, new: NibGraph, oldXML: Data, newXML: Data, matching: ObjectMatching, oldNames: ObjectNames,
        newNames: ObjectNames
    ) -> [PropertyChange]? {
        guard let oldFacts = PropertyFacts.extract(old, xml: oldXML, names: oldNames),
            let newFacts = PropertyFacts.extract(new, xml: newXML, names: newNames, space: matching.oldSpace)
        else { return nil }
        var result: [PropertyChange] = []
        var owners: [(old: String, new: String, object: ObjectID?)] = [("", "", nil)]
        var seen = Set<ObjectID>()
        for object in new.objects where seen.insert(object.id).inserted && !NibDiffer.layoutElements.contains(object.element) {
            if let oldID = matching.newToOld[object.id] { owners.append((oldID.rawValue, object.id.rawValue, object.id)) }
        }
        for owner in owners {
            let name = owner.object.map { newNames.labeled($0) } ?? "document"
            result += compare(oldFacts[owner.old] ?? [], newFacts[owner.new] ?? []).map { pair in
                let fact = pair.new ?? pair.old
                let kind: ChangeKind = pair.old == nil ? .added : pair.new == nil ? .removed : .changed
                return PropertyChange(
                    kind: kind, category: fact?.category ?? .attribute, object: owner.object, name: name,
                    field: fact?.key ?? "", old: pair.old?.value, new: pair.new?.value,
                    localizationKey: pair.new?.localizationKey ?? pair.old?.localizationKey)
            }
        }
        return result
    }

    /// Pairs facts by key as multisets: equal values cancel out (reordering is no change), the
    /// rest pair in document order; what is left over was added or removed.
    static func compare(_ old: [PropertyFact], _ new: [PropertyFact]) -> [(old: PropertyFact?, new: PropertyFact?)] {
        var keys: [String] = []
        var oldByKey: [String: [PropertyFact]] = [:]
        var newByKey: [String: [PropertyFact]] = [:]
        for fact in new {
            if newByKey[fact.keyID] == nil && oldByKey[fact.keyID] == nil { keys.append(fact.keyID) }
            newByKey[fact.keyID, default: []].append(fact)
        }
        for fact in old {
            if newByKey[fact.keyID] == nil && oldByKey[fact.keyID] == nil { keys.append(fact.keyID) }
            oldByKey[fact.keyID, default: []].append(fact)
        }
        var result: [(old: PropertyFact?, new: PropertyFact?)] = []
        for key in keys {
            var before = oldByKey[key] ?? []
            var after = newByKey[key] ?? []
            after.removeAll { fact in
                guard let index = before.firstIndex(where: { $0.valueID == fact.valueID }) else { return false }
                before.remove(at: index)
                return true
            }
            for index in 0..<max(before.count, after.count) {
                result.append((index < before.count ? before[index] : nil, index < after.count ? after[index] : nil))
            }
        }
        return result
    }
}
