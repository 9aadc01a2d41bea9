import Foundation
import NibModel

/// What an Interface Builder 3 archive (`<archive type="com.apple.InterfaceBuilder3.…">`, the
/// pre-Xcode 5 `.xib` and a nib bundle's `designable.nib`) stores about each object beyond the
/// graph: every keyed value inside the archived object (`NSFrame`, `NSvFlags`, `NSContents`,
/// a cell's font and colours…), flattened into `key = value` entries, for the semantic diff and
/// textconv. The graph holds the objects and connections (`ArchiveFormatReader`); in an archive
/// a title, a frame or an autoresizing mask lives nowhere else.
public struct ArchiveRecords: Sendable {
    /// One value of an object.
    public struct Entry: Sendable, Equatable {
        /// The key path inside the archived object: `NSFrame`, `NSCell`'s own keys under the
        /// cell's record, `NSSupport.NSName` for a value object's field, `NSTabStops[1]` for an
        /// array element; `IB:` + the name for Interface Builder's per-object records
        /// (`flattenedProperties`: `IB:NSWindowTemplate.visibleAtLaunch`).
        public var key: String
        /// The value as text: `nil` for an empty reference, a digest for long data.
        public var value: String
        /// When the value is another object of the graph: its id (`value` is then empty).
        public var object: ObjectID?
        /// The class of the value object the key's first part holds (`NSFont` for
        /// `NSSupport.NSSize`, `NSCustomResource` for an image cell's `NSContents.NSResourceName`).
        public var valueClass: String?

        /// An entry of `key`.
        public init(key: String, value: String, object: ObjectID? = nil, valueClass: String? = nil) {
            self.key = key
            self.value = value
            self.object = object
            self.valueClass = valueClass
        }
    }

    /// Entries by owner: an object's id, "" for the document's own records (`IBDocument.*`);
    /// each list in document order.
    public var entries: [String: [Entry]] = [:]
    /// False when the document held more than `maxEntries` values: the entries are then a
    /// part only, and a diff must not read a missing value as a removed one.
    public var complete = true

    /// Keys only an object with a place of its own archives (a view's flags and frame, a
    /// cell's flags, a menu's items, a responder's next responder), unlike a font or a colour.
    static let identityKeys: Set<String> = [
        "NSvFlags", "NSFrame", "NSFrameSize", "NSNextResponder", "NSSuperview", "NSCellFlags", "NSMenuItems", "NSMenu",
    ]

    /// Longer values (image data, archived attributed strings) are given as their length and a
    /// digest: the line still changes with the bytes.
    static let longValue = 160
    /// Value objects nested deeper than this inside one object are not followed.
    static let maxDepth = InputLimits.maxArchiveValueDepth
    /// The most values (and elements visited) of one document.
    static let maxEntries = InputLimits.maxArchiveValues
    /// Keys longer than this are cut, with a digest of the whole: a path repeats its keys in
    /// every entry under them.
    static let maxKeyLength = 120

    /// The records of the archive in `data`; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws -> ArchiveRecords {
        let root = try XMLTreeBuilder.parse(data, file: file)
        let walker = Walker()
        walker.index(root)
        let archiveData = root.child("data") ?? root
        let container = archiveData.child(key: "IBDocument.Objects")
        let objectRecords = ArchiveFormatReader.objectRecords(container?.child(key: "objectRecords"))
        for item in objectRecords {
            guard let id = item.id, let ref = item.ref else { continue }
            if id == "0" { walker.rootRef = ref } else { walker.objectByRef[ref] = ObjectID(id) }
        }
        var records = ArchiveRecords()
        for child in archiveData.children where child["key"] != "IBDocument.Objects" {
            walker.value(child, path: Walker.component(child["key"] ?? child.name), depth: 0, into: &records.entries["", default: []])
        }
        for item in objectRecords {
            guard let id = item.id, id != "0", let ref = item.ref, let node = walker.nodesByRef[ref] else { continue }
            var list: [Entry] = []
            walker.fields(of: node, prefix: "", depth: 0, into: &list)
            records.entries[id, default: []] += list
        }
        // Interface Builder's own records per object (`<id>.<name>`); the custom class is the
        // graph's already.
        let properties = ArchiveFormatReader.dictionary(container?.child(key: "flattenedProperties"))
        for (name, node) in properties.sorted(by: { $0.key < $1.key }) {
            guard let dot = name.firstIndex(of: "."), !name[..<dot].isEmpty else { continue }
            let owner = String(name[..<dot])
            let key = String(name[name.index(after: dot)...])
            guard key != "CustomClassName" else { continue }
            walker.value(node, path: "IB:" + Walker.component(key), depth: 0, into: &records.entries[owner, default: []])
        }
        records.complete = walker.budget > 0
        return records
    }

    /// Flattens archived elements into entries.
    private final class Walker {
        var nodesByRef: [String: XMLNode] = [:]
        var objectByRef: [String: ObjectID] = [:]
        var rootRef: String?
        /// Values and elements still allowed (`maxEntries`).
        var budget = ArchiveRecords.maxEntries
        /// Each referred-to element's text and whether it has a place of its own, worked out
        /// once however often it is referred to.
        private var texts: [ObjectIdentifier: String] = [:]
        private var hasPlace: [ObjectIdentifier: Bool] = [:]

        func index(_ node: XMLNode) {
            if let id = node["id"], nodesByRef[id] == nil { nodesByRef[id] = node }
            for child in node.children { index(child) }
        }

        /// Whether `node` is another object of the graph archived in place (a view's cell, a
        /// subview): its entries are under its own id, and the graph has its place.
        private func isGraphObject(_ node: XMLNode) -> Bool {
            node.name != "reference" && node["id"].map { objectByRef[$0] != nil } == true
        }

        /// The keyed children of an archived object (or of a value object inside it); keyless
        /// ones (array elements) by their position among those that give entries.
        func fields(of node: XMLNode, prefix: String, depth: Int, into list: inout [Entry]) {
            var position = 0
            for child in node.children {
                guard budget > 0 else { return }
                budget -= 1
                if child["key"] == "EncodedWithXMLCoder" || isGraphObject(child) { continue }
                let path: String
                if let key = child["key"] {
                    let component = Self.component(key)
                    path = prefix.isEmpty ? component : prefix + "." + component
                } else {
                    path = prefix + "[\(position)]"
                    position += 1
                }
                let before = list.count
                value(child, path: path, depth: depth, into: &list)
                if prefix.isEmpty, let valueClass = valueClass(of: child) {
                    for index in before..<list.count { list[index].valueClass = valueClass }
                }
            }
        }

        /// The class of the value object an owner's key holds, inline or referred to.
        private func valueClass(of node: XMLNode) -> String? {
            switch node.name {
            case "object": return node["class"].map(Self.component)
            case "reference":
                guard let ref = node["ref"], objectByRef[ref] == nil, let target = nodesByRef[ref], target.name == "object" else {
                    return nil
                }
                return target["class"].map(Self.component)
            default: return nil
            }
        }

        /// One archived element as entries under `path`.
        func value(_ node: XMLNode, path: String, depth: Int, into list: inout [Entry]) {
            guard budget > 0 else { return }
            budget -= 1
            if isGraphObject(node) { return }
            switch node.name {
            case "reference":
                guard let ref = node["ref"] else { return list.append(Entry(key: path, value: "nil")) }
                if let object = objectByRef[ref] { return list.append(Entry(key: path, value: "", object: object)) }
                if ref == rootRef { return list.append(Entry(key: path, value: "(document)")) }
                guard let target = nodesByRef[ref] else { return list.append(Entry(key: path, value: "(missing \(Self.component(ref)))")) }
                // A view, cell or menu without a record of its own (a scroll view's clip view):
                // its values are where it is archived; a reference to it (`NSContentView`,
                // `NSNextKeyView`, a back link) names its class, else each frame would count
                // once per reference.
                if hasPlaceOfItsOwn(target) {
                    return list.append(Entry(key: path, value: "{\(Self.component(target["class"] ?? target.name))}"))
                }
                // A value object archived once and referred to again (a shared font or colour).
                guard depth < ArchiveRecords.maxDepth else { return list.append(Entry(key: path, value: "…")) }
                value(target, path: path, depth: depth + 1, into: &list)
            case "nil":
                list.append(Entry(key: path, value: "nil"))
            case "object", "array", "dictionary":
                if node.child(key: "NS.bytes") != nil { return list.append(Entry(key: path, value: text(of: node))) }
                guard depth < ArchiveRecords.maxDepth else { return list.append(Entry(key: path, value: "…")) }
                let className = Self.component(node["class"] ?? node.name)
                if className.hasSuffix("Dictionary") {
                    let pairs = ArchiveFormatReader.dictionary(node).sorted { $0.key < $1.key }
                    if pairs.isEmpty { list.append(Entry(key: path, value: "{}")) }
                    for (key, item) in pairs {
                        value(item, path: path + "[\(Self.component(key))]", depth: depth + 1, into: &list)
                    }
                    return
                }
                let before = list.count
                fields(of: node, prefix: path, depth: depth + 1, into: &list)
                // An empty value object still is one (an empty menu, a default paragraph style).
                if list.count == before { list.append(Entry(key: path, value: "{\(className)}")) }
            default:
                // string, int, integer, bool, boolean, double, real, float, characters, bytes.
                let text = text(of: node)
                // A view's hidden flag is the top bit of its `NSvFlags` (the low bits are its
                // autoresizing mask): a fact of its own.
                if path.hasSuffix("NSvFlags"), let flags = Int64(text) {
                    let bits = UInt32(truncatingIfNeeded: flags)
                    list.append(Entry(key: path, value: String(bits & 0x7FFF_FFFF)))
                    if bits & 0x8000_0000 != 0 { list.append(Entry(key: path + ".hidden", value: "YES")) }
                    return
                }
                list.append(Entry(key: path, value: text))
            }
        }

        /// Whether an element has a place of its own in the interface (keys only a view, cell,
        /// menu or responder archives), worked out once per element.
        private func hasPlaceOfItsOwn(_ node: XMLNode) -> Bool {
            if let known = hasPlace[ObjectIdentifier(node)] { return known }
            budget -= node.children.count
            let answer = node.children.contains { ArchiveRecords.identityKeys.contains($0["key"] ?? "") }
            hasPlace[ObjectIdentifier(node)] = answer
            return answer
        }

        /// A value element's text as one entry value, worked out once per element.
        private func text(of node: XMLNode) -> String {
            if let known = texts[ObjectIdentifier(node)] { return known }
            let raw: String
            switch node.name {
            case "bytes": raw = Self.bytesText(node.text)
            case "object": raw = node.archivedText
            default: raw = node["value"] ?? node.stringValue
            }
            let text = Self.text(raw)
            texts[ObjectIdentifier(node)] = text
            return text
        }

        /// A key as a path component: cut past `maxKeyLength`, with a digest of the whole.
        static func component(_ key: String) -> String {
            guard key.utf8.count > ArchiveRecords.maxKeyLength else { return key }
            return String(key.prefix(ArchiveRecords.maxKeyLength / 2)) + "…" + StableHash.hex([key]).prefix(12)
        }

        /// A `<bytes>` value: base64 without padding, often an archived C string (a colour
        /// component `MC42NjY2NjY2NjY3AA` is "0.6666666667" and a NUL): that text when the bytes
        /// are printable ASCII, else the base64 as written.
        static func bytesText(_ base64: String) -> String {
            guard var bytes = XMLNode.interfaceBuilderBase64(base64), !bytes.isEmpty else { return base64 }
            while bytes.last == 0 { bytes.removeLast() }
            guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return base64 }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// `text` as one entry value: trimmed, long values as their length and a digest.
        static func text(_ text: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.utf8.count > ArchiveRecords.longValue else { return trimmed }
            return "(\(trimmed.utf8.count) bytes, digest \(StableHash.hex([trimmed]).prefix(12)))"
        }
    }
}
