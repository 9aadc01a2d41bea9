import NibModel

extension SimulationRun {
    /// View-controller lifecycle steps (SPEC §8–§14).
    func lifecycleStep(_ step: ScenarioStep) {
        switch step.action {
        case .instantiate(let name, let className, let initializer, let nibName):
            instantiateFromCode(name: name, className: className, initializer: initializer, nibName: nibName)
        case .showRoot(let name):
            guard let vc = controller(named: name, step) else { return }
            showRootStep(vc)
        case .push(let name):
            guard let vc = controller(named: name, step) else { return }
            pushStep(vc)
        case .pop: popStep(step)
        case .present(let name, let style):
            guard let vc = controller(named: name, step) else { return }
            presentStep(vc, style: style)
        case .dismiss: dismissStep(step)
        case .addChild(let childName, let parentName):
            guard let child = controller(named: childName, step), let parent = controller(named: parentName, step) else { return }
            addChildStep(child, parent: parent)
        case .removeChild(let name):
            guard let child = controller(named: name, step) else { return }
            guard controllers[child]?.parent != nil else { return impossible(step, "'\(name)' has no parent") }
            removeChildStep(child)
        case .memoryWarning: memoryWarningStep()
        case .setViewNil(let name):
            guard let vc = controller(named: name, step) else { return }
            setViewNilStep(vc)
        case .setView(let name):
            guard let vc = controller(named: name, step) else { return }
            setViewStep(vc)
        case .showWindow(let name):
            guard let wc = controller(named: name, step) else { return }
            showWindowStep(wc)
        case .startTrace: stage.traceStart = events.count
        case .loadViewIfNeeded(let name):
            guard let vc = controller(named: name, step) else { return }
            guard scenario.osVersion >= (isMac ? OSVersion(14, 0) : OSVersion(9, 0)) else {
                return impossible(step, "loadViewIfNeeded needs iOS 9 or macOS 14 (R-LOAD-7, R-MAC-7)")
            }
            lifecycle(vc, "loadViewIfNeeded", isMac ? .mac7 : .load7)
            accessView(vc)
        case .setDocument(let name, let documentName):
            guard let wc = controller(named: name, step), let document = instance(named: documentName) else { return }
            controllers[wc]?.document = document
        case .showTabs(let tabNames):
            let tabs = tabNames.compactMap { controller(named: $0, step) }
            guard tabs.count == tabNames.count, let first = tabs.first else { return }
            showRootStep(first)
            stage.tabs = tabs.map { Optional($0) }
            stage.selectedTab = 0
        case .selectTab(let index):
            guard stage.tabs.indices.contains(index) else {
                return impossible(step, "no tab \(index) (the tab bar holds \(stage.tabs.count) controllers; use showTabs first)")
            }
            guard let tab = stage.tabs[index] else {
                return impossible(step, "tab \(index) refers to another storyboard, which this run does not load (R-SB-8)")
            }
            selectTabStep(tab)
            stage.selectedTab = index
        case .segue(let name, let identifier, let sourceObject, let fromCode, let result):
            guard let vc = controller(named: name, step) else { return }
            segueStep(vc, identifier: identifier, sourceObject: sourceObject, fromCode: fromCode, result: result, step)
        case .back(let unwind, let fromCode): backStep(unwind: unwind, fromCode: fromCode, step)
        case .dequeueCell(let name, let identifier, let count, let result):
            guard let vc = controller(named: name, step) else { return }
            dequeueStep(vc, identifier: identifier, count: count, result: result, step)
        case .removeFromWindow(let name):
            guard let vc = controller(named: name, step) else { return }
            removeFromWindowStep(vc, step)
        default:
            notes.append("\(step.location): step '\(step.action.name)' is not simulated yet (SPEC §8–§14)")
        }
    }

    /// The view controller a step names; a missing one stops the run with a located note.
    func controller(named name: String, _ step: ScenarioStep) -> Int? {
        guard let vc = instance(named: name), controllers[vc] != nil else {
            impossible(step, "no view controller named '\(name)'")
            return nil
        }
        return vc
    }

    /// A controller created by code (R-VCI-2/3/4, R-MAC-1, R-MAC-11): entry-order initializer lines,
    /// never `initWithCoder:` or `awakeFromNib`; nothing loads.
    func instantiateFromCode(name: String, className: String, initializer: String, nibName: String?) {
        let vc = create(className: className)
        names[name] = [vc]
        controllers[vc] = ControllerInfo(nibName: nibName)
        switch initializer {
        case "initWithNibName:bundle:":
            lifecycle(vc, "initWithNibName:bundle:", .vci4)
        case "initWithWindowNibName:":
            lifecycle(vc, "initWithWindowNibName:", .mac11)
            lifecycle(vc, "initWithWindowNibName:owner:", .mac11)
            lifecycle(vc, "initWithWindow:", .mac11)
        default:  // init, new
            if isMac && classes.isKind(className, of: "NSWindowController") {
                // `init` is no designated initializer of NSWindowController: it ends in
                // `initWithWindow:` (R-MAC-11), never in NSViewController's `initWithNibName:bundle:`.
                lifecycle(vc, "init", .mac11)
                lifecycle(vc, "initWithWindow:", .mac11)
            } else {
                lifecycle(vc, "init", isMac ? .mac1 : .vci2)
                lifecycle(vc, "initWithNibName:bundle:", isMac ? .mac1 : .vci2)
            }
        }
    }
}
