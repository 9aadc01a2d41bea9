import NibModel
import NibRules

// SPEC §11 (R-APP) and R-MAC-5: appearance, layout and containment callbacks.

extension SimulationRun {
    /// The appearance selector for the platform: UIKit's take `animated:`, AppKit's none (R-MAC-5).
    private func appearance(_ base: String) -> String { isMac ? base : "\(base):" }

    /// AppKit appearance exists from 10.10 (R-MAC-5).
    private var hasAppearance: Bool { !isMac || scenario.osVersion >= OSVersion(10, 10) }

    /// Children whose views sit in `parent`'s view, in `addChildViewController:` order (R-APP-10).
    private func forwardedChildren(_ parent: Int) -> [Int] {
        // R-LAUNCH-2: a container's visible relationship children come first, then added children.
        (controllers[parent]?.visibleChildren ?? [])
            + stage.childOrder.filter { controllers[$0]?.parent == parent && controllers[$0]?.viewInParent == true }
    }

    /// `viewWillAppear:` (then `viewIsAppearing:` per R-APP-3 and the first layout pair, E.3).
    func willAppear(_ vc: Int?, _ rule: Rule) {
        guard let vc, hasAppearance, !stopped else { return }
        lifecycle(vc, appearance("viewWillAppear"), isMac ? .mac5 : rule)
        transition(vc, to: .appearing, rule)
        if !isMac && scenario.sdkVersion >= OSVersion(17, 0) && scenario.osVersion >= OSVersion(13, 0) {
            lifecycle(vc, "viewIsAppearing:", .app3)
        }
        if controllers[vc]?.laidOut == false {
            if isMac {
                for selector in ["updateViewConstraints", "viewWillLayout", "viewDidLayout"] { lifecycle(vc, selector, .mac5) }
            } else {
                lifecycle(vc, "viewWillLayoutSubviews", .app2)
                lifecycle(vc, "viewDidLayoutSubviews", .app2)
            }
            controllers[vc]?.laidOut = true
        }
        for child in forwardedChildren(vc) {
            accessView(child)
            willAppear(child, .app10)
        }
    }

    /// `viewDidAppear:`.
    func didAppear(_ vc: Int?, _ rule: Rule) {
        guard let vc, hasAppearance, !stopped else { return }
        lifecycle(vc, appearance("viewDidAppear"), isMac ? .mac5 : rule)
        transition(vc, to: .visible, rule)
        for child in forwardedChildren(vc) { didAppear(child, .app10) }
    }

    /// `viewWillDisappear:`.
    func willDisappear(_ vc: Int?, _ rule: Rule) {
        guard let vc, hasAppearance, !stopped else { return }
        lifecycle(vc, appearance("viewWillDisappear"), isMac ? .mac5 : rule)
        transition(vc, to: .disappearing, rule)
        for child in forwardedChildren(vc) { willDisappear(child, .app10) }
    }

    /// `viewDidDisappear:`.
    func didDisappear(_ vc: Int?, _ rule: Rule) {
        guard let vc, hasAppearance, !stopped else { return }
        lifecycle(vc, appearance("viewDidDisappear"), isMac ? .mac5 : rule)
        transition(vc, to: .hidden, rule)
        for child in forwardedChildren(vc) { didDisappear(child, .app10) }
    }

    /// True while the controller's view is in a window (R-MEM-2 "has a superview" for on-screen views).
    func isOnScreen(_ vc: Int) -> Bool {
        guard let info = controllers[vc] else { return false }
        if [.appearing, .visible, .disappearing].contains(info.state) { return true }
        if info.viewInParent, let parent = info.parent { return isOnScreen(parent) }
        return false
    }

    /// R-MEM-2: the view has a superview (on screen, or added to a parent's view).
    func hasSuperview(_ vc: Int) -> Bool {
        isOnScreen(vc) || controllers[vc]?.viewInParent == true
    }

    /// `window.rootViewController = vc` + `makeKeyAndVisible`, or (macOS) adding the view to a
    /// visible window (R-APP-2, R-MAC-5). A previous root disappears first.
    func showRootStep(_ vc: Int) {
        let previous = stage.top
        stage.clearPresented()
        // A storyboard tab bar (or tab view) controller at the root: its tabs can be selected (R-APP-6).
        stage.tabs = []
        stage.selectedTab = nil
        noteTabs(of: vc)
        stage.navigation = [vc]
        presentationViewAccess(vc)
        if let previous, previous != vc, isOnScreen(previous) { willDisappear(previous, .app2) }
        willAppear(vc, .app2)
        if let previous, previous != vc, isOnScreen(previous) { didDisappear(previous, .app2) }
        didAppear(vc, .app2)
    }

    /// Tab switch to `new` (R-APP-6): the new controller's will-appear comes first.
    func selectTabStep(_ new: Int) {
        guard let old = stage.selectedTab.flatMap({ stage.tabs[$0] }) ?? stage.navigation.first, old != new else { return }
        stage.navigation = [visibleLeaf(new)]
        presentationViewAccess(new)
        willAppear(new, .app6)
        willDisappear(old, .app6)
        didDisappear(old, .app6)
        didAppear(new, .app6)
    }

    /// Navigation push of `b` over the top `a` of the innermost level (R-APP-4); with an empty
    /// stack `b` becomes the root. A storyboard navigation controller now shows `b` (R-LAUNCH-2).
    func pushStep(_ b: Int) {
        guard let a = stage.stack.last else { return showRootStep(b) }
        presentationViewAccess(b)
        willDisappear(a, .app4)
        willAppear(b, .app4)
        didDisappear(a, .app4)
        didAppear(b, .app4)
        stage.stack.append(b)
        if let navigation = controllers[a]?.container, objects[navigation - 1].element == "navigationController" {
            controllers[b]?.container = navigation
            controllers[navigation]?.visibleChildren = [b]
        }
    }

    /// Navigation pop (R-APP-4); the revealed view is accessed first, so an unloaded view reloads (E.3).
    func popStep(_ step: ScenarioStep) {
        guard stage.stack.count >= 2, let b = stage.stack.popLast(), let a = stage.stack.last else {
            return impossible(step, "nothing was pushed")
        }
        if let navigation = controllers[a]?.container, controllers[navigation]?.visibleChildren == [b] {
            controllers[navigation]?.visibleChildren = [a]
        }
        presentationViewAccess(a)
        willDisappear(b, .app4)
        willAppear(a, .app4)
        didDisappear(b, .app4)
        didAppear(a, .app4)
    }

    /// Whether a modal style removes the presenter's view: explicit full-screen styles, or the
    /// default before the iOS 13 SDK and OS (R-APP-5).
    func isFullScreen(_ style: String?) -> Bool {
        switch style {
        case "fullScreen", "currentContext": return true
        case nil, "automatic":
            return isMac || scenario.sdkVersion < OSVersion(13, 0) || scenario.osVersion < OSVersion(13, 0)
        default: return false
        }
    }

    /// Modal presentation of `b` over the top controller (R-APP-5).
    func presentStep(_ b: Int, style: String?) {
        let a = stage.top
        let fullScreen = isFullScreen(style)
        presentationViewAccess(b)
        if fullScreen { willDisappear(a, .app5) }
        willAppear(b, .app5)
        didAppear(b, .app5)
        if fullScreen { didDisappear(a, .app5) }
        stage.presented.append((b, fullScreen))
        stage.presentedStacks.append([visibleLeaf(b)])
        if style == "popover" { stage.popovers.insert(b) }
    }

    /// Dismissal of the innermost presented controller (R-APP-5).
    func dismissStep(_ step: ScenarioStep) {
        guard let (b, fullScreen) = stage.presented.popLast() else { return impossible(step, "nothing is presented") }
        _ = stage.presentedStacks.popLast()
        let a = stage.top
        stage.popovers.remove(b)
        willDisappear(b, .app5)
        if fullScreen, let a {
            presentationViewAccess(a)
            willAppear(a, .app5)
            // R-APP-8: a presenter inside a popover gets no viewDidAppear: after the dismissal.
            if !isMac && stage.popovers.contains(a) { transition(a, to: .visible, .app8) } else { didAppear(a, .app5) }
        }
        didDisappear(b, .app5)
    }

    /// The standard add sequence: `addChildViewController:`, `[parent.view addSubview:child.view]`,
    /// `didMoveToParentViewController:` (R-APP-9, G-APP-4).
    func addChildStep(_ child: Int, parent: Int) {
        if let old = controllers[child]?.parent, old != parent { removeChildStep(child) }
        if isMac {
            // R-MAC-6: addChildViewController: goes through the primitive insert, no willMove/didMove.
            let index = stage.childOrder.filter { controllers[$0]?.parent == parent && $0 != child }.count
            lifecycle(parent, "addChildViewController:", .mac6)
            emit(
                .message, .mac6, receiver: parent, selector: "insertChildViewController:atIndex:",
                arguments: [EventArgument("index", String(index))],
                level: classes.traces(className(parent), "insertChildViewController:atIndex:") ? .l1 : nil)
        }
        containment(child, "willMoveToParentViewController:", parent: parent)
        controllers[child]?.parent = parent
        stage.childOrder.removeAll { $0 == child }
        stage.childOrder.append(child)
        accessView(parent)
        accessView(child)
        controllers[child]?.viewInParent = true
        if isOnScreen(parent) {
            willAppear(child, .app10)
            didAppear(child, .app10)
        }
        containment(child, "didMoveToParentViewController:", parent: parent)
    }

    /// The standard remove sequence: `willMoveToParentViewController:nil`, view removal,
    /// `removeFromParentViewController` (R-APP-9).
    func removeChildStep(_ child: Int) {
        guard let parent = controllers[child]?.parent else { return }
        if isMac {
            // R-MAC-6: removeFromParentViewController asks the parent to remove the child at its index.
            let index = stage.childOrder.filter { controllers[$0]?.parent == parent }.firstIndex(of: child) ?? 0
            lifecycle(child, "removeFromParentViewController", .mac6)
            emit(
                .message, .mac6, receiver: parent, selector: "removeChildViewControllerAtIndex:",
                arguments: [EventArgument("index", String(index))],
                level: classes.traces(className(parent), "removeChildViewControllerAtIndex:") ? .l1 : nil)
        }
        containment(child, "willMoveToParentViewController:", parent: nil)
        if isOnScreen(parent), controllers[child]?.viewInParent == true {
            willDisappear(child, .app10)
            didDisappear(child, .app10)
        }
        controllers[child]?.viewInParent = false
        controllers[child]?.parent = nil
        stage.childOrder.removeAll { $0 == child }
        containment(child, "didMoveToParentViewController:", parent: nil)
    }

    /// A containment line with its `parent=` argument (E.2). AppKit has none (R-MAC-6).
    private func containment(_ child: Int, _ selector: String, parent: Int?) {
        guard !isMac else { return }
        let traced = classes.traces(className(child), selector)
        emit(
            .message, .app9, receiver: child, selector: selector, arguments: [EventArgument("parent", label(parent))],
            level: traced ? .l1 : nil)
    }

    /// The view access of a presentation (R-APP-2 step 1); UIKit makes it through
    /// `loadViewIfNeeded`, traced only with `traceInternalLoadViewIfNeeded` (R-LOAD-7).
    func presentationViewAccess(_ vc: Int) {
        if scenario.flags.traceInternalLoadViewIfNeeded && !isMac { lifecycle(vc, "loadViewIfNeeded", .load7) }
        accessView(vc)
    }

    /// A step that cannot happen at run time: a note, and the run stops (no crash).
    func impossible(_ step: ScenarioStep, _ why: String) {
        notes.append("\(step.location): \(step.action.name): \(why)")
        stopped = true
    }
}
