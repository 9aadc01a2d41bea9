import Foundation
import NibModel

/// A stable, line-oriented text form of a document for git's diff driver
/// (`git config diff.nibviz.textconv "nibviz textconv"`): one line per object, connection and
/// property fact (text, colour, font, constraint, frame…, each prefixed by its category) and
/// per parent whose children IB keeps in order (`SiblingOrder`),
/// sorted, ids replaced by hierarchy paths so regenerated ids and reordering make no diff (but
/// for the order of a parent's children, one line per parent). Two unlabelled siblings of one
/// class swapped keep that line (their names follow document order); `diff` names the swap.
/// Cosmetic facts (tool versions, canvas positions, IB labels) are left out.
public enum Textconv {
    /// The text of `graph`; with its XML, every property fact too. Ends with a newline.
    public static func text(_ graph: NibGraph, xml: Data? = nil) -> String {
        let names = ObjectNames(graph)
        let facts = xml.flatMap { PropertyFacts.extract(graph, xml: $0, names: names) }
        var header = [
            "# nibviz textconv: \(graph.documentType) (\(graph.platform.rawValue)\(graph.isStoryboard ? ", storyboard" : ""))"
        ]
        if let initial = graph.initialViewController {
            header.append("initialViewController \(names.path(initial))")
        }
        var objectLines: [String] = []
        var seen = Set<ObjectID>()
        for object in graph.objects where seen.insert(object.id).inserted {
            objectLines.append(objectLine(object, names, withStrings: facts == nil))
            for attribute in object.runtimeAttributes {
                objectLines.append(
                    "runtimeAttribute \(names.path(object.id)) .\(attribute.keyPath) (\(attribute.type))"
                        + (attribute.value.map { " = \(oneLine($0))" } ?? ""))
            }
        }
        // Subviews, menu items and columns in their order (z-order, hit-testing, menu order).
        for (parent, children) in SiblingOrder.children(of: graph) {
            objectLines.append(
                "\(ChangeCategory.structure.rawValue) \(names.path(parent)) .order = \(oneLine(SiblingOrder.text(children, parent: parent, names)))"
            )
        }
        let connectionLines = graph.connections.map { connectionLine($0, names) }
        var factLines: [String] = []
        for (owner, list) in facts ?? [:] {
            let path = owner.isEmpty ? "document" : names.path(ObjectID(owner))
            for fact in list where fact.category != .cosmetic {
                factLines.append("\(fact.category.rawValue) \(path) .\(oneLine(fact.key)) = \(oneLine(fact.value))")
            }
        }
        let body = objectLines.sorted() + connectionLines.sorted() + factLines.sorted()
        return (header + body).joined(separator: "\n") + "\n"
    }

    private static func objectLine(_ object: NibObject, _ names: ObjectNames, withStrings: Bool) -> String {
        var line = "object \(names.path(object.id)) : \(object.className)"
        if let custom = object.customClass {
            line += " custom=" + (object.customModule.map { "\($0)." } ?? "") + custom
        }
        if let placeholder = object.placeholder { line += " placeholder=\(placeholder)" }
        if let identifier = object.storyboardIdentifier { line += " storyboardIdentifier=\(identifier)" }
        // Behaviour-changing attributes plus the strings users see; geometry and styling stay out.
        for key in object.attributes.keys.sorted()
        where NibDiffer.semanticModelAttributes.contains(key) || (withStrings && shownStrings.contains(key)) {
            line += " \(key)=\(oneLine(object.attributes[key] ?? ""))"
        }
        return line
    }

    private static let shownStrings: Set<String> = ["title", "text", "placeholder"]

    static func connectionLine(_ connection: Connection, _ names: ObjectNames) -> String {
        let source = names.path(connection.source)
        switch connection.kind {
        case .outlet(let property, let destination):
            return "outlet \(source) .\(property) -> \(names.path(destination))"
        case .outletCollection(let property, let destination, let appends):
            return "outletCollection \(source) .\(property) -> \(names.path(destination))\(appends ? " (appends)" : "")"
        case .action(let selector, let target, let event):
            let to = target.map(names.path) ?? "First Responder (nil target)"
            return "action \(source) \(selector)\(event.map { " on \($0)" } ?? "") -> \(to)"
        case .binding(let name, let destination, let keyPath, let options):
            let text = options.isEmpty ? "" : " options{" + options.map { "\($0.key)=\(oneLine($0.value))" }.joined(separator: ",") + "}"
            return "binding \(source) \(name) -> \(names.path(destination)) .\(keyPath)\(text)"
        case .segue(let destination, let segue):
            var line = "segue \(source) \(segue.kind)"
            if let relationship = segue.relationship { line += " relationship=\(relationship)" }
            if let identifier = segue.identifier { line += " identifier=\(identifier)" }
            if let custom = segue.customClass { line += " class=\(custom)" }
            return line + " -> \(names.path(destination))"
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
