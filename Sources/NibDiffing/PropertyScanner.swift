import Foundation
import NibModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The attributes of a document that the model does not hold, grouped by the object that owns
/// them: its own attributes plus every non-object element inside it (`rect`, `color`,
/// `fontDescription`, `constraint`, …), one entry per element, in document order.
struct PropertyScan {
    /// One element (or one of the owner's own attributes) seen under an owner.
    struct Entry {
        /// `@attribute` for the owner's own attributes, else the element path (`rect[frame]`).
        var field: String
        /// The element name (`color`); the attribute name for `@` entries.
        var element: String
        /// `key=` of the element, when any.
        var key: String?
        /// Attribute name/value pairs, sorted by name; values may hold ids.
        var attributes: [(name: String, value: String)]
        /// Trimmed text content, when any.
        var text: String
        /// The element's own `id`, when it has one (constraints, layout guides).
        var id: String?
        /// True for document-level Interface Builder bookkeeping (`dependencies`, `resources`).
        var bookkeeping: Bool
    }

    /// Owner id ("" for the document) → entries in document order.
    var entries: [String: [Entry]] = [:]
    /// Every `id` attribute in the document, objects or not.
    var allIDs: Set<String> = []
    /// Ids of elements that are not model objects → (owner id, element path).
    var elementOwners: [String: (owner: String, path: String)] = [:]

    /// Attributes that carry meaning the model already compares, or identity.
    static let identityAttributes: Set<String> = [
        "id", "customClass", "customModule", "placeholderIdentifier", "sceneMemberID",
        "storyboardIdentifier", "key", "targetRuntime", "initialViewController", "sceneID",
    ]
    /// Attributes of the document root the model compares (`type` is the document type).
    static let rootIdentityAttributes: Set<String> = identityAttributes.union(["type"])
    /// Subtrees the model already compares semantically.
    static let modelElements: Set<String> = ["connections", "userDefinedRuntimeAttributes"]

    /// Scans `data`; `objects` are the ids the model knows as objects, `sceneControllers` maps
    /// scene ids to their controller so scene-level elements (canvas position) have an owner.
    static func scan(_ data: Data, objects: Set<String>, sceneControllers: [String: String]) -> PropertyScan? {
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
        var bookkeeping: Bool
    }

    let objects: Set<String>
    let sceneControllers: [String: String]
    var result = PropertyScan()
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
        if parent?.skip == true || PropertyScan.modelElements.contains(elementName) {
            stack.append(Frame(owner: parent?.owner ?? "", path: "", entryIndex: nil, skip: true, bookkeeping: false))
            return
        }
        let isRoot = stack.isEmpty
        let identity = isRoot ? PropertyScan.rootIdentityAttributes : PropertyScan.identityAttributes
        let kept = attributes.filter { !identity.contains($0.key) }.sorted { $0.key < $1.key }
            .map { (name: $0.key, value: $0.value) }
        if isRoot || attributes["id"].map(objects.contains) == true {
            let id = isRoot ? "" : attributes["id"] ?? ""
            // An object: its own attributes are entries under itself, one per attribute, so a
            // report can name exactly which ones changed. Appending in place: copying an
            // owner's list per element would be quadratic.
            for pair in kept {
                result.entries[id, default: []].append(
                    .init(
                        field: "@" + pair.name, element: pair.name, key: nil, attributes: [pair], text: "", id: nil,
                        bookkeeping: false))
            }
            stack.append(Frame(owner: id, path: "", entryIndex: nil, skip: false, bookkeeping: false))
            return
        }
        var owner = parent?.owner ?? ""
        if elementName == "scene", let sceneID = attributes["sceneID"], let controller = sceneControllers[sceneID] {
            owner = controller
        }
        let segment = elementName + (attributes["key"].map { "[\($0)]" } ?? "")
        let path = (parent?.path.isEmpty ?? true) ? segment : parent.map { $0.path + "/" + segment } ?? segment
        let bookkeeping =
            parent?.bookkeeping == true || (stack.count == 1 && PropertyCategories.bookkeepingRoots.contains(elementName))
        if let id = attributes["id"] { result.elementOwners[id] = (owner, path) }
        result.entries[owner, default: []].append(
            .init(
                field: path, element: elementName, key: attributes["key"], attributes: kept, text: "", id: attributes["id"],
                bookkeeping: bookkeeping))
        let index = (result.entries[owner]?.count ?? 1) - 1
        stack.append(Frame(owner: owner, path: path, entryIndex: index, skip: false, bookkeeping: bookkeeping))
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
