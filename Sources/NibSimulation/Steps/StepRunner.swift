import NibModel

extension SimulationRun {
    /// Runs one step. Nib-loading steps live in `NibSteps.swift`; controller lifecycle steps in
    /// `LifecycleSteps.swift`.
    func run(_ step: ScenarioStep) {
        switch step.action {
        case .loadNib(let nib, let owner, let externals, let result):
            loadNibStep(nib, owner: owner, externals: externals, result: result)
        case .instantiateInitialController(let storyboard, let result):
            instantiateStep(storyboard: storyboard, identifier: nil, result: result)
        case .instantiateController(let storyboard, let identifier, let result):
            instantiateStep(storyboard: storyboard, identifier: identifier, result: result)
        case .instantiateWithCreator(let storyboard, let identifier, let initializer, let result):
            // R-VCI-8: the creator API exists from iOS 13 (macOS 10.15).
            guard scenario.osVersion >= (isMac ? OSVersion(10, 15) : OSVersion(13, 0)) else {
                return impossible(step, "a creator block needs iOS 13 or macOS 10.15 (R-VCI-8)")
            }
            stage.creatorInitializer = initializer
            defer { stage.creatorInitializer = nil }
            instantiateStep(storyboard: storyboard, identifier: identifier, result: result)
        case .makeView(let nib, let owner, let count):
            makeViewStep(nib, owner: owner, count: count)
        case .launch(let mainNib):
            launchStep(mainNib)
        case .loadDocument(let nib):
            loadDocumentStep(nib)
        case .release(let name):
            release(names[name] ?? [])
        case .accessView(let name):
            guard let vc = instance(named: name) else { return unknownName(name, step) }
            accessView(vc)
        case .instantiate, .showRoot, .push, .pop, .present, .dismiss, .selectTab, .addChild, .removeChild,
            .memoryWarning, .setViewNil, .showWindow, .startTrace, .segue, .setDocument, .showTabs, .loadViewIfNeeded, .setView,
            .back, .dequeueCell, .removeFromWindow:
            lifecycleStep(step)
        }
    }

    /// A step that names an object the run does not know.
    func unknownName(_ name: String, _ step: ScenarioStep) {
        notes.append("\(step.location): \(step.action.name): no object named '\(name)'")
    }
}
