import Foundation
import NibCompiled
import NibModel

/// Reads the pre-Xcode 5 `<archive type="com.apple.InterfaceBuilder3.…">` format (also the
/// `designable.nib` of a nib bundle) into a `NibGraph`.
///
/// Objects come from the `IBObjectContainer`'s `objectRecords` (id = the record's object id,
/// parent = the record's parent, label = `objectName`), classes from the archived `<object
/// class=…>` each record points at, custom classes from `flattenedProperties`
/// (`<id>.CustomClassName`) or `NSClassName`, and connections from `connectionRecords`.
final class ArchiveFormatReader {
    private let file: String
    private var platform: Platform = .ios
    private var diagnostics: [Diagnostic] = []
    /// Archived nodes by their XML `id` (what `ref=` attributes point at).
    private var nodesByRef: [String: XMLNode] = [:]
    /// XML `id` → IB object id of the record.
    private var objectIDByRef: [String: ObjectID] = [:]

    init(file: String) { self.file = file }

    /// Builds the graph from the `<archive>` root.
    func read(_ root: XMLNode) -> NibGraph {
        let type = root["type"] ?? ""
        let data = root.child("data") ?? root
        let runtime = data.child(key: "IBDocument.TargetRuntimeIdentifier")?.archivedText
        let kind = DocumentKind(type: type, targetRuntime: runtime)
        platform = kind.platform
        if let problem = kind.problem { warn(root, problem) }
        index(root)
        var objects: [NibObject] = []
        var connections: [Connection] = []
        if let container = data.child(key: "IBDocument.Objects") {
            let properties = Self.dictionary(container.child(key: "flattenedProperties"))
            objects = readObjects(container.child(key: "objectRecords"), properties: properties)
            connections = readConnections(container.child(key: "connectionRecords"))
        } else {
            warn(root, "archive without IBDocument.Objects: no objects read")
        }
        return NibGraph(
            file: file, format: .archive, documentType: type, platform: platform, targetRuntime: runtime,
            toolsVersion: data.child(key: "IBDocument.InterfaceBuilderVersion")?.archivedText,
            isStoryboard: false, objects: objects, connections: connections,
            diagnostics: DocumentFormatReader.inFileOrder(diagnostics))
    }

    private func index(_ node: XMLNode) {
        if let id = node["id"], nodesByRef[id] == nil { nodesByRef[id] = node }
        for child in node.children { index(child) }
    }

    // MARK: - Objects

    /// The container's object records in IB's order: each record, its object id (nil when it
    /// has none) and the XML id of the archived object it stands for (the record with id 0 is
    /// the document itself). One reading for the graph and for `ArchiveRecords`.
    static func objectRecords(_ records: XMLNode?) -> [(record: XMLNode, id: String?, ref: String?)] {
        let list = records?.child(key: "orderedObjects")?.children.filter { $0["class"] == "IBObjectRecord" } ?? []
        return list.map { record in
            let objectNode = record.child(key: "object")
            return (
                record, (record.child(key: "objectID") ?? record.child(key: "id"))?.archivedText, objectNode?["ref"] ?? objectNode?["id"]
            )
        }
    }

    private func readObjects(_ records: XMLNode?, properties: [String: XMLNode]) -> [NibObject] {
        var pending: [(record: XMLNode, id: ObjectID, ref: String?)] = []
        var rootRef: String?
        for (record, rawID, ref) in Self.objectRecords(records) {
            guard let rawID else {
                warn(record, "object record without id ignored")
                continue
            }
            if rawID == "0" {
                rootRef = ref  // the document itself: its children are the top-level objects
                continue
            }
            let id = ObjectID(rawID)
            if let ref { objectIDByRef[ref] = id }
            pending.append((record, id, ref))
        }
        // Records are in IB's editing order; the graph lists objects in document order.
        let order = pending.enumerated().map { index, item in
            (item, ref: item.ref.flatMap { nodesByRef[$0] }.map(\.order) ?? Int.max, index)
        }
        let sorted = order.sorted { ($0.ref, $0.2) < ($1.ref, $1.2) }.map(\.0)
        return sorted.map { record, id, ref in
            let parentRef = record.child(key: "parent")?["ref"]
            let parent = parentRef.flatMap { $0 == rootRef ? nil : objectIDByRef[$0] }
            if let parentRef, parentRef != rootRef, parent == nil {
                warn(record, "object record \(plain(id.rawValue)) has a parent that is not an object record")
            }
            let node = ref.flatMap { nodesByRef[$0] }
            if node == nil { warn(record, "object record \(plain(id.rawValue)) refers to a missing archived object") }
            return makeObject(node, record: record, id: id, parent: parent, properties: properties)
        }
    }

    private func makeObject(
        _ node: XMLNode?, record: XMLNode, id: ObjectID, parent: ObjectID?, properties: [String: XMLNode]
    ) -> NibObject {
        let archivedClass = node?["class"] ?? node?.name ?? "NSObject"
        let className = ArchivedNames.frameworkClass(archivedClass)
        var customClass = properties["\(id.rawValue).CustomClassName"]?.archivedText
        if customClass == nil, let named = node?.child(key: "NSClassName")?.archivedText ?? node?.child(key: "NSWindowClass")?.archivedText,
            named != className
        {
            customClass = named
        }
        var placeholder: String?
        if archivedClass == "IBProxyObject" {
            placeholder = node?.child(key: "IBProxiedObjectIdentifier")?.archivedText ?? "IBExternalObject"
        } else if platform == .macos {
            switch id.rawValue {
            case "-1": placeholder = PlaceholderIdentifier.firstResponder
            case "-2": placeholder = PlaceholderIdentifier.filesOwner
            case "-3": placeholder = PlaceholderIdentifier.application
            default: break
            }
        }
        var object = NibObject(
            id: id, element: archivedClass, className: className, customClass: customClass, placeholder: placeholder,
            parent: parent, label: NibObject.label(archivedName: record.child(key: "objectName")?.archivedText), key: node?["key"],
            line: node?.line ?? record.line)
        object.column = node?.column ?? record.column
        return object
    }

    // MARK: - Connections

    private func readConnections(_ records: XMLNode?) -> [Connection] {
        let list = records?.children.filter { $0["class"] == "IBConnectionRecord" } ?? []
        return list.compactMap { record in
            guard let connection = record.child(key: "connection"), let kindClass = connection["class"] else {
                warn(record, "connection record without connection ignored")
                return nil
            }
            let id = (record.child(key: "connectionID") ?? record.child(key: "id"))?.archivedText
            let label = connection.child(key: "label")?.archivedText ?? ""
            let source = resolve(connection.child(key: "source"), in: connection)
            let destination = resolve(connection.child(key: "destination"), in: connection)
            guard let source, let destination else {
                warn(connection, "\(plain(kindClass)) without source or destination ignored")
                return nil
            }
            let sender: ObjectID
            let kind: ConnectionKind
            switch kindClass {
            case "IBCocoaTouchEventConnection":
                // iOS event connection: source = the control, destination = the target.
                let event = (connection.child(key: "IBEventType")?.archivedText).flatMap(Int.init).flatMap(ArchivedNames.eventName)
                (sender, kind) = (source, .action(selector: label, target: destination, eventType: event))
            case "IBActionConnection":
                // AppKit action connection: source = the target, destination = the sender.
                (sender, kind) = (destination, .action(selector: label, target: source, eventType: nil))
            case "IBBindingConnection":
                (sender, kind) = (source, binding(connection, label: label, destination: destination))
            case let name where name.contains("OutletCollection"):
                (sender, kind) = (source, .outletCollection(property: label, destination: destination, appends: false))
            case let name where name.contains("Outlet"):
                (sender, kind) = (source, .outlet(property: label, destination: destination))
            default:
                warn(connection, "unknown connection class \(plain(kindClass)) ignored")
                return nil
            }
            var located = Connection(id: id.map { ObjectID($0) }, source: sender, kind: kind, line: connection.line)
            located.column = connection.column
            return located
        }
    }

    /// A `<reference key="source|destination" ref=…>` as an object id (dangling refs diagnosed).
    private func resolve(_ reference: XMLNode?, in connection: XMLNode) -> ObjectID? {
        guard let reference, let ref = reference["ref"] ?? reference["id"] else { return nil }
        if let id = objectIDByRef[ref] { return id }
        warn(reference, "dangling reference: \(plain(reference["key"] ?? "reference")) \(plain(ref)) is not an object record")
        return ObjectID(ref)
    }

    /// `NSNibBindingConnector`: binding name, key path and options; else the `name: keyPath` label.
    private func binding(_ connection: XMLNode, label: String, destination: ObjectID) -> ConnectionKind {
        let connector = connection.child(key: "connector")
        var name = connector?.child(key: "NSBinding")?.archivedText
        var keyPath = connector?.child(key: "NSKeyPath")?.archivedText
        if name == nil || keyPath == nil, let colon = label.firstIndex(of: ":") {
            name = name ?? String(label[..<colon])
            keyPath = keyPath ?? String(label[label.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        let options = Self.dictionary(connector?.child(key: "NSOptions")).map { key, value in
            BindingOption(key: key, value: value.archivedText)
        }
        return .binding(name: name ?? label, destination: destination, keyPath: keyPath ?? "", options: options.sorted { $0.key < $1.key })
    }

    // MARK: - Archived dictionaries

    /// The three ways archives write a dictionary: `dict.sortedKeys` + `dict.values` arrays,
    /// `NS.key.N` / `NS.object.N` pairs, or children carrying their `key`.
    static func dictionary(_ node: XMLNode?) -> [String: XMLNode] {
        guard let node else { return [:] }
        var result: [String: XMLNode] = [:]
        if let keys = node.child(key: "dict.sortedKeys"), let values = node.child(key: "dict.values") {
            let keyNodes = keys.children.filter { $0["key"] != "EncodedWithXMLCoder" }
            let valueNodes = values.children.filter { $0["key"] != "EncodedWithXMLCoder" }
            for (key, value) in zip(keyNodes, valueNodes) { result[key.archivedText] = value }
            return result
        }
        // `NS.object.N` looked up in one table, not by a scan per key (a hostile dictionary of
        // many pairs would be quadratic).
        var objects: [String: XMLNode] = [:]
        for child in node.children {
            if let key = child["key"], key.hasPrefix("NS.object."), objects[key] == nil { objects[key] = child }
        }
        for child in node.children {
            guard let key = child["key"], key != "EncodedWithXMLCoder" else { continue }
            if key.hasPrefix("NS.key."), let value = objects["NS.object." + key.dropFirst("NS.key.".count)] {
                result[child.archivedText] = value
            } else if !key.hasPrefix("NS.object.") && !key.hasPrefix("NS.key.") {
                result[key] = child
            }
        }
        return result
    }

    private func warn(_ node: XMLNode, _ message: String) {
        diagnostics.append(Diagnostic(.warning, at: FileLocation(file: file, line: node.line, column: node.column), message))
    }
}

extension XMLNode {
    /// The string an archive element stands for: its text, or the text of the `NS.bytes` of an
    /// archived `NSString` or `NSMutableString` object (Interface Builder 3 writes a class name
    /// typed into the inspector so: `<object class="NSMutableString" key="NSClassName">` around
    /// `<characters key="NS.bytes">NSView</characters>`; its own text is only whitespace).
    var archivedText: String {
        if name == "object", let bytes = child(key: "NS.bytes") { return bytes.archivedText }
        return stringValue
    }
}
