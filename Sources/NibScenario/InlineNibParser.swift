import Foundation
import NibModel
import NibParsing

/// Reads `nibs:`: each entry is a document file (`path:`) or an inline nib (`objects:` for a xib,
/// `scenes:` for a storyboard) written as a tree of objects with their connections.
struct InlineNibParser {
    let file: String
    let platform: Platform
    let baseDirectory: URL?
    let loadDocument: ScenarioParser.DocumentLoader?

    static let nibKeys = ["path", "inBundle", "storyboard", "initialViewController", "objects", "scenes"]
    static let objectKeys = [
        "id", "element", "class", "customClass", "customModule", "placeholder", "label", "key", "storyboardIdentifier",
        "sceneMember", "attributes", "runtimeAttributes", "connections", "children",
    ]
    static let connectionKinds = ["outlet", "outletCollection", "action", "binding", "segue"]

    func nibs(_ node: YAMLNode) throws -> [ScenarioNib] {
        try node.fields("nibs").entries.map { name, _, value in try nib(name, value) }
    }

    private func nib(_ name: String, _ node: YAMLNode) throws -> ScenarioNib {
        let fields = try node.fields("nib \(name)", allowed: Self.nibKeys)
        let inBundle = try fields["inBundle"]?.bool("inBundle") ?? true
        if let path = try fields.string("path") {
            guard fields["objects"] == nil, fields["scenes"] == nil else {
                throw node.error("nib \(name): give either 'path' or inline 'objects'/'scenes', not both")
            }
            guard let loadDocument else {
                throw (fields["path"] ?? node).error("nib \(name): reading \(path) needs the IB document parser, which this build lacks")
            }
            let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
            let shown =
                (file as NSString).deletingLastPathComponent.isEmpty ? path : (file as NSString).deletingLastPathComponent + "/" + path
            let graph = try loadDocument(url, shown)
            // R-SB-10: a document of the other platform is an error, never a silent mix.
            if graph.platform.usesAppKit != platform.usesAppKit {
                throw (fields["path"] ?? node).error(
                    "nib \(name): \(path) is \(graph.platform.usesAppKit ? "a macOS" : "an iOS") document but the scenario's platform is \(platform.usesAppKit ? "macos" : "ios") (R-SB-10)"
                )
            }
            return ScenarioNib(name: name, path: path, graph: graph, inBundle: inBundle)
        }
        let isStoryboard = try fields["storyboard"]?.bool("storyboard") ?? (fields["scenes"] != nil)
        var builder = GraphBuilder(platform: platform)
        if let scenes = fields["scenes"] {
            for sceneNode in try scenes.items("scenes") {
                let scene = try sceneNode.fields("a scene", allowed: ["id", "objects"], required: ["id", "objects"])
                let sceneID = try scene.required("id", in: "a scene")
                builder.scenes.append(Scene(id: sceneID, line: sceneNode.location.line))
                for item in try scene["objects"]?.items("scene objects") ?? [] {
                    try object(item, parent: nil, scene: sceneID, into: &builder)
                }
            }
        }
        for item in try fields["objects"]?.items("objects") ?? [] { try object(item, parent: nil, scene: nil, into: &builder) }
        for index in builder.scenes.indices {
            builder.scenes[index].controller =
                builder.objects.first { $0.scene == builder.scenes[index].id && $0.sceneMemberID == "viewController" }?.id
        }
        let type =
            platform.usesAppKit
            ? (isStoryboard ? "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" : "com.apple.InterfaceBuilder3.Cocoa.XIB")
            : (isStoryboard ? "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
        let graph = NibGraph(
            file: "\(file)#\(name)", format: .scenario, documentType: type, platform: platform,
            targetRuntime: platform.usesAppKit ? "MacOSX.Cocoa" : "iOS.CocoaTouch", isStoryboard: isStoryboard,
            objects: builder.objects, connections: builder.connections, scenes: builder.scenes,
            initialViewController: try fields.string("initialViewController").map { ObjectID($0) }
        )
        return ScenarioNib(name: name, graph: graph, inBundle: inBundle)
    }

    private struct GraphBuilder {
        let platform: Platform
        var objects: [NibObject] = []
        var connections: [Connection] = []
        var scenes: [Scene] = []
    }

    private func object(_ node: YAMLNode, parent: ObjectID?, scene: String?, into builder: inout GraphBuilder) throws {
        let f = try node.fields("an object", allowed: Self.objectKeys, required: ["id"])
        let id = ObjectID(try f.required("id", in: "an object"))
        var placeholder = try f.string("placeholder")
        let element =
            try f.string("element") ?? (placeholder != nil ? (platform.usesAppKit ? "customObject" : "placeholder") : "customObject")
        if placeholder == nil, platform.usesAppKit, element == "customObject" {
            // R-XML-4: macOS placeholders are customObjects with reserved ids.
            placeholder =
                [
                    "-2": PlaceholderIdentifier.filesOwner, "-1": PlaceholderIdentifier.firstResponder,
                    "-3": PlaceholderIdentifier.application,
                ][id.rawValue]
        }
        var attributes: [String: String] = [:]
        for (key, _, value) in try f["attributes"]?.fields("attributes").entries ?? [] {
            attributes[key] = try value.string("attribute \(key)")
        }
        var runtime: [RuntimeAttribute] = []
        for item in try f["runtimeAttributes"]?.items("runtimeAttributes") ?? [] {
            let r = try item.fields("a runtime attribute", allowed: ["keyPath", "type", "value"], required: ["keyPath"])
            runtime.append(
                RuntimeAttribute(
                    type: try r.string("type") ?? "string", keyPath: try r.required("keyPath", in: "a runtime attribute"),
                    value: try r.string("value")))
        }
        builder.objects.append(
            NibObject(
                id: id, element: element,
                className: try f.string("class") ?? Self.frameworkClass(element: element, platform: platform, placeholder: placeholder),
                customClass: try f.string("customClass"), customModule: try f.string("customModule"), placeholder: placeholder,
                parent: parent,
                scene: scene, label: try f.string("label"), key: try f.string("key"),
                storyboardIdentifier: try f.string("storyboardIdentifier"),
                sceneMemberID: try f.string("sceneMember"), attributes: attributes, runtimeAttributes: runtime, line: node.location.line
            )
        )
        for item in try f["connections"]?.items("connections") ?? [] { builder.connections.append(try connection(item, source: id)) }
        for child in try f["children"]?.items("children") ?? [] { try object(child, parent: id, scene: scene, into: &builder) }
    }

    private func connection(_ node: YAMLNode, source: ObjectID) throws -> Connection {
        let allowed =
            Self.connectionKinds + [
                "id", "destination", "target", "eventType", "keyPath", "options", "appends", "identifier", "relationship", "customClass",
                "unwindAction", "modalPresentationStyle",
            ]
        let f = try node.fields("a connection", allowed: allowed)
        let kinds = f.entries.filter { Self.connectionKinds.contains($0.key) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw node.error("a connection needs exactly one of: \(Self.connectionKinds.joined(separator: ", "))")
        }
        let id = try f.string("id").map { ObjectID($0) }
        let value = try kind.value.string(kind.key)
        let destination = try f.string("destination").map { ObjectID($0) }
        func requireDestination() throws -> ObjectID {
            guard let destination else { throw node.error("\(kind.key) \(value) needs 'destination'") }
            return destination
        }
        let line = node.location.line
        switch kind.key {
        case "outlet":
            return Connection(id: id, source: source, kind: .outlet(property: value, destination: try requireDestination()), line: line)
        case "outletCollection":
            let appends = try f["appends"]?.bool("appends") ?? false
            return Connection(
                id: id, source: source, kind: .outletCollection(property: value, destination: try requireDestination(), appends: appends),
                line: line)
        case "action":
            let target = try destination ?? f.string("target").map { ObjectID($0) }
            return Connection(
                id: id, source: source, kind: .action(selector: value, target: target, eventType: try f.string("eventType")), line: line)
        case "binding":
            var options: [BindingOption] = []
            for (key, _, optionValue) in try f["options"]?.fields("options").entries ?? [] {
                options.append(BindingOption(key: key, value: try optionValue.string(key)))
            }
            let keyPath = try f.required("keyPath", in: "binding \(value)")
            return Connection(
                id: id, source: source,
                kind: .binding(name: value, destination: try requireDestination(), keyPath: keyPath, options: options), line: line)
        default:
            let segue = Segue(
                kind: value, identifier: try f.string("identifier"), relationship: try f.string("relationship"),
                customClass: try f.string("customClass"), unwindAction: try f.string("unwindAction"),
                modalPresentationStyle: try f.string("modalPresentationStyle"))
            return Connection(id: id, source: source, kind: .segue(destination: try requireDestination(), segue), line: line)
        }
    }

    /// The framework class an element implies (`button` → `UIButton`, `customView` → `NSView`).
    static func frameworkClass(element: String, platform: Platform, placeholder: String?) -> String {
        if placeholder == PlaceholderIdentifier.firstResponder { return platform.usesAppKit ? "FirstResponder" : "UIResponder" }
        if placeholder != nil || element == "customObject" { return "NSObject" }
        let special: [String: String] =
            platform.usesAppKit
            ? ["customView": "NSView", "tableCellView": "NSTableCellView", "application": "NSApplication"]
            : ["placeholder": "NSObject"]
        if let name = special[element] { return name }
        return platform.classPrefix + element.prefix(1).uppercased() + element.dropFirst()
    }
}
