import NibModel

// SPEC §14 (R-MAC-9..13): NSWindowController window loading.

extension SimulationRun {
    /// `-[NSWindowController showWindow:]`: loads the window if needed (R-MAC-12), then shows it.
    func showWindowStep(_ wc: Int) {
        lifecycle(wc, "showWindow:", .mac12)
        loadWindowIfNeeded(wc)
        showWindowContent(wc)
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

    /// The content controller of a storyboard window controller scene (its
    /// `window.shadowedContentViewController` relationship), R-MAC-13.
    static func windowContent(in graph: NibGraph, of controller: ObjectID) -> ObjectID? {
        graph.connections.lazy.compactMap { connection -> ObjectID? in
            guard connection.source == controller, case .segue(let destination, let segue) = connection.kind,
                segue.relationship == "window.shadowedContentViewController"
            else { return nil }
            return destination
        }.first
    }

    /// R-MAC-13: the content controller becomes `contentViewController`, so its view loads; its
    /// `viewDidLoad` comes before `windowDidLoad` unless `macContentVCBeforeWindowDidLoad` is off.
    func finishStoryboardWindow(_ wc: Int, content: Int?) {
        guard !stopped else { return }
        let first = scenario.flags.macContentVCBeforeWindowDidLoad
        if first, let content { accessView(content) }
        guard !stopped else { return }
        controllers[wc]?.windowLoaded = true
        lifecycle(wc, "windowDidLoad", .mac13)
        if !first, let content { accessView(content) }
    }
}
