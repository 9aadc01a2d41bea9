import NibModel

extension Simulator {
    /// `run(document:)`, and for a storyboard `launch(storyboard:)` too, the storyboard's run
    /// executed once: its run is its launch's first run (the same scenario, as a storyboard has
    /// no File's Owner to meet it by, `XibOwner.object`, and no note for one). A site simulates
    /// every document both ways; running each storyboard's launch twice was 2 % of a corpus build.
    public static func runAndLaunch(document graph: NibGraph, options: SimulationOptions = SimulationOptions())
        -> (timeline: Timeline, launch: StoryboardLaunch?)
    {
        guard graph.isStoryboard else { return (run(document: graph, options: options), nil) }
        let launch = launch(storyboard: graph, options: options)
        return (launch.timeline, launch)
    }

    /// A storyboard launched as the app's main storyboard (R-LAUNCH-1/2), with one part per scene:
    /// how the app reaches it (R-SB-1) and the run that shows it — the launch itself, the launch
    /// then the segues that lead to the scene (traced from the first segue), or
    /// `instantiateViewControllerWithIdentifier:`. Each part whose controller's view is loaded also
    /// dequeues each of its prototype cells once (R-SB-7), as its table or collection view would.
    /// `classes` is the class table (a scenario's `classes:`, or one derived from sources).
    public static func launch(
        storyboard graph: NibGraph, classes: [String: ClassInfo]? = nil, options: SimulationOptions = SimulationOptions()
    )
        -> StoryboardLaunch
    {
        launch(storyboard: graph, classes: classes, options: options, replaying: false)
    }

    /// `launch(storyboard:classes:options:)`; with `replaying`, each part's run is executed from
    /// the start instead of going on from a copy of the launch's (`SimulationRun.continued`):
    /// the definition the copies are tested against.
    static func launch(storyboard graph: NibGraph, classes: [String: ClassInfo]?, options: SimulationOptions, replaying: Bool)
        -> StoryboardLaunch
    {
        func after(_ run: SimulationRun, _ steps: [ScenarioStep]) -> SimulationRun {
            guard replaying else { return run.continued(with: steps) }
            var longer = run.scenario
            longer.steps += steps
            return execute(longer, options: options)
        }
        let role = options.storyboardRole
        let base = scenario(for: graph, classes: classes, role: role)
        let name = base.nibs.first?.name ?? nibName(for: graph.file)
        let launchRun = execute(base, options: options)
        let byID = graph.objectsByID
        let reach = reaches(in: graph, launch: launchRun, objects: byID, main: role.isMain)
        var parts: [ScenePart] = []
        for scene in graph.scenes {
            guard let controllerID = scene.controller, let element = byID[controllerID],
                SimulationRun.isViewControllerElement(element.element), let how = reach[controllerID]
            else { continue }
            let cells = cellIdentifiers(in: graph, controller: controllerID)
            let controllerName = controllerID.rawValue
            let dequeues = cells.map { ScenarioStep(.dequeueCell(controller: controllerName, identifier: $0, count: 1, result: nil)) }
            // The main storyboard's launch, or the initial controller a non-main one gives its
            // caller, then `steps`: each part's run goes on from a copy of the launch's.
            var steps: [ScenarioStep] = []
            let run: SimulationRun
            switch how {
            case .launch(true), .initialController(true):
                run = dequeues.isEmpty ? launchRun : after(launchRun, dequeues)
            case .launch(false), .initialController(false):
                // A tab not shown at launch appears when the user selects it (R-APP-6).
                if let tab = tabIndex(of: controllerID, in: launchRun) {
                    steps.append(ScenarioStep(.selectTab(tab)))
                    run = after(launchRun, steps + dequeues)
                } else {
                    run = launchRun
                }
            case .segues(let path):
                steps.append(ScenarioStep(.startTrace))
                steps += path.compactMap { segueStep($0, in: graph, objects: byID) }
                run = after(launchRun, steps + dequeues)
            case .identifier(let identifier, let segues):
                // The app instantiates the scene that has the identifier (R-SB-1); a scene that
                // comes with it (relationship, embed) or follows by segue needs it on screen.
                let root = graph.objects.first { $0.storyboardIdentifier == identifier && $0.scene != nil }?.id.rawValue ?? controllerName
                steps += [
                    ScenarioStep(.startTrace),
                    ScenarioStep(.instantiateController(storyboard: name, identifier: identifier, result: root)),
                ]
                if segues.isEmpty && root == controllerName {
                    steps.append(ScenarioStep(.accessView(controllerName)))
                    run = after(launchRun, steps + dequeues)
                } else {
                    steps.append(ScenarioStep(.showRoot(root)))
                    let shown = after(launchRun, steps)
                    var more: [ScenarioStep] = []
                    // The first segue fires from a tab the user selects first (R-APP-6).
                    if let first = segues.first, let source = segueController(first, in: graph, objects: byID),
                        let tab = tabIndex(of: source, in: shown), tab > 0
                    {
                        more.append(ScenarioStep(.selectTab(tab)))
                    }
                    more += segues.compactMap { segueStep($0, in: graph, objects: byID) }
                    run = after(shown, more + dequeues)
                }
            case .unreachable:
                run = decodeDirectly(
                    controllerID, graph: graph, cells: cells, base, options,
                    note:
                        "\(controllerID.rawValue) is reached by no segue and has no storyboard identifier: an app never instantiates it (R-SB-1)"
                )
            case .cellEmbed(let container):
                run = decodeDirectly(
                    controllerID, graph: graph, cells: cells, base, options,
                    note:
                        "\(controllerID.rawValue) is embedded in a cell of \(container.rawValue): instantiated when the table or collection view makes that cell, decoded here on its own (R-SB-1)"
                )
            }
            parts.append(part(scene: scene.id, controller: controllerID, reach: how, run: run, graph: graph))
        }
        return StoryboardLaunch(timeline: launchRun.timeline, scenes: parts, role: role)
    }

    /// R-SB-1: a scene the simulated app does not instantiate by itself (never, or only in a cell
    /// the simulator does not make), decoded as `instantiate…` would, its view accessed, for
    /// reference; `note` says why.
    private static func decodeDirectly(
        _ controller: ObjectID, graph: NibGraph, cells: [String], _ base: Scenario, _ options: SimulationOptions, note: String
    ) -> SimulationRun {
        var scenario = base
        scenario.steps = []
        let run = execute(scenario, options: options)
        run.notes.append(note)
        guard !run.stopped, let vc = run.instantiateController(controller, in: graph) else { return run }
        run.accessView(vc)
        for identifier in cells where !run.stopped {
            run.dequeueStep(
                vc, identifier: identifier, count: 1, result: nil, ScenarioStep(.startTrace, at: FileLocation(file: graph.file)))
        }
        return run
    }

    /// How the app reaches each controller (R-SB-1): instantiated at launch, else the shortest
    /// chain of segues from a launched scene (relationship and embed children come with their
    /// container), else by identifier — the scene itself, or a container that has one, then the
    /// segues from there (a tab bar the app instantiates by identifier and the modal its tab
    /// presents) — else never.
    static func reaches(in graph: NibGraph, launch: SimulationRun, objects: [ObjectID: NibObject], main: Bool = true)
        -> [ObjectID: SceneReach]
    {
        var reach: [ObjectID: SceneReach] = [:]
        var queue: [(controller: ObjectID, path: [ObjectID])] = []
        for scene in graph.scenes {
            guard let id = scene.controller, let instance = launch.names[id.rawValue]?.first, let info = launch.controllers[instance] else {
                continue
            }
            // A window controller has no view: it is visible when its window was loaded and shown (R-MAC-13).
            let isWindowController = objects[id]?.element == "windowController"
            let visible = isWindowController ? info.windowLoaded : info.viewLoaded && info.state != .loaded
            // Only the main storyboard is loaded at launch; any other gives its initial controller
            // to the code that loads it (R-LAUNCH-1, R-SB-1).
            reach[id] = main ? .launch(visible: visible) : .initialController(visible: visible)
            queue.append((id, []))
        }
        let sceneOf = Dictionary(
            graph.scenes.compactMap { scene in scene.controller.map { (scene.id, $0) } }, uniquingKeysWith: { a, _ in a })
        var index = 0
        // Breadth first from every queued controller: the shortest chain of segues wins.
        func spread() {
            while index < queue.count {
                let (controller, path) = queue[index]
                index += 1
                let scene = objects[controller]?.scene
                for connection in graph.connections {
                    guard case .segue(let destination, let segue) = connection.kind, reach[destination] == nil,
                        let source = objects[connection.source], source.scene == scene, scene != nil,
                        let target = objects[destination], SimulationRun.isViewControllerElement(target.element),
                        let segueID = connection.id, target.scene.flatMap({ sceneOf[$0] }) == destination,
                        let from = reach[controller]
                    else { continue }
                    if segue.kind == "unwind" { continue }
                    let with = segue.kind == "embed" || segue.kind == "relationship" || segue.relationship != nil
                    // An embed inside a table or collection cell fires when the cell is made, which
                    // loading the container's view does not do: it does not come with the container.
                    if segue.kind == "embed" && insideCell(connection.source, objects: objects) {
                        reach[destination] = .cellEmbed(container: controller)
                        continue
                    }
                    let chain = with ? path : path + [segueID]
                    switch from {
                    case .identifier(let identifier, _): reach[destination] = with ? from : .identifier(identifier, segues: chain)
                    default: reach[destination] = with ? from : .segues(chain)
                    }
                    queue.append((destination, chain))
                }
            }
        }
        spread()
        for scene in graph.scenes {
            guard let id = scene.controller, reach[id] == nil, let identifier = objects[id]?.storyboardIdentifier,
                objects[id].map({ SimulationRun.isViewControllerElement($0.element) }) == true
            else { continue }
            reach[id] = .identifier(identifier)
            queue.append((id, []))
            spread()
        }
        for scene in graph.scenes {
            guard let id = scene.controller, reach[id] == nil else { continue }
            reach[id] = objects[id]?.storyboardIdentifier.map { SceneReach.identifier($0) } ?? .unreachable
        }
        return reach
    }

    /// Whether `id` lies inside a table or collection view cell (or reusable view).
    private static func insideCell(_ id: ObjectID, objects: [ObjectID: NibObject]) -> Bool {
        var current = objects[id]?.parent
        var seen: Set<ObjectID> = []
        while let parent = current, seen.insert(parent).inserted {
            guard let object = objects[parent] else { return false }
            if ["tableViewCell", "collectionViewCell", "collectionReusableView"].contains(object.element) { return true }
            current = object.parent
        }
        return false
    }

    /// The index of the launched tab that holds `controller` (itself or a container above it).
    private static func tabIndex(of controller: ObjectID, in run: SimulationRun) -> Int? {
        var current = run.objects.first { $0.elementID == controller }?.instance
        var seen: Set<Int> = []
        while let instance = current, seen.insert(instance).inserted {
            if let index = run.stage.tabs.firstIndex(of: instance) { return index }
            current = run.controllers[instance]?.container
        }
        return nil
    }

    /// The controller of the scene segue `id` starts in.
    private static func segueController(_ id: ObjectID, in graph: NibGraph, objects: [ObjectID: NibObject]) -> ObjectID? {
        guard let connection = graph.connections.first(where: { $0.id == id }), let scene = objects[connection.source]?.scene else {
            return nil
        }
        return graph.scenes.first { $0.id == scene }?.controller
    }

    /// The step that fires segue `id`: from its source object, in the scene's controller.
    private static func segueStep(_ id: ObjectID, in graph: NibGraph, objects: [ObjectID: NibObject]) -> ScenarioStep? {
        guard let connection = graph.connections.first(where: { $0.id == id }), case .segue(_, let segue) = connection.kind,
            let scene = objects[connection.source]?.scene, let controller = graph.scenes.first(where: { $0.id == scene })?.controller
        else { return nil }
        return ScenarioStep(
            .segue(
                controller: controller.rawValue, identifier: segue.identifier, sourceObject: connection.source.rawValue, fromCode: false,
                result: nil))
    }

    /// Distinct reuse identifiers of a scene's prototype cells, in document order.
    private static func cellIdentifiers(in graph: NibGraph, controller: ObjectID) -> [String] {
        var seen: Set<String> = []
        return (graph.sceneNibs(controller: controller)?.prototypes ?? []).map(\.identifier).filter {
            !$0.isEmpty && seen.insert($0).inserted
        }
    }

    /// The part of one scene: its events and its controller's view states in `run`.
    private static func part(scene: String, controller: ObjectID, reach: SceneReach, run: SimulationRun, graph: NibGraph) -> ScenePart {
        let timeline = run.timeline
        let members = Set(graph.objects.filter { $0.scene == scene }.map(\.id.rawValue))
        let instance = run.objects.last { $0.elementID == controller }?.instance
        let indices = timeline.events.indices.filter { index in timeline.events[index].receiver?.id.map(members.contains) == true }
        return ScenePart(
            sceneID: scene, controllerID: controller, reach: reach, timeline: timeline, controller: instance.map(run.eventObject),
            eventIndices: indices, transitions: timeline.transitions.filter { $0.controller.instance == instance })
    }
}
