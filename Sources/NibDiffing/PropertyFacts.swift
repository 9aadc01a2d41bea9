import Foundation
import NibModel
import NibParsing

/// One fact about an object that the model does not hold (its text, a colour, a constraint, a
/// frame), in two forms: readable (names, for reports and textconv) and comparable (ids in
/// the old document's id space, so regenerated ids compare equal).
struct PropertyFact: Hashable, Sendable {
    /// The owning object's id in its own document ("" for the document).
    var owner: String
    /// Which kind of edit a change of this fact is.
    var category: ChangeCategory
    /// The readable key (`text`, `color[backgroundColor]`, `constraint Title.top ~ self.top`).
    var key: String
    /// The key compared across versions.
    var keyID: String
    /// The readable value.
    var value: String
    /// The value compared across versions.
    var valueID: String
    /// The key a `.strings` file translates this text under (`<id>.text`, `<id>.normalTitle`).
    var localizationKey: String?
}

/// Extracts the facts of a document from its XML, one per owner attribute or child element.
enum PropertyFacts {
    /// Facts by owner id ("" for the document), each list in document order; nil when the XML
    /// cannot be read (or, for an archive, not whole: `ArchiveRecords.complete`).
    /// `space` maps a model object id to the id space the facts are compared in.
    static func extract(
        _ graph: NibGraph, xml: Data, names: ObjectNames, space: @escaping (ObjectID) -> String = { $0.rawValue }
    ) -> [String: [PropertyFact]]? {
        if graph.format == .archive { return archive(graph, xml: xml, names: names, space: space) }
        let modelIDs = Set(graph.objects.filter { !NibDiffer.layoutElements.contains($0.element) }.map(\.id.rawValue))
        var controllers: [String: String] = [:]
        for scene in graph.scenes { if let controller = scene.controller { controllers[scene.id] = controller.rawValue } }
        guard let scan = PropertyScan.scan(xml, objects: modelIDs, sceneControllers: controllers) else { return nil }
        let resolver = ReferenceResolver(
            scan: scan, names: names, space: space, objectIDs: Set(graph.objects.map(\.id.rawValue)))
        var result: [String: [PropertyFact]] = [:]
        for (owner, entries) in scan.entries {
            result[owner] = entries.compactMap { fact($0, owner: owner, resolver) }
        }
        return result
    }

    /// The facts of an Interface Builder 3 archive: each value `ArchiveRecords` reads, a
    /// reference to another object named by its path and compared by its id.
    private static func archive(
        _ graph: NibGraph, xml: Data, names: ObjectNames, space: (ObjectID) -> String
    ) -> [String: [PropertyFact]]? {
        guard let records = try? ArchiveRecords.read(xml, file: graph.file), records.complete else { return nil }
        var result: [String: [PropertyFact]] = [:]
        for (owner, entries) in records.entries {
            result[owner] = entries.map { entry in
                let category = PropertyCategories.archived(entry.key, owner: owner, valueClass: entry.valueClass)
                guard let object = entry.object else {
                    return PropertyFact(
                        owner: owner, category: category, key: entry.key, keyID: entry.key, value: entry.value, valueID: entry.value)
                }
                return PropertyFact(
                    owner: owner, category: category, key: entry.key, keyID: entry.key, value: names.path(object),
                    valueID: "@" + space(object))
            }
        }
        return result
    }

    private static func fact(_ entry: PropertyScan.Entry, owner: String, _ resolver: ReferenceResolver) -> PropertyFact? {
        if entry.field.hasPrefix("@") {
            // The model compares these itself (field changes of the object).
            guard !NibDiffer.semanticModelAttributes.contains(entry.element), let pair = entry.attributes.first else { return nil }
            let category = owner.isEmpty && pair.name != "useAutolayout" ? rootCategory(pair.name) : PropertyCategories.attribute(pair.name)
            let value = resolver.resolve(pair.name, pair.value)
            return PropertyFact(
                owner: owner, category: category, key: pair.name, keyID: pair.name, value: value.display, valueID: value.id,
                localizationKey: category == .text && !owner.isEmpty ? "\(owner).\(pair.name)" : nil)
        }
        guard !entry.attributes.isEmpty || !entry.text.isEmpty else { return nil }
        let category =
            entry.bookkeeping
            ? .cosmetic : PropertyCategories.element(entry.element, key: entry.key, attributes: entry.attributes.map(\.name))
        if entry.element == "constraint" { return constraint(entry, owner: owner, resolver) }
        var display: [String] = []
        var compare: [String] = []
        for pair in entry.attributes {
            let value = resolver.resolve(pair.name, pair.value)
            display.append("\(pair.name)=\(value.display)")
            compare.append("\(pair.name)=\(value.id)")
        }
        if !entry.text.isEmpty {
            display.append(display.isEmpty ? entry.text : "text=\(entry.text)")
            compare.append("text=\(entry.text)")
        }
        var localization: String?
        if category == .text && !owner.isEmpty {
            if entry.element == "state", let key = entry.key { localization = "\(owner).\(key)Title" }
            if entry.element == "string", let key = entry.key { localization = "\(owner).\(key)" }
        }
        return PropertyFact(
            owner: owner, category: category, key: entry.field, keyID: entry.field, value: display.joined(separator: " "),
            valueID: compare.joined(separator: " "), localizationKey: localization)
    }

    /// A constraint is named by what it ties (`Title.top = Safe Area.top`), so a new constant,
    /// multiplier, priority or relation reads as a change of the same constraint.
    private static func constraint(_ entry: PropertyScan.Entry, owner: String, _ resolver: ReferenceResolver) -> PropertyFact {
        var attributes: [String: String] = [:]
        for pair in entry.attributes { attributes[pair.name] = pair.value }
        let ownerRef = resolver.object(owner)
        func item(_ name: String) -> (display: String, id: String)? {
            guard let raw = attributes[name] else { return nil }
            return resolver.resolve(name, raw)
        }
        // Items inside the owning view are named relative to it (`Title.top ~ self.top`); the
        // line already starts with the owner's path.
        func relative(_ reference: (display: String, id: String)) -> (display: String, id: String) {
            let owner = ownerRef.display
            if reference.display == owner { return ("self", reference.id) }
            for separator in [" > ", "/"] where reference.display.hasPrefix(owner + separator) {
                return (String(reference.display.dropFirst(owner.count + separator.count)), reference.id)
            }
            return reference
        }
        let first = relative(item("firstItem") ?? ownerRef)
        let second = item("secondItem").map(relative)
        let firstAttribute = attributes["firstAttribute"] ?? "?"
        var key = "constraint \(first.display).\(firstAttribute)"
        var keyID = "constraint \(first.id).\(firstAttribute)"
        if let second {
            let secondAttribute = attributes["secondAttribute"] ?? "?"
            key += " ~ \(second.display).\(secondAttribute)"
            keyID += " ~ \(second.id).\(secondAttribute)"
        }
        let tied: Set<String> = ["firstItem", "firstAttribute", "secondItem", "secondAttribute"]
        let rest = entry.attributes.filter { !tied.contains($0.name) }
        var values = rest.map { "\($0.name)=\($0.value)" }
        if attributes["relation"] == nil { values.insert("relation=equal", at: 0) }
        let value = values.sorted().joined(separator: " ")
        return PropertyFact(owner: owner, category: .constraint, key: key, keyID: keyID, value: value, valueID: value)
    }

    private static func rootCategory(_ name: String) -> ChangeCategory {
        let category = PropertyCategories.attribute(name)
        return category == .attribute ? .document : category
    }
}

/// Turns attribute values that are ids into names (for reading) and comparable tokens.
private struct ReferenceResolver {
    let scan: PropertyScan
    let names: ObjectNames
    let space: (ObjectID) -> String
    let objectIDs: Set<String>

    /// The owner of facts as a reference: its path and comparable id.
    func object(_ owner: String) -> (display: String, id: String) {
        if owner.isEmpty { return ("document", "@document") }
        return (names.path(ObjectID(owner)), "@" + space(ObjectID(owner)))
    }

    func resolve(_ name: String, _ value: String) -> (display: String, id: String) {
        guard NibDiffer.isReference(name, value) else { return (value, value) }
        // A dangling reference (an id no element has): named the same whatever the id, so
        // regenerated ids stay no change.
        guard scan.allIDs.contains(value) else {
            return NibDiffer.referenceAttributes.contains(name) ? ("(missing id)", "@missing") : (value, value)
        }
        if objectIDs.contains(value) && scan.elementOwners[value] == nil {
            return (names.path(ObjectID(value)), "@" + space(ObjectID(value)))
        }
        if let element = scan.elementOwners[value] {
            let owner = object(element.owner)
            return (owner.display + "/" + element.path, owner.id + "/" + element.path)
        }
        return ("?", "@?")
    }
}
