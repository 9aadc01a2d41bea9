import Foundation
import NibModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The attributes of a document that the model does not hold, grouped by the object that owns
/// them: its own non-semantic attributes plus every non-object element inside it (`rect`,
/// `color`, `fontDescription`, `constraint`, …), one entry per element.
struct CosmeticEntries {
    /// One element (or the owner's own attribute list) seen under an owner.
    struct Entry: Hashable {
        /// `@attribute` for the owner's own attributes, else the element path (`rect[frame]`).
        var field: String
        /// Attribute name/value pairs, sorted by name; values may hold ids.
        var attributes: [[String]]
        /// Trimmed text content, when any.
        var text: String
    }

    /// Owner id ("" for the document) → entries in document order.
    var entries: [String: [Entry]] = [:]
    /// Every `id` attribute in the document, objects or not.
    var allIDs: Set<String> = []

    /// Attributes that carry meaning the model already compares, or identity.
    static let semanticAttributes: Set<String> = [
        "id", "customClass", "customModule", "customModuleProvider", "placeholderIdentifier", "sceneMemberID",
        "storyboardIdentifier", "key", "type", "targetRuntime", "initialViewController", "sceneID",
    ]
    /// Subtrees the model already compares semantically.
    static let semanticElements: Set<String> = ["connections", "userDefinedRuntimeAttributes"]

    /// Scans `data`; `objects` are the ids the model knows as objects, `sceneControllers` maps
    /// scene ids to their controller so scene-level elements (canvas position) have an owner.
    static func scan(_ data: Data, objects: Set<String>, sceneControllers: [String: String]) -> CosmeticEntries? {
        let parser = XMLParser(data: data)
        let delegate = ScanDelegate(objects: objects, sceneControllers: sceneControllers)
        parser.delegate = delegate
        guard parser.parse() else { return nil }
        return delegate.result
    }
}

private final class ScanDelegate: NSObject, XMLParserDelegate {
    private struct Frame {
        var owner: String
        var path: String
        var entryIndex: Int?
        var skip: Bool
    }

    let objects: Set<String>
    let sceneControllers: [String: String]
    var result = CosmeticEntries()
    private var stack: [Frame] = []

    init(objects: Set<String>, sceneControllers: [String: String]) {
        self.objects = objects
        self.sceneControllers = sceneControllers
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if let id = attributes["id"] { result.allIDs.insert(id) }
        let parent = stack.last
        if parent?.skip == true || CosmeticEntries.semanticElements.contains(elementName) {
            stack.append(Frame(owner: parent?.owner ?? "", path: "", entryIndex: nil, skip: true))
            return
        }
        let kept = attributes.filter { !CosmeticEntries.semanticAttributes.contains($0.key) }
            .sorted { $0.key < $1.key }
        let isRoot = stack.isEmpty
        if isRoot || attributes["id"].map(objects.contains) == true {
            let id = isRoot ? "" : attributes["id"] ?? ""
            // An object: its own attributes are entries under itself, one per attribute, so a
            // report can name exactly which ones changed.
            // Appending in place: copying an owner's list per element would be quadratic.
            for (name, value) in kept {
                result.entries[id, default: []].append(.init(field: "@" + name, attributes: [[name, value]], text: ""))
            }
            stack.append(Frame(owner: id, path: "", entryIndex: nil, skip: false))
            return
        }
        var owner = parent?.owner ?? ""
        if elementName == "scene", let sceneID = attributes["sceneID"], let controller = sceneControllers[sceneID] {
            owner = controller
        }
        let segment = elementName + (attributes["key"].map { "[\($0)]" } ?? "")
        let path = (parent?.path.isEmpty ?? true) ? segment : parent.map { $0.path + "/" + segment } ?? segment
        result.entries[owner, default: []].append(.init(field: path, attributes: kept.map { [$0.key, $0.value] }, text: ""))
        let index = (result.entries[owner]?.count ?? 1) - 1
        stack.append(Frame(owner: owner, path: path, entryIndex: index, skip: false))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let frame = stack.last, !frame.skip, let index = frame.entryIndex else { return }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        result.entries[frame.owner]?[index].text += trimmed
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }
}
