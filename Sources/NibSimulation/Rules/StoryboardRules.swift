import NibModel

// Storyboards loaded as an app loads them (issue 14). The rules and the Apple pages each
// follows ([A-…] keys) are in Sources/NibRules/StoryboardCatalog.swift.

extension SimulationRun {
    /// Container elements whose own `loadView` builds their view (no nib search).
    static let containerElements: Set<String> = [
        "navigationController", "tabBarController", "splitViewController", "pageViewController", "tabViewController",
    ]

    /// R-LAUNCH-2: whether a relationship child is on screen when its container is: a
    /// navigation root, the first tab, a window's content, split children (iPhone: the primary).
    func isVisibleRelationship(_ relationship: String?, position: Int) -> Bool {
        switch relationship {
        case "rootViewController", "window.shadowedContentViewController", "splitItems": return true
        case "viewControllers", "tabItems": return position == 0
        case "masterViewController", "primaryViewController", "supplementaryViewController":
            return true
        case "detailViewController", "secondaryViewController": return isMac || scenario.idiom == .pad
        default: return false
        }
    }

    /// Records a relationship child under its container (R-LAUNCH-2) and names it by element id
    /// and storyboard identifier for later steps (first instance wins).
    func adopt(_ child: Int, container: Int, relationship: String?, position: Int) {
        controllers[container]?.children.append(child)
        controllers[child]?.container = container
        if isVisibleRelationship(relationship, position: position) { controllers[container]?.visibleChildren.append(child) }
    }

    /// Storyboard controllers are named by their element id and storyboard identifier, so
    /// steps after a launch or segue can name them (first instance wins; `as:` names come first).
    func nameStoryboardController(_ vc: Int, element: NibObject?) {
        guard let element else { return }
        for key in [element.id.rawValue, element.storyboardIdentifier].compactMap({ $0 }) where names[key] == nil {
            names[key] = [vc]
        }
    }

    /// The controller a container shows at the deepest level (the top of the visible chain).
    func visibleLeaf(_ vc: Int) -> Int {
        var current = vc
        var seen: Set<Int> = []
        while let next = controllers[current]?.visibleChildren.last, seen.insert(current).inserted { current = next }
        return current
    }

    /// Launch with a main storyboard (R-LAUNCH-1, R-WIN-6). macOS: the application scene (NSApp,
    /// its menu, the AppDelegate) loads first, then `applicationWillFinishLaunching:`; the initial
    /// controller (a window controller shows its window, R-MAC-13) and its visible chain; then
    /// `applicationDidFinishLaunching:`. iOS: the initial controller becomes the window's root, the
    /// app delegate (a scenario object, as for memory warnings) hears
    /// `application:didFinishLaunchingWithOptions:`, then the visible chain loads and appears
    /// (R-LAUNCH-2); other scenes wait for segues (R-SB-1).
    func launchStoryboard(_ graph: NibGraph, name: String) {
        let app = applicationInstance()
        var delegate: Int?
        if isMac,
            let appScene = graph.scenes.first(where: { scene in
                graph.objects.first { $0.id == scene.controller }?.element == "application"
            }), let appID = appScene.controller, var nibs = graph.sceneNibs(controller: appID)
        {
            nibs.controllerNib.proxyIDs.insert(appID)
            guard load(nibs.controllerNib, owner: nil, proxies: [appID: app]) != nil else { return }
            delegate = properties[PropertyKey(object: app, key: "delegate")]
            if let delegate { lifecycle(delegate, "applicationWillFinishLaunching:", .win6) }
        }
        if let initial = graph.initialViewController {
            if !skipsReference(initial, in: graph) {
                guard let root = instantiateController(initial, in: graph), !stopped else { return }
                // iOS: the root is set, then application:didFinishLaunchingWithOptions:, then
                // makeKeyAndVisible loads and shows it [A-VCPG].
                if !isMac, let appDelegate = applicationDelegate() {
                    lifecycle(appDelegate, "application:didFinishLaunchingWithOptions:", .launch1)
                }
                showLaunchRoot(root)
            }
        } else {
            notes.append("\(name) has no initial view controller: nothing is instantiated at launch (R-LAUNCH-1, R-SB-1)")
        }
        if stopped { return }
        let reached = Set(objects.compactMap { $0.elementID })
        let waiting = graph.scenes.compactMap(\.controller).filter { id in
            !reached.contains(id) && graph.objectsByID[id].map { Self.isViewControllerElement($0.element) } == true
        }
        if !waiting.isEmpty {
            notes.append(
                "\(name): \(waiting.count) scene\(waiting.count == 1 ? "" : "s") not instantiated at launch; segues and instantiate…WithIdentifier: create them (R-SB-1)"
            )
        }
        if let delegate { lifecycle(delegate, "applicationDidFinishLaunching:", .win6) }
    }

    /// The window shows `root` (R-LAUNCH-1): a window controller's window orders in with its
    /// content (R-MAC-5: ordering in counts as appearing); a view controller becomes the root and
    /// the visible chain appears through its containers (R-LAUNCH-2, R-APP-10).
    private func showLaunchRoot(_ root: Int) {
        stage.clearPresented()
        stage.tabs = []
        stage.selectedTab = nil
        if objects[root - 1].element == "windowController" {
            lifecycle(root, "showWindow:", .launch1)
            showWindowContent(root)
            return
        }
        noteTabs(of: root)
        stage.navigation = [visibleLeaf(root)]
        presentationViewAccess(root)
        willAppear(root, .launch2)
        didAppear(root, .launch2)
    }

    /// A storyboard window controller's content controller appears with its window: it is the
    /// visible chain (R-LAUNCH-2), at launch or when the app shows a window controller it
    /// instantiated from code.
    func showWindowContent(_ wc: Int) {
        guard !stopped, let content = controllers[wc]?.visibleChildren.first, !isOnScreen(content) else { return }
        noteTabs(of: content)
        stage.navigation = [visibleLeaf(content)]
        presentationViewAccess(content)
        willAppear(content, .launch2)
        didAppear(content, .launch2)
    }

    /// A tab bar (or tab view) controller at the root: its tabs become `stage.tabs`, in the order
    /// of its relationship segues; a tab referring to another storyboard keeps its index (nil).
    func noteTabs(of vc: Int) {
        guard let element = objects[vc - 1].element, element == "tabBarController" || element == "tabViewController",
            let info = controllers[vc], let graph = info.storyboard, let id = objects[vc - 1].elementID
        else { return }
        var children = info.children.makeIterator()
        let byID = graph.objectsByID
        stage.tabs = Self.segues(in: graph, from: [id], relationship: true).map { destination, _ in
            byID[destination]?.placeholder == PlaceholderIdentifier.storyboardReference ? nil : children.next()
        }
        stage.selectedTab = stage.tabs.isEmpty ? nil : 0
    }

    /// R-SB-8: an external-object placeholder the load was not given resolves to nil; the run
    /// says so at L1 instead of connecting nil in silence.
    func missingExternal(_ object: NibObject, identifier: String) {
        emit(
            .log, .sb8,
            text: "external object '\(identifier)' (placeholder \(object.id.rawValue)) was not supplied; it resolves to nil",
            level: .l1)
    }
}
