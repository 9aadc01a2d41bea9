import NibModel

/// One compiled nib as the loader sees it: a xib, or one of a storyboard scene's two nibs
/// (controller nib and view nib, R-XML-10).
struct NibUnit {
    /// The resource name used in messages (`CardView`, `BYZ-38-t0r-view-8bC-Xf-vdC`).
    var name: String
    /// The objects of the nib in SIM-ORDER, placeholders included (R-CONV-5).
    var objects: [NibObject]
    /// The connections the nib holds, in document order.
    var connections: [Connection]
    /// Objects of another nib this one refers to (the view nib's owner VC and scene siblings).
    var proxyIDs: Set<ObjectID> = []
    /// The File's Owner placeholder id, when the nib has one.
    var ownerID: ObjectID?
    /// A synthesized File's Owner `view` outlet (storyboard view nibs, G-XML-1), owner → root view.
    var viewOutlet: ObjectID?

    /// A xib (or a scenario's inline nib): every object and connection of the graph.
    init(name: String, graph: NibGraph) {
        self.name = name
        objects = graph.objects
        connections = graph.connections
        ownerID = graph.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner }?.id
    }

    /// A subset of a storyboard.
    init(name: String, objects: [NibObject], connections: [Connection], proxyIDs: Set<ObjectID>, ownerID: ObjectID?, viewOutlet: ObjectID?)
    {
        self.name = name
        self.objects = objects
        self.connections = connections
        self.proxyIDs = proxyIDs
        self.ownerID = ownerID
        self.viewOutlet = viewOutlet
    }

    /// Whether an object is resolved rather than instantiated (R-NIB-3): placeholders, and the
    /// storyboard scene members that stand for them.
    static func isPlaceholder(_ object: NibObject) -> Bool {
        object.isPlaceholder || object.sceneMemberID == "firstResponder" || object.sceneMemberID == "exit"
            || object.element == "exit" || object.element == "viewControllerPlaceholder"
            || object.element == "controllerPlaceholder"
    }
}

/// The two nibs of a storyboard scene (R-XML-10, R-OUT-7).
struct SceneNibs {
    /// The controller.
    var controller: ObjectID
    /// The controller nib: the controller and everything of the scene outside its view.
    var controllerNib: NibUnit
    /// The view nib `<vcID>-view-<viewID>`, when the controller has a `key="view"` view.
    var viewNib: NibUnit?

    /// Splits the scene of `controller` in `graph`.
    init?(graph: NibGraph, controller: ObjectID) {
        guard let vc = graph.objects.first(where: { $0.id == controller }) else { return nil }
        self.controller = controller
        let sceneObjects = graph.objects.filter { vc.scene == nil ? true : $0.scene == vc.scene }
        let children = graph.childrenByParent
        let rootView = sceneObjects.first { $0.parent == controller && $0.key == "view" }
        var viewSet: Set<ObjectID> = []
        if let rootView {
            var stack = [rootView.id]
            while let next = stack.popLast() {
                guard viewSet.insert(next).inserted else { continue }
                stack.append(contentsOf: children[next] ?? [])
            }
            // Scene-level objects beside the controller (gesture recognizers, custom objects) travel
            // with the view nib, where the view refers to them.
            for object in sceneObjects where object.parent == nil && object.id != controller && !NibUnit.isPlaceholder(object) {
                var stackExtra = [object.id]
                while let next = stackExtra.popLast() {
                    guard viewSet.insert(next).inserted else { continue }
                    stackExtra.append(contentsOf: children[next] ?? [])
                }
            }
        }
        let sceneIDs = Set(sceneObjects.map(\.id))
        let sceneConnections = graph.connections.filter { sceneIDs.contains($0.source) }
        let inView: (Connection) -> Bool = { connection in
            viewSet.contains(connection.source) || connection.destination.map { viewSet.contains($0) } == true
        }
        let placeholders = sceneObjects.filter(NibUnit.isPlaceholder)
        controllerNib = NibUnit(
            name: SceneNibs.controllerNibName(vc), objects: sceneObjects.filter { !viewSet.contains($0.id) },
            connections: sceneConnections.filter { !inView($0) }, proxyIDs: [], ownerID: nil, viewOutlet: nil
        )
        if let rootView {
            let proxies = Set(sceneObjects.filter { !viewSet.contains($0.id) && !NibUnit.isPlaceholder($0) }.map(\.id))
            viewNib = NibUnit(
                name: "\(controller.rawValue)-view-\(rootView.id.rawValue)",
                objects: placeholders + sceneObjects.filter { viewSet.contains($0.id) },
                connections: sceneConnections.filter(inView), proxyIDs: proxies, ownerID: controller, viewOutlet: rootView.id
            )
        }
    }

    /// `storyboardIdentifier`, else `<UIKitBaseClass>-<vcID>` (R-XML-10).
    static func controllerNibName(_ vc: NibObject) -> String {
        vc.storyboardIdentifier ?? "\(vc.className)-\(vc.id.rawValue)"
    }
}
