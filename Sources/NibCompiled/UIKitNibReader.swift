import NibModel

/// Reads a UIKit compiled nib (root keys `UINibTopLevelObjectsKey`, `UINibObjectsKey`,
/// `UINibConnectionsKey`, …) into a `NibGraph`.
///
/// Objects: the nib's object list, the views and child controllers below them (`UISubviews`,
/// `UIChildViewControllers`) and whatever a connection names; constraints and layout guides only when a connection names them, as the
/// XML reader does. Ids are archive object numbers (`12`): compiled nibs keep no IB ids.
struct UIKitNibReader {
    var builder: CompiledGraphBuilder
    var table: ArchivedObjectTable { builder.table }
    /// Placeholder identifiers of the scene's view nib → the scene objects they stand for
    /// (`UIExternalObjectsTableForViewLoading`), filled by `read()`.
    private(set) var externalObjects: [String: ObjectID] = [:]
    let format: NibGraph.Format

    /// How deep this nib is nested in prototype-cell nibs (0 for a nib file).
    let depth: Int

    /// Bytes of nested nibs still allowed to be decoded, shared by every level.
    let nestedBudget: NestedNibBudget

    init(table: ArchivedObjectTable, format: NibGraph.Format, depth: Int = 0, nestedBudget: NestedNibBudget? = nil) {
        builder = CompiledGraphBuilder(table: table)
        self.format = format
        self.depth = depth
        // The same nested nib may be named many times; four times the file's own size is plenty
        // for real nibs and keeps repetition from multiplying work.
        self.nestedBudget = nestedBudget ?? NestedNibBudget(bytes: 4 * table.byteCount)
    }

    mutating func read() -> NibGraph {
        guard let root = table.object(table.root) else { return builder.graph(format: format, platform: .ios, documentType: "") }
        let topLevel = table.elements(root["UINibTopLevelObjectsKey"]) ?? []
        let listed = table.elements(root["UINibObjectsKey"]) ?? []
        let connectionObjects = table.elements(root["UINibConnectionsKey"]) ?? []
        var named = Set<Int>()
        for index in connectionObjects {
            guard let connector = table.object(index) else { continue }
            for key in ["UISource", "UIDestination"] { if let target = table.target(connector[key]) { named.insert(target) } }
        }
        let segueTemplates = Set(listed.filter { table.object($0)?.className.hasSuffix("SegueTemplate") == true })
        var parents: [Int: Int] = [:]
        var candidates: [Int] = []
        var queued = Set<Int>()
        func enqueue(_ index: Int, parent: Int?) {
            guard queued.insert(index).inserted else { return }
            candidates.append(index)
            if let parent { parents[index] = parent }
        }
        for index in topLevel + listed + named.sorted() where !segueTemplates.contains(index) { enqueue(index, parent: nil) }
        // Views and child controllers below the listed objects, breadth first; `queued` stops cycles.
        var cursor = 0
        while cursor < candidates.count {
            let index = candidates[cursor]
            cursor += 1
            let object = table.object(index)
            let children = (table.elements(object?["UISubviews"]) ?? []) + (table.elements(object?["UIChildViewControllers"]) ?? [])
            for child in children {
                if queued.contains(child) { parents[child] = parents[child] ?? index } else { enqueue(child, parent: index) }
            }
        }
        let visible = Set(table.elements(root["UINibVisibleWindowsKey"]) ?? [])
        for index in candidates {
            guard let archived = table.object(index) else { continue }
            if CompiledClass.isLayoutObject(archived.className) && !named.contains(index) { continue }
            let superview = table.target(archived["UISuperview"])
            addObject(index, archived, parent: parents[index] ?? superview, visible: visible)
        }
        // A segue template's back-pointer to its controller is the segue itself (added below).
        for index in connectionObjects where !segueTemplates.contains(table.target(table.object(index)?["UISource"]) ?? -1) {
            addConnection(index)
        }
        for index in candidates where builder.objects[index] != nil {
            addSegues(from: index)
            addRelationships(from: index)
            for pair in table.pairs(table.object(index)?["UIExternalObjectsTableForViewLoading"]) {
                if let identifier = table.string(.object(pair.key)) { externalObjects[identifier] = builder.id(pair.value) }
            }
        }
        addRuntimeAttributes(table.elements(root["UINibKeyValuePairsKey"]) ?? [])
        builder.note(
            "compiled nib: user labels, IB object ids, frames and design-time attributes are not stored; ids are archive object numbers")
        for index in candidates where builder.objects[index] != nil { expandPrototypes(of: index) }
        return builder.graph(format: format, platform: .ios, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
    }

    private mutating func addObject(_ index: Int, _ archived: ArchivedObject, parent: Int?, visible: Set<Int>) {
        let resolved = CompiledClass(archived, in: table)
        let (className, customClass, placeholder) = (resolved.className, resolved.customClass, resolved.placeholder)
        var attributes: [String: String] = [:]
        if className.hasSuffix("Window") && !visible.contains(index) { attributes["visibleAtLaunch"] = "NO" }
        if let nibName = table.string(archived["UINibName"]) { attributes["nibName"] = nibName }
        if let title = table.string(archived["UITitle"]) { attributes["title"] = title }
        builder.add(
            NibObject(
                id: builder.id(index), element: resolved.element, className: className, customClass: customClass,
                customModule: resolved.customModule,
                placeholder: placeholder, parent: parent.map(builder.id), key: nil,
                storyboardIdentifier: table.string(archived["UIStoryboardIdentifier"]), attributes: attributes),
            index: index)
    }

    private mutating func addConnection(_ index: Int) {
        guard let connector = table.object(index) else { return }
        let label = table.string(connector["UILabel"]) ?? ""
        let source = table.target(connector["UISource"])
        let destination = table.target(connector["UIDestination"])
        let kind: ConnectionKind
        switch connector.className {
        case "UIRuntimeOutletConnection", "UIRuntimeOutletCollectionConnection":
            guard let destination else {
                return builder.warn("\(connector.className) \(TextQuoting.plain(label)) without a destination ignored", at: index)
            }
            kind =
                connector.className == "UIRuntimeOutletConnection"
                ? .outlet(property: label, destination: builder.id(destination))
                : .outletCollection(
                    property: label, destination: builder.id(destination),
                    appends: connector["UIAddsContentToExistingCollection"] == .bool(true))
        case "UIRuntimeEventConnection":
            let mask = table.integer(connector["UIEventMask"]) ?? 0
            kind = .action(selector: label, target: destination.map(builder.id), eventType: Self.eventName(mask: mask))
        default:
            return builder.warn("unknown connection class \(TextQuoting.plain(connector.className)) ignored", at: index)
        }
        guard let source else {
            return builder.warn("\(connector.className) \(TextQuoting.plain(label)) without a source ignored", at: index)
        }
        builder.connections.append(Connection(id: nil, source: builder.id(source), kind: kind))
    }

    /// `UINibKeyValuePair`s: user-defined runtime attributes (R-NIB-8).
    private mutating func addRuntimeAttributes(_ pairs: [Int]) {
        for index in pairs {
            guard let pair = table.object(index), let object = table.target(pair["UIObject"]),
                let keyPath = table.string(pair["UIKeyPath"])
            else { continue }
            let value = pair["UIValue"]
            let text = table.string(value) ?? table.integer(value).map(String.init)
            guard var target = builder.objects[object] else { continue }
            target.runtimeAttributes.append(RuntimeAttribute(type: table.className(value) ?? "value", keyPath: keyPath, value: text))
            builder.objects[object] = target
        }
    }

    /// One event bit names its event (`UIControlEvents` bit N is the archive format's event
    /// type N+1); a mask of several bits is written as their names joined by `|`.
    static func eventName(mask: Int64) -> String? {
        guard mask > 0 else { return nil }
        let names = (0..<32).filter { mask & (1 << $0) != 0 }.map { ArchivedNames.eventName($0 + 1) ?? "bit\($0)" }
        return names.joined(separator: "|")
    }
}
