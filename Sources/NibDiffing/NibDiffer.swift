import Foundation
import NibModel

/// Computes the semantic difference between two versions of a document.
public enum NibDiffer {
    /// The object attributes that change behaviour (what loads, what code finds by name); every
    /// other XML attribute (geometry, colors, fonts, text, content mode) is cosmetic.
    static let semanticModelAttributes: Set<String> = [
        "visibleAtLaunch", "storyboardName", "referencedIdentifier", "reuseIdentifier", "restorationIdentifier",
        "nibName", "systemMenu", "releasedWhenClosed", "representsSharedInstance", "collectionClass",
    ]

    /// Diffs `old` against `new`; with the raw XML of both, every property the model does not
    /// hold (text, colours, fonts, constraints, frames, tool versions) is compared too, each
    /// with its category. With `simulate`, both loads are replayed by the simulator and the
    /// initializers and timelines compared (see `LoadConsequences`); `usages` names the code
    /// that uses an identifier a risk note is about.
    public static func diff(
        old: NibGraph, new: NibGraph, oldXML: Data? = nil, newXML: Data? = nil, simulate: Bool = false,
        usages: SourceUsages? = nil
    ) -> NibDiff {
        let matching = ObjectMatcher.match(old: old, new: new)
        let oldNames = ObjectNames(old)
        let newNames = ObjectNames(new)
        var diff = NibDiff(old: old, new: new, matching: matching)
        diff.objects = objectChanges(old, new, matching, oldNames, newNames)
        diff.connections = ConnectionDiffer(old: old, new: new, matching: matching, oldNames: oldNames, newNames: newNames).changes()
        diff.document = documentChanges(old, new, matching, oldNames, newNames)
        let compiled: Set<NibGraph.Format> = [.nibArchive, .keyedArchive]
        let comparable =
            !compiled.contains(old.format) && !compiled.contains(new.format) && (old.format == .archive) == (new.format == .archive)
        if comparable, let oldXML, let newXML,
            let changes = PropertyDiffer.changes(
                old: old, new: new, oldXML: oldXML, newXML: newXML, matching: matching, oldNames: oldNames, newNames: newNames)
        {
            diff.properties = changes
        } else if old.format == .archive || new.format == .archive || compiled.contains(old.format) || compiled.contains(new.format) {
            // Compiled nibs are not XML; an archive and a document keep the same values under
            // different keys; an archive past `ArchiveRecords.maxEntries` is read in part only.
            if let oldXML, let newXML, oldXML != newXML, !diff.hasSemanticChanges {
                let what = compiled.contains(new.format) ? "compiled nib bytes (not itemised)" : "archive XML (not itemised)"
                diff.properties = [
                    PropertyChange(kind: .changed, category: .attribute, object: nil, name: "document", field: what, old: nil, new: nil)
                ]
            }
        } else if old.toolsVersion != new.toolsVersion {
            diff.properties = [
                PropertyChange(
                    kind: .changed, category: .cosmetic, object: nil, name: "document", field: "toolsVersion",
                    old: old.toolsVersion, new: new.toolsVersion)
            ]
        }
        diff.properties += SiblingOrder.changes(old: old, new: new, matching: matching, oldNames: oldNames, newNames: newNames)
        diff.consequences = LoadConsequences.analyze(diff, simulate: simulate)
        diff.risks = RiskNotes.risks(diff, usages: usages)
        return diff
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
    /// points at them; the property facts always give them to their view, so removing that
    /// outlet does not turn the constraint into an object change.
    static let layoutElements: Set<String> = ["constraint", "viewLayoutGuide", "viewControllerLayoutGuide", "layoutGuide"]

    private static func objectChanges(
        _ old: NibGraph, _ new: NibGraph, _ matching: ObjectMatching, _ oldNames: ObjectNames, _ newNames: ObjectNames
    ) -> [ObjectChange] {
        let oldByID = old.objectsByID
        var changes: [ObjectChange] = []
        var seen = Set<ObjectID>()
        // Constraints and layout guides are layout: the cosmetic pass covers them.
        let layout = layoutElements
        for object in new.objects where seen.insert(object.id).inserted && !layout.contains(object.element) {
            guard let oldID = matching.newToOld[object.id], let previous = oldByID[oldID] else {
                changes.append(ObjectChange(kind: .added, old: nil, new: object))
                continue
            }
            let fields = fieldChanges(previous, object, matching, oldNames, newNames, formatsMatch: old.format == new.format)
            if !fields.isEmpty { changes.append(ObjectChange(kind: .changed, old: previous, new: object, fields: fields)) }
        }
        seen = []
        for object in old.objects
        where seen.insert(object.id).inserted && matching.oldToNew[object.id] == nil && !layout.contains(object.element) {
            changes.append(ObjectChange(kind: .removed, old: object, new: nil))
        }
        return changes
    }

    private static func fieldChanges(
        _ old: NibObject, _ new: NibObject, _ matching: ObjectMatching, _ oldNames: ObjectNames, _ newNames: ObjectNames,
        formatsMatch: Bool
    ) -> [FieldChange] {
        var fields: [FieldChange] = []
        func compare(_ field: String, _ a: String?, _ b: String?) {
            if a != b { fields.append(FieldChange(field: field, old: a, new: b, category: category(ofField: field))) }
        }
        if formatsMatch { compare("element", old.element, new.element) }
        compare("class", old.className, new.className)
        compare("customClass", old.customClass, new.customClass)
        compare("customModule", old.customModule, new.customModule)
        compare("placeholder", old.placeholder, new.placeholder)
        if old.parent?.rawValue != new.parent.map(matching.oldSpace) {
            fields.append(
                FieldChange(field: "parent", old: old.parent.map(oldNames.name), new: new.parent.map(newNames.name), category: .structure))
        }
        compare("key", old.key, new.key)
        compare("storyboardIdentifier", old.storyboardIdentifier, new.storyboardIdentifier)
        compare("sceneMemberID", old.sceneMemberID, new.sceneMemberID)
        let keys = Set(old.attributes.keys).union(new.attributes.keys).intersection(semanticModelAttributes)
        for key in keys.sorted() { compare(key, old.attributes[key], new.attributes[key]) }
        let oldRuntime = runtimeAttributeLines(old.runtimeAttributes)
        let newRuntime = runtimeAttributeLines(new.runtimeAttributes)
        for keyPath in Set(oldRuntime.keys).union(newRuntime.keys).sorted() {
            compare("runtimeAttribute \(keyPath)", oldRuntime[keyPath], newRuntime[keyPath])
        }
        return fields
    }

    /// The category of a model field of an object.
    static func category(ofField field: String) -> ChangeCategory {
        switch field {
        case "customClass", "customModule": .customClass
        case "storyboardIdentifier", "restorationIdentifier", "reuseIdentifier": .identifier
        case "element", "class", "parent", "key", "sceneMemberID", "placeholder": .structure
        default: field.hasPrefix("runtimeAttribute ") ? .runtimeAttribute : PropertyCategories.attribute(field)
        }
    }

    private static func runtimeAttributeLines(_ attributes: [RuntimeAttribute]) -> [String: String] {
        var table: [String: String] = [:]
        for attribute in attributes { table[attribute.keyPath] = "\(attribute.type) \(attribute.value ?? "")" }
        return table
    }

    private static func documentChanges(
        _ old: NibGraph, _ new: NibGraph, _ matching: ObjectMatching, _ oldNames: ObjectNames, _ newNames: ObjectNames
    ) -> [FieldChange] {
        var fields: [FieldChange] = []
        if old.documentType != new.documentType {
            fields.append(FieldChange(field: "documentType", old: old.documentType, new: new.documentType, category: .document))
        }
        if old.platform != new.platform {
            fields.append(FieldChange(field: "platform", old: old.platform.rawValue, new: new.platform.rawValue, category: .document))
        }
        if old.targetRuntime != new.targetRuntime {
            fields.append(FieldChange(field: "targetRuntime", old: old.targetRuntime, new: new.targetRuntime, category: .document))
        }
        if old.initialViewController?.rawValue != new.initialViewController.map(matching.oldSpace) {
            fields.append(
                FieldChange(
                    field: "initialViewController", old: old.initialViewController.map(oldNames.name),
                    new: new.initialViewController.map(newNames.name), category: .document))
        }
        return fields
    }
}
