import NibModel

/// The storyboard graph being assembled from the per-nib graphs of a `.storyboardc`.
struct StoryboardMerge {
    let file: String
    var objects: [NibObject] = []
    var connections: [Connection] = []
    var scenes: [Scene] = []
    var diagnostics: [Diagnostic] = []
    var format: NibGraph.Format = .nibArchive
    private var notes: Set<String> = []
    /// Each scene's placeholders by identifier, shared with its view nibs.
    private var placeholders: [String: [String: ObjectID]] = [:]

    init(file: String) { self.file = file }

    /// Adds a nib's graph with ids prefixed `nib:`. With an `owner` (a view nib), its File's
    /// Owner is that controller, its placeholders the scene's objects (`externals`, else the
    /// scene's placeholder of the same identifier), and its top-level objects hang below the
    /// owner. Returns the id mapping.
    @discardableResult
    mutating func add(_ graph: NibGraph, prefix: String, scene: String, owner: ObjectID?, externals: [String: ObjectID]) -> [ObjectID:
        ObjectID]
    {
        var mapping: [ObjectID: ObjectID] = [:]
        var shared: Set<ObjectID> = []
        for object in graph.objects {
            var target = ObjectID(prefix + ":" + object.id.rawValue)
            if let owner, let placeholder = object.placeholder {
                let existing =
                    placeholder == PlaceholderIdentifier.filesOwner ? owner : externals[placeholder] ?? placeholders[scene]?[placeholder]
                if let existing {
                    target = existing
                    shared.insert(object.id)
                }
            }
            mapping[object.id] = target
        }
        func mapped(_ id: ObjectID) -> ObjectID { mapping[id] ?? ObjectID(prefix + ":" + id.rawValue) }
        for var object in graph.objects where !shared.contains(object.id) {
            if let placeholder = object.placeholder, placeholders[scene]?[placeholder] == nil {
                placeholders[scene, default: [:]][placeholder] = mapped(object.id)
            }
            object.id = mapped(object.id)
            object.parent = object.parent.map(mapped) ?? (object.isPlaceholder ? nil : owner)
            object.scene = scene
            objects.append(object)
        }
        for var connection in graph.connections {
            connection.id = connection.id.map { ObjectID(prefix + ":" + $0.rawValue) }
            connection.source = mapped(connection.source)
            switch connection.kind {
            case .outlet(let property, let destination):
                // A view nib's outlet of a segue template places the segue: a popover's anchor
                // view, an embed segue's container view (its source in the source storyboard).
                if let index = connections.firstIndex(where: { $0.id == connection.source }),
                    case .segue(let target, var segue) = connections[index].kind
                {
                    switch property {
                    case "popoverAnchorView", "anchorView":
                        segue.popoverAnchor = mapped(destination)
                        connections[index].kind = .segue(destination: target, segue)
                    case "containerView": connections[index].source = mapped(destination)
                    default: break
                    }
                    continue
                }
                connection.kind = .outlet(property: property, destination: mapped(destination))
            case .outletCollection(let property, let destination, let appends):
                connection.kind = .outletCollection(property: property, destination: mapped(destination), appends: appends)
            case .action(let selector, let target, let event):
                // `perform:` sent to a segue template is the segue's trigger: the sender owns the segue.
                if selector == "perform:", let target, let index = connections.firstIndex(where: { $0.id == mapped(target) }),
                    case .segue = connections[index].kind
                {
                    connections[index].source = connection.source
                    continue
                }
                connection.kind = .action(selector: selector, target: target.map(mapped), eventType: event)
            case .binding(let name, let destination, let keyPath, let options):
                connection.kind = .binding(name: name, destination: mapped(destination), keyPath: keyPath, options: options)
            case .segue(let destination, let segue) where segue.kind == "relationship":
                connection.kind = .segue(destination: mapped(destination), segue)
            case .segue: break  // destinations are storyboard identifiers, resolved at the end
            }
            connections.append(connection)
        }
        if let owner { markRootView(of: owner, in: graph, mapped: mapped) }
        if graph.format == .keyedArchive { format = .keyedArchive }
        for diagnostic in graph.diagnostics {
            if diagnostic.severity == .note {
                // Said once for the storyboard, not once per nib.
                guard notes.insert(diagnostic.message).inserted else { continue }
                diagnostics.append(Diagnostic(.note, at: FileLocation(file: file), diagnostic.message))
            } else {
                diagnostics.append(diagnostic)
            }
        }
        return mapping
    }

    /// A view nib's root view (File's Owner's `view` outlet) is the controller's `view` key, as
    /// the source storyboard writes it (`splitView`, `tabView` for those containers), so the
    /// scene splits into the same controller and view nibs (R-XML-10).
    private mutating func markRootView(of owner: ObjectID, in graph: NibGraph, mapped: (ObjectID) -> ObjectID) {
        let fileOwner = graph.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner }?.id
        for connection in graph.connections where connection.source == fileOwner {
            guard case .outlet("view", let destination) = connection.kind,
                let index = objects.firstIndex(where: { $0.id == mapped(destination) }), objects[index].parent == owner
            else { continue }
            let container = objects.first { $0.id == owner }?.className
            objects[index].key =
                switch (container, objects[index].className) {
                case ("NSSplitViewController", "NSSplitView"): "splitView"
                case ("NSTabViewController", "NSTabView"): "tabView"
                default: "view"
                }
        }
    }

    /// A controller archived inside another scene's nib (a window's content view controller) and
    /// everything below it move to a scene of their own; the controller becomes top-level.
    mutating func move(_ controller: ObjectID, toScene scene: String) {
        var subtree: Set<ObjectID> = [controller]
        for index in objects.indices {
            if objects[index].id == controller {
                objects[index].parent = nil
            } else if let parent = objects[index].parent, subtree.contains(parent) {
                subtree.insert(objects[index].id)
            } else {
                continue
            }
            objects[index].scene = scene
        }
    }

    /// A storyboard's application scene: its nib's File's Owner is the application, which the
    /// source storyboard lists as an `<application>` scene member, not a placeholder.
    mutating func makeApplication(_ id: ObjectID) {
        guard let index = objects.firstIndex(where: { $0.id == id }) else { return }
        objects[index].element = "application"
        objects[index].className = "NSApplication"
        objects[index].customClass = objects[index].customClass == "NSApplication" ? nil : objects[index].customClass
        objects[index].placeholder = nil
    }

    /// The application scene's main menu hangs below the application, as the source storyboard
    /// writes it (`<menu key="mainMenu">` inside `<application>`): the menu named `_NSMainMenu`,
    /// else the scene's only top-level menu.
    mutating func placeMainMenu(in scene: String, application: ObjectID) {
        let menus = objects.indices.filter {
            objects[$0].scene == scene && objects[$0].parent == nil && objects[$0].className == "NSMenu" && !objects[$0].isPlaceholder
        }
        let named = menus.filter { objects[$0].attributes["systemMenu"] == "main" }
        guard let index = named.first ?? (menus.count == 1 ? menus.first : nil) else { return }
        objects[index].parent = application
        objects[index].key = "mainMenu"
        // Document order: the menu and everything below it follow the application.
        guard let applicationIndex = objects.firstIndex(where: { $0.id == application }), applicationIndex < index else { return }
        var subtree: Set<ObjectID> = []
        var moved: [NibObject] = []
        var kept: [NibObject] = []
        for (position, object) in objects.enumerated().dropFirst(index) {
            if position == index || object.parent.map(subtree.contains) == true {
                subtree.insert(object.id)
                moved.append(object)
            } else {
                kept.append(object)
            }
        }
        objects = Array(objects[..<index]) + kept
        objects.insert(contentsOf: moved, at: applicationIndex + 1)
    }

    /// Segue destinations named by storyboard identifier → the controllers' ids.
    mutating func resolveSegues(_ controllers: [String: ObjectID]) {
        for index in connections.indices {
            guard case .segue(let destination, let segue) = connections[index].kind, segue.kind != "relationship" else { continue }
            if let controller = controllers[destination.rawValue] {
                connections[index].kind = .segue(destination: controller, segue)
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, at: FileLocation(file: file),
                        "segue to unknown controller identifier \(TextQuoting.plain(destination.rawValue))"))
            }
        }
    }
}
