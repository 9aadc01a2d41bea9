import NibModel

/// Reads a compiled nib whose root holds `IB.objectdata` (`NSIBObjectData`: AppKit nibs in
/// either container, iOS 2/3 keyed archives) into a `NibGraph`.
///
/// Objects and parents come from `NSObjectsKeys`/`NSObjectsValues`, ids from
/// `NSOidsKeys`/`NSOidsValues` (the ids IB gave them, as in `designable.nib`), names from
/// `NSNamesKeys`/`NSNamesValues`, custom classes also from `NSClassesKeys`/`NSClassesValues`,
/// connections from `NSConnections`, visible windows from
/// `NSVisibleWindows`. `NSRoot` is File's Owner.
struct IBObjectDataReader {
    var builder: CompiledGraphBuilder
    var table: ArchivedObjectTable { builder.table }
    private let format: NibGraph.Format
    /// `NSClassesKeys`/`NSClassesValues`: custom class names by object.
    private var classNames: [Int: String] = [:]
    /// `NSExternalObjectsTableForViewLoading` of a storyboard controller: view-nib placeholder
    /// identifier → scene object (a segue template).
    var externalObjects: [String: ObjectID] = [:]

    init(table: ArchivedObjectTable, format: NibGraph.Format) {
        builder = CompiledGraphBuilder(table: table)
        self.format = format
    }

    /// The `NSIBObjectData` object of `table`, when its root has one.
    static func objectData(in table: ArchivedObjectTable) -> Int? {
        table.target(table.object(table.root)?["IB.objectdata"])
    }

    mutating func read(objectData: Int) -> NibGraph {
        let data = table.object(objectData) ?? ArchivedObject(className: "NSIBObjectData", fields: [], offset: 0)
        let ownerIndex = table.target(data["NSRoot"])
        let keys = table.elements(data["NSObjectsKeys"]) ?? []
        let values = table.elements(data["NSObjectsValues"]) ?? []
        if keys.count != values.count {
            builder.warn("NSObjectsKeys and NSObjectsValues differ in length (\(keys.count), \(values.count))", at: objectData)
        }
        var parents: [Int: Int] = [:]
        for (child, parent) in zip(keys, values) where parents[child] == nil { parents[child] = parent }
        for (object, oid) in mapped(data, "NSOidsKeys", "NSOidsValues") {
            if let number = table.integer(.object(oid)) { builder.ids[object] = ObjectID(String(number)) }
        }
        // Objects without an IB id get their archive number, marked so it cannot collide with one.
        builder.numberPrefix = "archive-"
        var names: [Int: String] = [:]
        for (object, name) in mapped(data, "NSNamesKeys", "NSNamesValues") {
            if let label = NibObject.label(archivedName: table.string(.object(name))) { names[object] = label }
        }
        // Older nibs name custom classes in a table of their own.
        for (object, name) in mapped(data, "NSClassesKeys", "NSClassesValues") { classNames[object] = table.string(.object(name)) }
        let isUIKit = keys.contains {
            table.object($0)?.className.hasPrefix("UI") == true || table.object($0)?.className.hasPrefix("IBUI") == true
        }
        let platform: Platform = isUIKit ? .ios : .macos
        let visible = Set(table.elements(data["NSVisibleWindows"]) ?? [])
        var members = keys
        if let ownerIndex, !keys.contains(ownerIndex) { members.insert(ownerIndex, at: 0) }
        let connections = table.elements(data["NSConnections"]) ?? []
        // Objects a connector names: outlets and actions at either end, and the object a
        // runtime-attributes connector sets values on (kept, so its attributes have an owner).
        var named = Set<Int>()
        for index in connections {
            guard let connector = table.object(index) else { continue }
            for key in ["NSSource", "NSDestination", "NSObject"] { if let target = table.target(connector[key]) { named.insert(target) } }
        }
        for index in members {
            guard let archived = table.object(index) else { continue }
            if CompiledClass.isLayoutObject(archived.className) && !named.contains(index) { continue }
            let parent = parents[index].flatMap { $0 == ownerIndex ? nil : $0 }
            addObject(index, archived, owner: index == ownerIndex, parent: parent, name: names[index], visible: visible, platform: platform)
        }
        for index in connections { addConnection(index) }
        for index in members where builder.objects[index] != nil { addStoryboardLinks(from: index) }
        builder.note(
            "compiled nib: frames, design-time attributes and IB's own records are not stored; labels are the nib's object names")
        let type = platform == .ios ? "com.apple.InterfaceBuilder3.CocoaTouch.XIB" : "com.apple.InterfaceBuilder3.Cocoa.XIB"
        return builder.graph(format: format, platform: platform, documentType: type)
    }

    /// Parallel key and value arrays as pairs (the shorter length wins).
    private func mapped(_ data: ArchivedObject, _ keys: String, _ values: String) -> [(Int, Int)] {
        Array(zip(table.elements(data[keys]) ?? [], table.elements(data[values]) ?? []))
    }

    private mutating func addObject(
        _ index: Int, _ archived: ArchivedObject, owner: Bool, parent: Int?, name: String?, visible: Set<Int>, platform: Platform
    ) {
        let id = builder.id(index)
        let resolved = CompiledClass(archived, in: table)
        let className = resolved.className
        let listed = classNames[index].flatMap { $0 == className ? nil : $0 }
        let customClass = resolved.customClass ?? listed
        var placeholder = resolved.placeholder
        if owner {
            placeholder = PlaceholderIdentifier.filesOwner
        } else if placeholder == nil {
            switch id.rawValue {
            case "-1": placeholder = PlaceholderIdentifier.firstResponder
            case "-3" where platform == .macos: placeholder = PlaceholderIdentifier.application
            // A NIBArchive stores no IB ids: the application object is the custom object of
            // class NSApplication, which AppKit resolves to NSApp rather than creating (R-NIB-3).
            case _ where platform == .macos && archived.className == "NSCustomObject" && customClass == "NSApplication":
                placeholder = PlaceholderIdentifier.application
            default: break
            }
        }
        var attributes: [String: String] = [:]
        // A storyboard controller's view nib (`<controller>-view-<view>`).
        if let nibName = table.string(archived["NSNibName"]) { attributes["nibName"] = nibName }
        // A storyboard reference names the storyboard and the controller it opens.
        if let storyboard = table.string(archived["NSStoryboardName"]) { attributes["storyboardName"] = storyboard }
        if let identifier = table.string(archived["NSReferencedControllerIdentifier"]) { attributes["referencedIdentifier"] = identifier }
        // The application's main menu (`NSName` `_NSMainMenu`), as the source's `systemMenu="main"`.
        if archived.className == "NSMenu", table.string(archived["NSName"]) == "_NSMainMenu" { attributes["systemMenu"] = "main" }
        if archived.className == "NSWindowTemplate" || className.hasSuffix("Window") {
            if !visible.contains(index) { attributes["visibleAtLaunch"] = "NO" }
            if let title = table.string(archived["NSWindowTitle"]) { attributes["title"] = title }
        }
        builder.add(
            NibObject(
                id: id, element: resolved.element, className: className, customClass: customClass, customModule: resolved.customModule,
                placeholder: placeholder, parent: parent.map(builder.id), label: name,
                storyboardIdentifier: table.string(archived["NSStoryboardIdentifier"]), attributes: attributes),
            index: index)
    }

    private mutating func addConnection(_ index: Int) {
        guard let connector = table.object(index) else { return }
        // User-defined runtime attributes name their object in `NSObject`, not `NSSource` (R-NIB-8).
        if connector.className == "NSIBUserDefinedRuntimeAttributesConnector" { return addRuntimeAttributes(connector, at: index) }
        let label = table.string(connector["NSLabel"]) ?? ""
        let source = table.target(connector["NSSource"])
        let destination = table.target(connector["NSDestination"])
        guard let source else {
            return builder.warn("\(TextQuoting.plain(connector.className)) \(TextQuoting.plain(label)) without a source ignored", at: index)
        }
        for (key, end) in [("NSSource", source), ("NSDestination", destination)] {
            if let end, builder.objects[end] == nil {
                builder.warn(
                    "dangling reference: \(key) of \(TextQuoting.plain(connector.className)) \(TextQuoting.plain(label)) is not among the nib's objects",
                    at: index)
            }
        }
        let kind: ConnectionKind
        switch connector.className {
        case "NSNibControlConnector", "NSNibAuxiliaryActionConnector":
            // AppKit: the source is the control (sender); no destination means First Responder.
            kind = .action(selector: label, target: destination.map(builder.id), eventType: nil)
        case "NSNibOutletConnector", "NSIBHelpConnector":
            guard let destination else {
                return builder.warn("outlet \(TextQuoting.plain(label)) without a destination ignored", at: index)
            }
            kind = .outlet(property: label, destination: builder.id(destination))
        case "NSNibBindingConnector":
            guard let destination else {
                return builder.warn("binding \(TextQuoting.plain(label)) without a destination ignored", at: index)
            }
            let options = table.pairs(connector["NSOptions"]).compactMap { pair -> BindingOption? in
                guard let key = table.string(.object(pair.key)) else { return nil }
                return BindingOption(key: key, value: table.string(.object(pair.value)) ?? table.className(.object(pair.value)) ?? "")
            }
            kind = .binding(
                name: table.string(connector["NSBinding"]) ?? label, destination: builder.id(destination),
                keyPath: table.string(connector["NSKeyPath"]) ?? "", options: options.sorted { $0.key < $1.key })
        case "NSNibConnector":
            // The base class establishes nothing: ibtool writes one per stack view to order
            // decoding ("Encoding NSStackView requires being decoded before other connections…").
            return
        default:
            return builder.warn("unknown connection class \(TextQuoting.plain(connector.className)) ignored", at: index)
        }
        builder.connections.append(Connection(id: builder.ids[index], source: builder.id(source), kind: kind))
    }
}
