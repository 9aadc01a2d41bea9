import NibModel

extension SimulationRun {
    /// `instantiateWithOwner:options:` (R-NIB-1): the load's top-level objects become `result`.
    func loadNibStep(_ name: String, owner: String?, externals: [String: String], result: String?) {
        guard let nib = bundledNib(name) else { return missingNib(name) }
        var external: [String: Int] = [:]
        for (identifier, objectName) in externals {
            if let instance = instance(named: objectName) { external[identifier] = instance }
        }
        guard let loaded = load(NibUnit(name: name, graph: nib.graph), owner: instance(named: owner), externals: external) else { return }
        if let result { names[result] = loaded.topLevel }
    }

    /// `makeViewWithIdentifier:owner:` with no reusable view, `count` times; each view is released
    /// before the next call (R-AWAKE-4, E.1 G-AWAKE-2).
    func makeViewStep(_ name: String, owner: String?, count: Int) {
        guard let nib = bundledNib(name) else { return missingNib(name) }
        for _ in 0..<max(count, 0) {
            guard let loaded = load(NibUnit(name: name, graph: nib.graph), owner: instance(named: owner)) else { return }
            release(loaded.created)
        }
    }

    /// App launch (R-WIN-5): the main nib with owner `NSApp`, then the delegate's launch messages.
    func launchStep(_ name: String) {
        guard let nib = bundledNib(name) else { return missingNib(name) }
        if nib.graph.isStoryboard { return launchStoryboard(nib.graph, name: name) }
        let unit = NibUnit(name: name, graph: nib.graph)
        let ownerClass = unit.objects.first { $0.id == unit.ownerID }?.runtimeClass
        let app = applicationInstance(className: ownerClass)
        guard load(unit, owner: app) != nil else { return }
        guard isMac, let delegate = properties[PropertyKey(object: app, key: "delegate")] else { return }
        lifecycle(delegate, "applicationWillFinishLaunching:", .win5)
        lifecycle(delegate, "applicationDidFinishLaunching:", .win5)
    }

    /// `instantiateInitialViewController` / `instantiateViewControllerWithIdentifier:` (R-VCI-5/6).
    func instantiateStep(storyboard: String, identifier: String?, result: String?) {
        guard let nib = bundledNib(storyboard), nib.graph.isStoryboard else { return missingNib(storyboard, storyboard: true) }
        let graph = nib.graph
        let controllerID: ObjectID?
        if let identifier {
            controllerID = graph.objects.first { $0.storyboardIdentifier == identifier }?.id
            if controllerID == nil {
                let kind = isMac ? "NSStoryboard" : "UIStoryboard"
                exception(
                    "NSInvalidArgumentException",
                    "Storyboard (<\(kind): 0xADDR>) doesn't contain a view controller with identifier '\(identifier)'", .vci6
                )
                return
            }
        } else {
            controllerID = graph.initialViewController
            if controllerID == nil {
                notes.append("\(storyboard) has no initial view controller; instantiateInitialViewController returns nil")
            }
        }
        guard let controllerID, let vc = instantiateController(controllerID, in: graph) else { return }
        if let result { names[result] = [vc] }
    }

    /// Loads the scene's controller nib and prepares its lazy view nib (R-VCI-5, R-XML-10, R-NIB-7).
    func instantiateController(_ id: ObjectID, in graph: NibGraph, depth: Int = 0) -> Int? {
        guard depth < 32, let scene = graph.sceneNibs(controller: id) else { return nil }
        instantiatedControllers.insert(id)
        guard let loaded = load(scene.controllerNib, owner: nil), let vc = loaded.instances[id] else { return nil }
        var info = controllers[vc] ?? ControllerInfo()
        info.storyboardViewNib = scene.viewNib
        info.nibName = scene.viewNib?.name
        info.proxies = loaded.instances
        info.storyboard = graph
        info.prototypes = scene.prototypes
        controllers[vc] = info
        nameStoryboardController(vc, element: graph.objectsByID[id])
        // E.3: relationship destinations are instantiated after the container's load (R-NIB-7 exception).
        // R-MAC-13: a storyboard window controller's content controller comes while its window loads.
        let content = isMac && !loadingDocument ? Self.windowContent(in: graph, of: id) : nil
        var positions: [String: Int] = [:]
        for (destination, segue) in Self.segues(in: graph, from: [id], relationship: true) where !stopped {
            if loadingDocument && instantiatedControllers.contains(destination) { continue }
            if skipsReference(destination, in: graph) {
                positions[segue.relationship ?? "", default: 0] += 1
                continue
            }
            if destination == content { lifecycle(vc, "windowWillLoad", .mac13) }
            let child = instantiateController(destination, in: graph, depth: depth + 1)
            let relationship = segue.relationship ?? ""
            if let child { adopt(child, container: vc, relationship: segue.relationship, position: positions[relationship, default: 0]) }
            positions[relationship, default: 0] += 1
            if destination == content { finishStoryboardWindow(vc, content: child) }
        }
        return vc
    }

    /// Relationship segues (`relationship: true`) or embed segues from `sources` to controllers
    /// and storyboard references, in document order (E.3).
    static func segues(in graph: NibGraph, from sources: Set<ObjectID>, relationship: Bool) -> [(destination: ObjectID, segue: Segue)] {
        let objects = graph.objectsByID
        return graph.connections.compactMap { connection in
            guard sources.contains(connection.source), case .segue(let destination, let segue) = connection.kind else { return nil }
            let isRelationship = segue.kind == "relationship" || segue.relationship != nil
            let wanted = relationship ? isRelationship : segue.kind == "embed"
            guard wanted, let target = objects[destination],
                isViewControllerElement(target.element) || target.placeholder == PlaceholderIdentifier.storyboardReference
            else { return nil }
            return (destination, segue)
        }
    }

    /// A destination that is a reference to another storyboard: that storyboard is not part of
    /// the run, so the run says so (never a silent gap, R-SB-8) and goes on without it.
    func skipsReference(_ destination: ObjectID, in graph: NibGraph) -> Bool {
        guard let target = graph.objectsByID[destination], target.placeholder == PlaceholderIdentifier.storyboardReference else {
            return false
        }
        let storyboard = target.attributes["storyboardName"].map { "storyboard \($0)" } ?? "this storyboard"
        let identifier = target.attributes["referencedIdentifier"].map { "'\($0)'" } ?? "its initial controller"
        let note = "\(destination.rawValue) refers to \(identifier) of \(storyboard), which this run does not load (R-SB-8)"
        if !notes.contains(note) { notes.append(note) }
        return true
    }

    /// A bare document (R-NIB-1 for xibs, R-VCI-5 + R-LOAD-10 per storyboard scene).
    func loadDocumentStep(_ name: String) {
        guard let nib = scenario.nib(named: name) else { return missingNib(name) }
        let graph = nib.graph
        if graph.isStoryboard {
            loadingDocument = true
            for scene in graph.scenes {
                guard let controller = scene.controller, !stopped, !instantiatedControllers.contains(controller) else { continue }
                guard let vc = instantiateController(controller, in: graph) else { continue }
                // Children appear as views load (embeds), so walk a queue.
                var queue = [vc]
                while !queue.isEmpty, !stopped {
                    let instance = queue.removeFirst()
                    if controllers[instance]?.storyboardViewNib != nil { accessView(instance) }
                    queue += controllers[instance]?.children ?? []
                }
            }
            return
        }
        let unit = NibUnit(name: name, graph: graph)
        for cell in unit.prototypeCells {
            let identifier = PrototypeCell.identifier(of: cell, objects: graph.objectsByID)
            notes.append(
                "prototype cell view \(cell.runtimeClass) \(cell.id.rawValue)\(identifier.isEmpty ? "" : " (\"\(identifier)\")"): "
                    + "a nib of its own, loaded by makeViewWithIdentifier:owner: once per row, not by this load (R-SB-7)")
        }
        var owner: Int?
        var externals: [String: Int] = [:]
        for object in graph.objects where object.isPlaceholder {
            switch object.placeholder {
            case PlaceholderIdentifier.filesOwner?:
                if owner == nil {
                    owner =
                        object.runtimeClass.hasSuffix("Application")
                        ? applicationInstance(className: object.runtimeClass) : create(className: object.runtimeClass)
                }
            case PlaceholderIdentifier.firstResponder?, PlaceholderIdentifier.application?, nil: break
            case let identifier?: externals[identifier] = create(className: object.runtimeClass)
            }
        }
        load(unit, owner: owner, externals: externals)
    }

}
