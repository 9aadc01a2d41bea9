import NibModel

// Scenario steps that drive a storyboard the way an app does: segues, going back, dequeuing
// prototype cells, a view leaving its window (R-SB-2..9).

extension SimulationRun {
    /// A storyboard segue (G-VCI-3, R-SB-2/3): found by identifier or by the object it starts
    /// from; `shouldPerformSegueWithIdentifier:sender:` for storyboard triggers (iOS 6+), the
    /// destination instantiated (`initWithCoder:`, `awakeFromNib`), `prepareForSegue:sender:`,
    /// then the destination shown the way the segue kind shows it.
    func segueStep(_ source: Int, identifier: String?, sourceObject: String?, fromCode: Bool, result: String?, _ step: ScenarioStep) {
        guard let graph = controllers[source]?.storyboard, let element = objects[source - 1].elementID,
            let scene = graph.objectsByID[element]?.scene
        else { return impossible(step, "'\(label(source))' does not come from a storyboard") }
        let sceneObjects = Set(graph.objects.filter { $0.scene == scene }.map(\.id))
        let found = graph.connections.lazy.compactMap { connection -> (ObjectID, Segue)? in
            guard sceneObjects.contains(connection.source), case .segue(let destination, let segue) = connection.kind,
                segue.relationship == nil, !["relationship", "embed", "unwind"].contains(segue.kind)
            else { return nil }
            if let sourceObject, connection.source.rawValue != sourceObject { return nil }
            if let identifier, segue.identifier != identifier { return nil }
            return (destination, segue)
        }.first
        guard let (destinationID, segue) = found else {
            if let identifier {
                return exception(
                    "NSInvalidArgumentException",
                    "Receiver (<\(className(source)): 0xADDR>) has no segue with identifier '\(identifier)'",
                    sourceObject == nil ? .vci5 : .sb2)
            }
            return impossible(step, "no segue starts from object '\(sourceObject ?? "")' in the scene of '\(label(source))' (R-SB-2)")
        }
        // A segue fired by the controller itself is performSegueWithIdentifier:sender: from code.
        let byCode = fromCode || sourceObject == element.rawValue
        if !byCode && !isMac && scenario.osVersion >= OSVersion(6, 0) {
            lifecycle(source, "shouldPerformSegueWithIdentifier:sender:", .vci5)
        }
        guard let target = graph.objectsByID[destinationID], Self.isViewControllerElement(target.element) else {
            notes.append(
                "\(step.location): the segue leads to a storyboard reference (\(destinationID.rawValue)); other storyboards are not simulated"
            )
            return
        }
        guard let destination = instantiateController(destinationID, in: graph), !stopped else { return }
        if let result { names[result] = [destination] }
        lifecycle(source, "prepareForSegue:sender:", .vci5)
        if isMac { return macSegue(segue, destination: destination, step) }
        switch segue.kind {
        case "show", "push":
            // R-SB-3: show pushes inside a navigation stack, else presents (show(_:sender:)).
            // A controller a scenario shows by hand (no container) stands in a navigation stack (G-VCI-3).
            let container = stage.top.flatMap { controllers[$0]?.container }
            let inNavigation = container.map { objects[$0 - 1].element == "navigationController" } ?? stage.presented.isEmpty
            if stage.stack.isEmpty || inNavigation {
                pushStep(destination)
            } else {
                presentStep(destination, style: segue.modalPresentationStyle)
            }
        case "presentation", "modal", "showDetail": presentStep(destination, style: segue.modalPresentationStyle)
        case "popoverPresentation", "popover": presentStep(destination, style: "popover")
        default: notes.append("\(step.location): segue kind '\(segue.kind)' performs nothing in the simulator")
        }
    }

    /// AppKit segues (R-SB-3): `show` opens the destination's window (a window controller shows
    /// its window and content) or a window for a view controller; `modal`, `sheet` and `popover`
    /// present it over the source, which stays on screen.
    private func macSegue(_ segue: Segue, destination: Int, _ step: ScenarioStep) {
        switch segue.kind {
        case "show":
            guard objects[destination - 1].element == "windowController" else { return presentStep(destination, style: "window") }
            lifecycle(destination, "showWindow:", .sb3)
            guard let content = controllers[destination]?.visibleChildren.first else { return }
            presentStep(content, style: "window")
        case "modal", "sheet", "popover", "custom": presentStep(destination, style: segue.kind)
        default: notes.append("\(step.location): segue kind '\(segue.kind)' performs nothing in the simulator")
        }
    }

    /// Back from the top controller (R-SB-4/5).
    func backStep(unwind: String?, fromCode: Bool, _ step: ScenarioStep) {
        guard let top = stage.top else { return impossible(step, "nothing is on screen") }
        guard let unwind else {
            if stage.stack.count < 2 && !stage.presented.isEmpty { return dismissStep(step) }
            return popStep(step)
        }
        guard let graph = controllers[top]?.storyboard, let element = objects[top - 1].elementID,
            let scene = graph.objectsByID[element]?.scene
        else { return impossible(step, "'\(label(top))' does not come from a storyboard") }
        let sceneObjects = Set(graph.objects.filter { $0.scene == scene }.map(\.id))
        let segue = graph.connections.lazy.compactMap { connection -> Segue? in
            guard sceneObjects.contains(connection.source), case .segue(_, let segue) = connection.kind, segue.kind == "unwind",
                segue.identifier == unwind
            else { return nil }
            return segue
        }.first
        guard let segue else {
            return exception(
                "NSInvalidArgumentException", "Receiver (<\(className(top)): 0xADDR>) has no segue with identifier '\(unwind)'", .sb4)
        }
        // The nearest controller below the top that implements the unwind action.
        // Every level's stack, innermost first, top excluded.
        let levels = [stage.navigation] + stage.presentedStacks
        let below = levels.reversed().flatMap { $0.reversed() }.filter { $0 != top }
        let action = segue.unwindAction ?? ""
        guard let destination = below.first(where: { classes.respondsTo(className($0), action: action) }) else {
            notes.append(
                "\(step.location): back: no controller below '\(label(top))' implements \(action); the unwind segue does nothing (R-SB-4)")
            return
        }
        // Like other segues, a control-triggered unwind asks the source first (iOS 6+).
        if !fromCode && !isMac && scenario.osVersion >= OSVersion(6, 0) {
            lifecycle(top, "shouldPerformSegueWithIdentifier:sender:", .sb4)
        }
        lifecycle(top, "prepareForSegue:sender:", .sb4)
        emit(.message, .sb4, receiver: destination, selector: action, level: classes.isUser(className(destination)) ? .l1 : nil)
        while !stage.stack.contains(destination), !stage.presented.isEmpty, !stopped { dismissStep(step) }
        if stage.top != destination, let index = stage.stack.lastIndex(of: destination) { popTo(index) }
    }

    /// A pop straight to the controller at `index` of the navigation stack (R-APP-4 order).
    private func popTo(_ index: Int) {
        guard let b = stage.stack.last, index < stage.stack.count - 1 else { return }
        stage.stack.removeSubrange((index + 1)...)
        let a = stage.stack[index]
        if let navigation = controllers[a]?.container, controllers[navigation]?.visibleChildren == [b] {
            controllers[navigation]?.visibleChildren = [a]
        }
        presentationViewAccess(a)
        willDisappear(b, .app4)
        willAppear(a, .app4)
        didDisappear(b, .app4)
        didAppear(a, .app4)
    }

    /// `dequeueReusableCellWithIdentifier:forIndexPath:` with no cell to reuse, `count` times
    /// (R-SB-6/7): each cell is its prototype's own nib, loaded then. AppKit:
    /// `makeViewWithIdentifier:owner:` with the controller as owner, awakened each time (R-AWAKE-4).
    func dequeueStep(_ vc: Int, identifier: String, count: Int, result: String?, _ step: ScenarioStep) {
        guard let info = controllers[vc], info.viewLoaded else {
            return impossible(step, "the view of '\(label(vc))' is not loaded: cells are dequeued once its table or collection view exists")
        }
        guard let prototype = info.prototypes.first(where: { $0.identifier == identifier }) else {
            if isMac {
                // AppKit returns nil rather than raising; the run says so.
                return emit(
                    .log, .sb6, text: "makeViewWithIdentifier:owner: finds no view for identifier \(identifier); it returns nil", level: .l1
                )
            }
            let collection = !info.prototypes.isEmpty && info.prototypes.allSatisfy(\.isCollectionCell)
            let reason =
                collection
                ? "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
                : "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            return exception("NSInternalInconsistencyException", reason, .sb6)
        }
        let list = prototype.list.flatMap { info.viewInstances[$0] }
        let proxies = info.proxies.merging(info.viewInstances) { first, _ in first }
        let selector =
            prototype.isCellView
            ? "makeViewWithIdentifier:owner:"
            : prototype.isCollectionCell
                ? "dequeueReusableCellWithReuseIdentifier:forIndexPath:" : "dequeueReusableCellWithIdentifier:forIndexPath:"
        var cells: [Int] = []
        for _ in 0..<max(count, 0) where !stopped {
            if let list {
                emit(.message, .sb7, receiver: list, selector: selector, arguments: [EventArgument("identifier", identifier)], level: .l3)
            }
            guard let loaded = load(prototype.unit, owner: prototype.isCellView ? vc : nil, proxies: proxies) else { return }
            if let cell = loaded.instances[prototype.cell.id] { cells.append(cell) }
        }
        if let result { names[result] = cells }
    }

    /// The controller's view leaves its window (R-SB-9; R-MAC-5 on macOS): disappear calls only.
    func removeFromWindowStep(_ vc: Int, _ step: ScenarioStep) {
        guard isOnScreen(vc) else { return impossible(step, "the view of '\(label(vc))' is not in a window") }
        willDisappear(vc, .sb9)
        didDisappear(vc, .sb9)
        stage.navigation.removeAll { $0 == vc }
        if let level = stage.presented.firstIndex(where: { $0.controller == vc }) {
            stage.presented.removeSubrange(level...)
            stage.presentedStacks.removeSubrange(level...)
        }
        for level in stage.presentedStacks.indices { stage.presentedStacks[level].removeAll { $0 == vc } }
    }
}
