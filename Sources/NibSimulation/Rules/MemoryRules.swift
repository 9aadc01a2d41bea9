import NibModel
import NibRules

// SPEC §12 (R-MEM) and §13 (R-REL): memory warnings, unloading, manual view = nil.

extension SimulationRun {
    /// The application delegate: the application's `delegate` outlet, else a scenario object
    /// named `appDelegate` or whose class ends in `AppDelegate` (scenario-format choice).
    func applicationDelegate() -> Int? {
        if let application, let delegate = properties[PropertyKey(object: application, key: "delegate")] { return delegate }
        let object = scenario.objects.first { $0.name == "appDelegate" || $0.className.hasSuffix("AppDelegate") }
        return instance(named: object?.name)
    }

    /// A simulated memory warning (R-MEM-1): the delegate first, then every live controller in
    /// creation order, each running its default (R-MEM-2/3/4) and guard (R-MEM-7).
    func memoryWarningStep() {
        guard !isMac else {
            notes.append("macOS has no memory warnings; NSViewController views never unload (R-MEM-9)")
            return
        }
        if let delegate = applicationDelegate() { lifecycle(delegate, "applicationDidReceiveMemoryWarning:", .mem1) }
        for vc in controllers.keys.sorted() where objects[vc - 1].alive && !stopped {
            lifecycle(vc, "didReceiveMemoryWarning", .mem1)
            let name = className(vc)
            let overridden = classes.overrides(name, "didReceiveMemoryWarning")
            let behaviour = classes.behaviour(name)
            // R-CONV-7: an override without super unloads nothing.
            if !overridden || behaviour.callsSuper("didReceiveMemoryWarning") { defaultMemoryWarning(vc) }
            guard overridden, !stopped else { continue }
            switch behaviour.memoryWarningGuard {
            case "naive":
                // R-MEM-7: `self.view.window` loads the view first.
                accessView(vc)
                if !stopped && !isOnScreen(vc) { unloadView(vc, .mem7) }
            case "checked":
                if controllers[vc]?.viewLoaded == true && !isOnScreen(vc) { unloadView(vc, .mem7) }
            default: break
            }
        }
    }

    /// The default `-[UIViewController didReceiveMemoryWarning]` (R-MEM-2/3/4).
    private func defaultMemoryWarning(_ vc: Int) {
        guard controllers[vc]?.viewLoaded == true else { return }
        let os = scenario.osVersion
        guard os < OSVersion(6, 0), !hasSuperview(vc) else { return }
        guard os >= OSVersion(3, 0) else { return unloadView(vc, .mem3) }
        if os >= OSVersion(5, 0) { lifecycle(vc, "viewWillUnload", .mem2) }
        lifecycle(vc, "setView:", .mem2)
        unloadView(vc, .mem2)
        lifecycle(vc, "viewDidUnload", .mem2)
    }

    /// `vc.view = nil` by hand: no unload callbacks on any version (R-MEM-6).
    func setViewNilStep(_ vc: Int) {
        guard controllers[vc]?.viewLoaded == true else { return }
        unloadView(vc, .mem6)
    }

    /// R-LOAD-9: `vc.view = v` (non-nil) by hand: `setView:` only; the view counts as loaded, so a
    /// later access runs neither `loadView` nor `viewDidLoad`.
    func setViewStep(_ vc: Int) {
        lifecycle(vc, "setView:", .load9)
        transition(vc, to: .loaded, .load9)
    }

    /// Releases the view and its hierarchy (E.3: the reloaded objects carry no `#` suffix); the
    /// next access reloads (R-REL-1).
    func unloadView(_ vc: Int, _ rule: Rule) {
        guard let info = controllers[vc] else { return }
        let released = Set(info.viewObjects)
        release(info.viewObjects)
        for key in properties.keys where key.object == vc && (key.key == "view" || properties[key].map(released.contains) == true) {
            properties[key] = nil
        }
        controllers[vc]?.viewObjects = []
        controllers[vc]?.laidOut = false
        transition(vc, to: .unloaded, rule)
    }
}
