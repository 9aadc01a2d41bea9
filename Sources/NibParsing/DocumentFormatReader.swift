import NibModel

/// Reads the Xcode 5+ `<document>` format (R-XML-1 … R-XML-9) into a `NibGraph`.
///
/// Object rule: an element is an object when it has an `id`, is not a reference
/// (`reference=`), and is not one of `ElementClassTable.nonObjectElements` (connections,
/// `<device>`, `<adaptation>`, …). Constraints and layout guides are objects only when a
/// connection points at them. An object's parent is the nearest enclosing object element.
final class DocumentFormatReader {
    private let file: String
    private var platform: Platform = .ios
    private var objects: [NibObject] = []
    private var objectIDs: Set<String> = []
    private var connections: [Connection] = []
    private var scenes: [Scene] = []
    private var sceneStarts: [Int] = []
    private var diagnostics: [Diagnostic] = []
    /// Ids that connections point at (decides whether a constraint is an object).
    private var referenced: Set<String> = []
    /// Every id in the document with the element that declares it.
    private var declared: [String: XMLNode] = [:]
    /// References to check once every object is known: (element, id referred to).
    private var pendingReferences: [(node: XMLNode, id: String)] = []

    init(file: String) { self.file = file }

    /// Builds the graph from the `<document>` root.
    func read(_ root: XMLNode) -> NibGraph {
        let type = root["type"] ?? ""
        let kind = DocumentKind(type: type, targetRuntime: root["targetRuntime"])
        platform = kind.platform
        if let problem = kind.problem { warn(root, problem) }
        scanIDs(root)
        for child in root.children where !ElementClassTable.skippedSubtrees.contains(child.name) {
            walk(child, parent: nil, scene: nil)
        }
        let initial = root["initialViewController"]
        if let initial { pendingReferences.append((root, initial)) }
        checkReferences()
        finishScenes()
        return NibGraph(
            file: file, format: .document, documentType: type, platform: platform,
            targetRuntime: root["targetRuntime"], toolsVersion: root["toolsVersion"],
            isStoryboard: kind.isStoryboard || root.child("scenes") != nil,
            objects: objects, connections: connections, scenes: scenes,
            initialViewController: initial.map { ObjectID($0) }, diagnostics: Self.inFileOrder(diagnostics))
    }

    /// Diagnostics by position (the id scan and the walk find problems in separate passes).
    static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.location.line, $0.element.location.column, $0.offset)
                < ($1.element.location.line, $1.element.location.column, $1.offset)
        }.map(\.element)
    }

    // MARK: - Ids

    /// Records every id (duplicates are diagnosed, R-XML-8) and every id a connection names.
    private func scanIDs(_ node: XMLNode) {
        if node.name == "device" { return }  // `<device id>`/`<adaptation id>` name screens, not objects
        if let id = node["id"], node["reference"] == nil {
            if let first = declared[id] {
                warn(node, "duplicate id \(quote(id)) on <\(node.name)> (first used on line \(first.line) by <\(first.name)>)")
            } else {
                declared[id] = node
            }
        }
        if Self.connectionElements.contains(node.name) {
            if let destination = node["destination"] { referenced.insert(destination) }
            if let target = node["target"] { referenced.insert(target) }
        }
        for child in node.children { scanIDs(child) }
    }

    private func isObject(_ node: XMLNode, id: String) -> Bool {
        if node["reference"] != nil || ElementClassTable.nonObjectElements.contains(node.name) { return false }
        if ElementClassTable.layoutElements.contains(node.name) { return referenced.contains(id) }
        return true
    }

    // MARK: - Walk

    private func walk(_ node: XMLNode, parent: ObjectID?, scene: String?) {
        switch node.name {
        case "scene":
            let id = node["sceneID"] ?? node["id"] ?? ""
            if let first = scenes.first(where: { $0.id == id }) {
                // A bad merge repeats a scene: keep the first, so every object is drawn once.
                warn(node, "duplicate scene \(quote(id)) (first on line \(first.line)); its objects are kept once")
            } else {
                scenes.append(Scene(id: id, title: node.precedingComment, line: node.line))
                sceneStarts.append(objects.count)
            }
            for child in node.children { walk(child, parent: nil, scene: id) }
            return
        case "connections":
            for child in node.children { readConnection(child, source: parent) }
            return
        case "userDefinedRuntimeAttributes":
            return  // read with their object
        default:
            if ElementClassTable.skippedSubtrees.contains(node.name) { return }
        }
        var current = parent
        if let id = node["id"], isObject(node, id: id) {
            // Object ids stay unique (the first object wins, as in `NibGraph.objectsByID`), so
            // a parent always comes before its children and the hierarchy has no cycles.
            // (`scanIDs` has already reported the duplicate.)
            if objectIDs.insert(id).inserted {
                objects.append(makeObject(node, id: id, parent: parent, scene: scene))
            }
            current = ObjectID(id)
        }
        for child in node.children { walk(child, parent: current, scene: scene) }
    }

    /// Attributes kept in dedicated fields, so `attributes` holds only the others. Gated on the
    /// length, read inline: a string comparison is a call, and most attributes are not mapped.
    private static func isMapped(_ attribute: String) -> Bool {
        switch attribute.utf8.count {
        case 2: attribute == "id"
        case 3: attribute == "key"
        case 9: attribute == "userLabel"
        case 11: attribute == "customClass"
        case 12: attribute == "customModule"
        case 13: attribute == "sceneMemberID"
        case 20: attribute == "storyboardIdentifier"
        default: false
        }
    }

    private func makeObject(_ node: XMLNode, id: String, parent: ObjectID?, scene: String?) -> NibObject {
        var className = ElementClassTable.className(of: node.name, platform: platform)
        if className == nil {
            warn(node, "unknown element <\(node.name)> kept as a generic object")
            className = ElementClassTable.fallbackClassName(of: node.name, platform: platform)
        }
        // A later duplicate wins, as in `XMLNode.attributes`; sized once, to what it keeps.
        var attributes: [String: String] = [:]
        attributes.reserveCapacity(node.attributeList.count { !Self.isMapped($0.name) })
        for (name, value) in node.attributeList where !Self.isMapped(name) { attributes[name] = value }
        var object = NibObject(
            id: ObjectID(id), element: node.name, className: className ?? "NSObject",
            customClass: node["customClass"], customModule: node["customModule"],
            placeholder: placeholderIdentifier(node, id: id), parent: parent, scene: scene,
            label: node["userLabel"], key: node["key"], storyboardIdentifier: node["storyboardIdentifier"],
            sceneMemberID: node["sceneMemberID"], attributes: attributes,
            runtimeAttributes: node.child("userDefinedRuntimeAttributes").map(Self.runtimeAttributes) ?? [],
            line: node.line, contentText: Self.contentText(node))
        object.column = node.column
        return object
    }

    /// Text an object shows that IB writes in a child element: `<state key="normal" title=…>`
    /// (UIButton), `<buttonConfiguration title=…>`, `<string key="text">` (long label text), or
    /// the `title`/`placeholderString` of its cell (AppKit controls draw through their cell).
    static func contentText(_ node: XMLNode) -> String? {
        for child in node.children {
            switch child.name {
            case "state" where child["key"] == "normal":
                if let title = child["title"], !title.isEmpty { return title }
            case "buttonConfiguration":
                if let title = child["title"], !title.isEmpty { return title }
            case "string" where child["key"] == "text" || child["key"] == "title":
                let value = child.stringValue
                if !value.isEmpty { return value }
            default:
                if child["key"] == "cell" {
                    for key in ["title", "placeholderString"] {
                        if let value = child[key], !value.isEmpty { return value }
                    }
                }
            }
        }
        return nil
    }

    /// R-XML-3/4/5: iOS `<placeholder>`, macOS `<customObject id="-1|-2|-3">` and scene first
    /// responders, storyboard references.
    private func placeholderIdentifier(_ node: XMLNode, id: String) -> String? {
        switch node.name {
        case "placeholder":
            if let identifier = node["placeholderIdentifier"], !identifier.isEmpty { return identifier }
            warn(node, "<placeholder> \(quote(id)) has no placeholderIdentifier")
            return "IBExternalObject"
        case "viewControllerPlaceholder", "controllerPlaceholder":
            return PlaceholderIdentifier.storyboardReference
        case "customObject" where platform == .macos:
            switch id {
            case "-1": return PlaceholderIdentifier.firstResponder
            case "-2": return PlaceholderIdentifier.filesOwner
            case "-3": return PlaceholderIdentifier.application
            default: return node["sceneMemberID"] == "firstResponder" ? PlaceholderIdentifier.firstResponder : nil
            }
        default:
            return nil
        }
    }

    /// R-XML-11: `type`, `keyPath`, and the value (attribute or typed child element).
    private static func runtimeAttributes(_ container: XMLNode) -> [RuntimeAttribute] {
        container.children.filter { $0.name == "userDefinedRuntimeAttribute" }.map { node in
            let type = node["type"] ?? ""
            let value = node["value"] ?? node.children.first.map(valueText)
            return RuntimeAttribute(type: type, keyPath: node["keyPath"] ?? "", value: value)
        }
    }

    /// A typed value element as text: `value=`, geometry as `{…}`, strings decoded.
    static func valueText(_ node: XMLNode) -> String {
        if let value = node["value"] { return value }
        let a = node
        switch node.name {
        case "size": return "{\(a["width"] ?? "0"), \(a["height"] ?? "0")}"
        case "point": return "{\(a["x"] ?? "0"), \(a["y"] ?? "0")}"
        case "rect": return "{{\(a["x"] ?? "0"), \(a["y"] ?? "0")}, {\(a["width"] ?? "0"), \(a["height"] ?? "0")}}"
        case "range": return "{\(a["location"] ?? "0"), \(a["length"] ?? "0")}"
        case "nil": return "nil"
        case "string", "mutableString": return node.stringValue
        default: return node.name
        }
    }

    // MARK: - Connections

    static let connectionElements: Set<String> = ["outlet", "outletCollection", "action", "binding", "segue"]

    /// R-XML-7: a `<connections>` child belongs to the enclosing object (its source).
    private func readConnection(_ node: XMLNode, source: ObjectID?) {
        guard Self.connectionElements.contains(node.name) else {
            if node.name != "accessibilityConnection" { warn(node, "unknown connection element <\(node.name)> ignored") }
            return
        }
        if node.name == "segue", node["reference"] != nil { return }  // back-reference, not a new segue
        guard let source else {
            warn(node, "<\(node.name)> outside any object ignored")
            return
        }
        guard let kind = connectionKind(node) else { return }
        var connection = Connection(
            id: node["id"].map { ObjectID($0) }, source: source, kind: kind, line: node.line,
            namesTargetAttribute: node.name == "action" && node["target"] != nil)
        connection.column = node.column
        if let destination = connection.destination { pendingReferences.append((node, destination.rawValue)) }
        connections.append(connection)
    }

    private func connectionKind(_ node: XMLNode) -> ConnectionKind? {
        if node.name == "action" {
            // macOS writes `target=`, iOS `destination=`; neither means the responder chain.
            let target = (node["target"] ?? node["destination"]).map { ObjectID($0) }
            return .action(selector: required(node, "selector"), target: target, eventType: node["eventType"])
        }
        guard let destination = node["destination"].map({ ObjectID($0) }) else {
            warn(node, "<\(node.name)> without destination ignored")
            return nil
        }
        switch node.name {
        case "outlet":
            return .outlet(property: required(node, "property"), destination: destination)
        case "outletCollection":
            return .outletCollection(property: required(node, "property"), destination: destination, appends: node["appends"] == "YES")
        case "binding":
            let options = node.child(key: "options")?.children.compactMap { option -> BindingOption? in
                guard let key = option["key"] else { return nil }
                return BindingOption(key: key, value: Self.valueText(option))
            }
            return .binding(
                name: required(node, "name"), destination: destination, keyPath: node["keyPath"] ?? "",
                options: (options ?? []).sorted { $0.key < $1.key })
        default:
            let segue = Segue(
                kind: node["kind"] ?? "", identifier: node["identifier"], relationship: node["relationship"],
                customClass: node["customClass"], unwindAction: node["unwindAction"],
                modalPresentationStyle: node["modalPresentationStyle"], popoverAnchor: node["popoverAnchorView"].map { ObjectID($0) })
            if let anchor = segue.popoverAnchor { pendingReferences.append((node, anchor.rawValue)) }
            return .segue(destination: destination, segue)
        }
    }

    private func required(_ node: XMLNode, _ attribute: String) -> String {
        if let value = node[attribute] { return value }
        warn(node, "<\(node.name)> without \(attribute)")
        return ""
    }

    // MARK: - Finishing

    /// Dangling references (R-XML-8): every destination, target and initial controller resolves.
    private func checkReferences() {
        let ids = Set(objects.map(\.id.rawValue))
        for (node, id) in pendingReferences where !ids.contains(id) {
            let what = node.name == "document" ? "initialViewController" : "<\(node.name)>"
            if let other = declared[id] {
                warn(node, "\(what) refers to \(quote(id)), a <\(other.name)> that is not an object")
            } else {
                warn(node, "dangling reference: \(what) refers to missing id \(quote(id))")
            }
        }
    }

    /// Each scene's controller (`sceneMemberID="viewController"`) and a readable title.
    private func finishScenes() {
        for index in scenes.indices {
            let end = index + 1 < sceneStarts.count ? sceneStarts[index + 1] : objects.count
            let members = objects[sceneStarts[index]..<end]
            let controller =
                members.first { $0.parent == nil && $0.sceneMemberID == "viewController" }
                ?? members.first { $0.parent == nil && !$0.isPlaceholder && $0.element != "exit" }
            guard let controller else { continue }
            scenes[index].controller = controller.id
            let navigationTitle = members.first { $0.parent == controller.id && $0.element == "navigationItem" }?.attributes["title"]
            // Explicit titles first, then the scene name IB writes as a comment before <scene>.
            scenes[index].title = controller.attributes["title"] ?? navigationTitle ?? scenes[index].title ?? controller.label
        }
    }

    private func warn(_ node: XMLNode, _ message: String) {
        diagnostics.append(Diagnostic(.warning, at: FileLocation(file: file, line: node.line, column: node.column), message))
    }
}
