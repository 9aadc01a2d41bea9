import NibModel

// SPEC §14 (R-MAC-9..12): NSWindowController window loading.

extension SimulationRun {
    /// `-[NSWindowController showWindow:]`: loads the window if needed (R-MAC-12), then shows it.
    func showWindowStep(_ wc: Int) {
        lifecycle(wc, "showWindow:", .mac12)
        loadWindowIfNeeded(wc)
    }

    /// R-MAC-9/10: windowWillLoad, loadWindow (the nib, owner = the controller), windowDidLoad.
    func loadWindowIfNeeded(_ wc: Int) {
        guard let info = controllers[wc], !info.windowLoaded, let name = info.nibName else { return }
        lifecycle(wc, "windowWillLoad", .mac9)
        if let document = info.document { lifecycle(document, "windowControllerWillLoadNib:", .mac9) }
        lifecycle(wc, "loadWindow", .mac10)
        guard let nib = bundledNib(name) else { return missingNib(name) }
        guard load(NibUnit(name: name, graph: nib.graph), owner: wc) != nil, !stopped else { return }
        controllers[wc]?.windowLoaded = true
        lifecycle(wc, "windowDidLoad", .mac9)
        if let document = info.document { lifecycle(document, "windowControllerDidLoadNib:", .mac9) }
    }
}
