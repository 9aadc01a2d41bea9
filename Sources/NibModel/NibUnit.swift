/// One compiled nib as the loader sees it: a xib, or one of a storyboard scene's two nibs
/// (controller nib and view nib, R-XML-10).
public struct NibUnit: Sendable {
    /// The resource name used in messages (`CardView`, `BYZ-38-t0r-view-8bC-Xf-vdC`).
    public var name: String
    /// The objects of the nib in SIM-ORDER, placeholders included (R-CONV-5).
    public var objects: [NibObject]
    /// The connections the nib holds, in document order.
    public var connections: [Connection]
    /// Objects of another nib this one refers to (the view nib's owner VC and scene siblings).
    public var proxyIDs: Set<ObjectID> = []
    /// The File's Owner placeholder id, when the nib has one.
    public var ownerID: ObjectID?
    /// A synthesized File's Owner `view` outlet (storyboard view nibs, G-XML-1), owner → root view.
    public var viewOutlet: ObjectID?
    /// Prototype cells left out of the load: each is a nib of its own, loaded when the table
    /// asks for a cell (R-SB-7).
    public var prototypeCells: [NibObject] = []

    /// A xib (or a scenario's inline nib): every object and connection of the graph, but the
    /// prototype cells (an AppKit view-based table column's `<prototypeCellViews>`) and what
    /// they hold: `makeViewWithIdentifier:owner:` loads each, once per row (R-SB-7), never the
    /// document's load.
    public init(name: String, graph: NibGraph) {
        self.name = name
        let byID = graph.objectsByID
        let cells = graph.objects.filter { PrototypeCell.isPrototype($0, objects: byID) }
        if cells.isEmpty {
            objects = graph.objects
            connections = graph.connections
        } else {
            let members = Self.subtree(of: cells.map(\.id), children: graph.childrenByParent)
            objects = graph.objects.filter { !members.contains($0.id) }
            connections = graph.connections.filter {
                !members.contains($0.source) && !($0.destination.map(members.contains) ?? false)
            }
            prototypeCells = cells
        }
        ownerID = graph.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner }?.id
    }

    /// A subset of a storyboard.
    public init(
        name: String, objects: [NibObject], connections: [Connection], proxyIDs: Set<ObjectID>, ownerID: ObjectID?, viewOutlet: ObjectID?
    ) {
        self.name = name
        self.objects = objects
        self.connections = connections
        self.proxyIDs = proxyIDs
        self.ownerID = ownerID
        self.viewOutlet = viewOutlet
    }

    /// `roots` and everything below them.
    static func subtree(of roots: [ObjectID], children: [ObjectID: [ObjectID]]) -> Set<ObjectID> {
        var members: Set<ObjectID> = []
        var stack = roots
        while let next = stack.popLast() {
            guard members.insert(next).inserted else { continue }
            stack.append(contentsOf: children[next] ?? [])
        }
        return members
    }

    /// Whether an object is resolved rather than instantiated (R-NIB-3): placeholders, and the
    /// storyboard scene members that stand for them.
    public static func isPlaceholder(_ object: NibObject) -> Bool {
        object.isPlaceholder || object.sceneMemberID == "firstResponder" || object.sceneMemberID == "exit"
            || object.element == "exit" || object.element == "viewControllerPlaceholder"
            || object.element == "controllerPlaceholder"
    }
}

/// The two nibs of a storyboard scene (R-XML-10, R-OUT-7).
public struct SceneNibs: Sendable {
    /// The controller.
    public var controller: ObjectID
    /// The controller nib: the controller and everything of the scene outside its view.
    public var controllerNib: NibUnit
    /// The view nib `<vcID>-view-<viewID>`, when the controller has a `key="view"` view.
    public var viewNib: NibUnit?
    /// Prototype cells of the view's table and collection views, each its own nib (R-SB-7), in
    /// document order.
    public var prototypes: [PrototypeCell] = []

    /// Splits the scene of `controller` in `graph`.
    public init?(graph: NibGraph, controller: ObjectID) {
        guard let vc = graph.objects.first(where: { $0.id == controller }) else { return nil }
        self.controller = controller
        let sceneObjects = graph.objects.filter { vc.scene == nil ? true : $0.scene == vc.scene }
        let children = graph.childrenByParent
        let rootView = sceneObjects.first { $0.parent == controller && $0.key == "view" }
        var viewSet: Set<ObjectID> = []
        if let rootView {
            // Scene-level objects beside the controller (gesture recognizers, custom objects) travel
            // with the view nib, where the view refers to them.
            let extras = sceneObjects.filter { $0.parent == nil && $0.id != controller && !NibUnit.isPlaceholder($0) }
            viewSet = NibUnit.subtree(of: [rootView.id] + extras.map(\.id), children: children)
        }
        // R-SB-7: a prototype cell and everything in it is a nib of its own, loaded at dequeue.
        let byID = graph.objectsByID
        let cells = sceneObjects.filter { viewSet.contains($0.id) && PrototypeCell.isPrototype($0, objects: byID) }
        var cellSets: [(cell: NibObject, members: Set<ObjectID>)] = []
        for cell in cells where !cellSets.contains(where: { $0.members.contains(cell.id) }) {
            let members = NibUnit.subtree(of: [cell.id], children: children)
            cellSets.append((cell, members))
            viewSet.subtract(members)
        }
        let allCellMembers = cellSets.reduce(into: Set<ObjectID>()) { $0.formUnion($1.members) }
        let sceneIDs = Set(sceneObjects.map(\.id))
        let sceneConnections = graph.connections.filter { sceneIDs.contains($0.source) }
        let inCell: (Connection, Set<ObjectID>) -> Bool = { connection, members in
            members.contains(connection.source) || connection.destination.map { members.contains($0) } == true
        }
        let inView: (Connection) -> Bool = { connection in
            !inCell(connection, allCellMembers)
                && (viewSet.contains(connection.source) || connection.destination.map { viewSet.contains($0) } == true)
        }
        let placeholders = sceneObjects.filter(NibUnit.isPlaceholder)
        controllerNib = NibUnit(
            name: SceneNibs.controllerNibName(vc),
            objects: sceneObjects.filter { !viewSet.contains($0.id) && !allCellMembers.contains($0.id) },
            connections: sceneConnections.filter { !inView($0) && !inCell($0, allCellMembers) }, proxyIDs: [], ownerID: nil,
            viewOutlet: nil
        )
        if let rootView {
            let proxies = Set(
                sceneObjects.filter { !viewSet.contains($0.id) && !allCellMembers.contains($0.id) && !NibUnit.isPlaceholder($0) }.map(\.id))
            viewNib = NibUnit(
                name: SceneNibs.viewNibName(controller: controller.rawValue, view: rootView.id.rawValue),
                objects: placeholders + sceneObjects.filter { viewSet.contains($0.id) },
                connections: sceneConnections.filter(inView), proxyIDs: proxies, ownerID: controller, viewOutlet: rootView.id
            )
        }
        for (cell, members) in cellSets {
            let outside = Set(sceneObjects.filter { !members.contains($0.id) && !NibUnit.isPlaceholder($0) }.map(\.id))
            let parent = cell.parent.flatMap { byID[$0] }
            // An AppKit cell view sits in a table column; `makeViewWithIdentifier:owner:` awakens
            // the owner (R-AWAKE-4).
            let isCellView = cell.element == "tableCellView"
            let list = isCellView ? parent?.parent : cell.parent
            let identifier = PrototypeCell.identifier(of: cell, objects: byID)
            let unit = NibUnit(
                name: "\(list?.rawValue ?? "list")-cell-\(cell.id.rawValue)",
                objects: placeholders + sceneObjects.filter { members.contains($0.id) },
                connections: sceneConnections.filter { inCell($0, members) }, proxyIDs: outside, ownerID: isCellView ? controller : nil,
                viewOutlet: nil)
            prototypes.append(PrototypeCell(cell: cell, unit: unit, identifier: identifier, list: list))
        }
    }

    /// `storyboardIdentifier`, else `<UIKitBaseClass>-<vcID>` (R-XML-10).
    public static func controllerNibName(_ vc: NibObject) -> String {
        vc.storyboardIdentifier ?? "\(vc.className)-\(vc.id.rawValue)"
    }

    /// What separates the controller's id from its view's id in a view nib's name.
    private static let viewNibSeparator = "-view-"

    /// The view nib of controller `controller` whose root view is `view`: `<vcID>-view-<viewID>`
    /// (R-XML-10); `controllerID(ofViewNib:)` reads it back.
    public static func viewNibName(controller: String, view: String) -> String {
        controller + viewNibSeparator + view
    }

    /// The controller id a view nib's name holds: `XfG-lQ-9wD` of `XfG-lQ-9wD-view-m2S-Jp-Qdl`
    /// (the inverse of `viewNibName(controller:view:)`), nil for any other name.
    public static func controllerID(ofViewNib nib: String) -> String? {
        let separator = Array(viewNibSeparator)
        let characters = Array(nib)
        guard characters.count > separator.count + 1 else { return nil }
        for start in 1..<(characters.count - separator.count) where characters[start..<start + separator.count].elementsEqual(separator) {
            return String(characters[..<start])
        }
        return nil
    }
}

/// A prototype table or collection view cell of a storyboard scene: its own nib (R-SB-7).
public struct PrototypeCell: Sendable {
    /// The cell element.
    public var cell: NibObject
    /// The cell's nib: the cell and its subviews; the scene's other objects are proxies.
    public var unit: NibUnit

    /// The reuse identifier `dequeue…` / `makeViewWithIdentifier:owner:` asks for (empty when the
    /// document sets none).
    public var identifier: String
    /// The table or collection view the cell belongs to.
    public var list: ObjectID?

    /// True for a collection view cell.
    public var isCollectionCell: Bool { cell.element == "collectionViewCell" }
    /// True for an AppKit view-based table's cell view.
    public var isCellView: Bool { cell.element == "tableCellView" }

    /// The reuse identifier `dequeue…` / `makeViewWithIdentifier:owner:` asks for `cell` by:
    /// its `reuseIdentifier`; an AppKit cell view's `identifier`, else its column's. Empty when
    /// the document sets none.
    public static func identifier(of cell: NibObject, objects: [ObjectID: NibObject]) -> String {
        guard cell.element == "tableCellView" else { return cell.attributes["reuseIdentifier"] ?? "" }
        return cell.attributes["identifier"] ?? cell.parent.flatMap { objects[$0]?.attributes["identifier"] } ?? ""
    }

    /// A cell of a dynamic-prototype table (`dataMode` other than `static`), of a collection view,
    /// or an AppKit table column's prototype cell view.
    public static func isPrototype(_ object: NibObject, objects: [ObjectID: NibObject]) -> Bool {
        guard let parentID = object.parent, object.key == nil, let parent = objects[parentID] else { return false }
        switch object.element {
        case "tableViewCell": return parent.element == "tableView" && parent.attributes["dataMode"] != "static"
        case "collectionViewCell": return parent.element == "collectionView"
        case "tableCellView": return parent.element == "tableColumn"
        default: return false
        }
    }
}
