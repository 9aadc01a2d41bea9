import NibModel

// The view loading the nib-loading goldens need (G-BIND-1, G-XML-1): the default `loadView`
// path. SPEC §8–§14 (overrides, recursion, appearance, unloading) grow beside this file.

extension SimulationRun {
    /// `vc.view` (R-LOAD-1): loads the view if needed. A `loadView` override without `super`
    /// loads no nib (R-VCI-9) and may leave the view nil, so the next access loads again; an
    /// access from inside the load recurses until `maxLoadViewDepth` (R-LOAD-6, E.3).
    func accessView(_ vc: Int) {
        guard let info = controllers[vc] else {
            notes.append("\(label(vc)) is not a view controller; its view access is not simulated")
            return
        }
        if info.viewLoaded || stopped { return }
        // R-LOAD-8: a `view` getter override that does not call super never reaches loadView.
        if classes.overrides(className(vc), "view") && !classes.behaviour(className(vc)).viewGetterCallsSuper { return }
        guard stage.loadDepth < scenario.flags.maxLoadViewDepth else {
            crash("EXC_BAD_ACCESS (stack overflow in -[\(label(vc)) loadView] recursion)", .load6)
            return
        }
        stage.loadDepth += 1
        defer { stage.loadDepth -= 1 }
        let name = className(vc)
        let behaviour = classes.behaviour(name)
        let overridden = classes.overrides(name, "loadView")
        lifecycle(vc, "loadView", .load1)
        var hasView = true
        if overridden && !behaviour.callsSuper("loadView") {
            // R-VCI-9 / R-LOAD-5: no default load; the override assigns a view or leaves it nil.
            hasView = behaviour.loadViewAssignsView
            if !hasView && behaviour.loadViewAccessesView { accessView(vc) }
        } else {
            let before = objects.count
            defaultLoadView(vc, info: info)
            controllers[vc]?.viewObjects = Array(min(before + 1, objects.count + 1)..<(objects.count + 1))
        }
        if stopped { return }
        instantiateEmbeds(of: vc)
        if stopped { return }
        if hasView {
            transition(vc, to: .loaded, .load1, trigger: isMac && scenario.osVersion < OSVersion(10, 10) ? "loadView" : "viewDidLoad")
            controllers[vc]?.laidOut = false
        }
        if isMac && scenario.osVersion < OSVersion(10, 10) { return }
        lifecycle(vc, "viewDidLoad", isMac ? .mac2 : hasView ? .load1 : .load6)
        // R-LOAD-6: viewDidLoad reading self.view with no view starts the load again.
        if !hasView && behaviour.viewDidLoadAccessesView && classes.overrides(name, "viewDidLoad") { accessView(vc) }
    }

    /// The default `loadView` (R-LOAD-2/10, R-NN-2/4/6/8, R-MAC-3).
    private func defaultLoadView(_ vc: Int, info: ControllerInfo) {
        if let unit = info.storyboardViewNib {
            if let loaded = load(unit, owner: vc, proxies: info.proxies) { controllers[vc]?.viewInstances = loaded.instances }
            return
        }
        // A storyboard container (navigation, tab bar, split) has no view nib: its own loadView
        // builds its view, with no nib search.
        if info.storyboard != nil, let element = objects[vc - 1].element, Self.containerElements.contains(element) { return }
        var classNameForNib = className(vc)
        // R-NN-9: Swift classes look up the module-qualified name (flag; default on for macOS 10.10–10.x).
        if isMac, let module = classes.entry(classNameForNib)?.swiftModule,
            scenario.flags.macQualifiedNibName ?? (scenario.osVersion >= OSVersion(10, 10) && scenario.osVersion < OSVersion(11, 0))
        {
            classNameForNib = "\(module).\(classNameForNib)"
        }
        if isMac {
            guard let name = info.nibName ?? (scenario.osVersion >= OSVersion(10, 10) ? classNameForNib : nil) else {
                exception("NSInternalInconsistencyException", "-[NSViewController loadView] could not load the \"(null)\" nib.", .nn8)
                return
            }
            guard let nib = bundledNib(name) else {
                if scenario.osVersion < OSVersion(10, 10) {
                    exception("NSInternalInconsistencyException", "-[NSViewController loadView] could not load the \"\(name)\" nib.", .nib6)
                } else {
                    missingNib(name)
                }
                return
            }
            load(NibUnit(name: name, graph: nib.graph), owner: vc)
            return
        }
        var chosen: String?
        if let explicit = info.nibName {
            if bundledNib(explicit) != nil {
                chosen = explicit
            } else if scenario.flags.legacyExplicitNibFallback && scenario.osVersion < OSVersion(6, 0) {
                // R-NN-7 flag: the iOS 3–5 guide's fallback to the class-name nib.
                chosen = resolveNibName(for: classNameForNib)
            } else {
                missingNib(explicit)
                return
            }
        } else {
            chosen = resolveNibName(for: classNameForNib)
        }
        guard let name = chosen, let nib = bundledNib(name) else { return }  // R-NN-6: a plain UIView.
        load(NibUnit(name: name, graph: nib.graph), owner: vc)
        if stopped { return }
        if properties[PropertyKey(object: vc, key: "view")] == nil {
            exception(
                "NSInternalInconsistencyException",
                "-[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"\(name)\" nib but the view outlet was not set.", .load3
            )
        }
    }

    /// R-NN-2/3/4: the class-name search with device variants, as L3 RESOLVE lines.
    func resolveNibName(for className: String) -> String? {
        var candidates: [String] = []
        if className.hasSuffix("Controller"), className != "Controller" {
            candidates.append(String(className.dropLast("Controller".count)))
        }
        candidates.append(className)
        for candidate in candidates {
            for name in ["\(candidate)\(scenario.idiom.nibSuffix)", candidate] {
                let found = bundledNib(name) != nil
                resolve("\(name).nib", found: found, name == candidate ? .nn2 : .nn4)
                if found { return name }
            }
        }
        return nil
    }

    /// E.3: embed segue destinations (container views in the view nib) are instantiated after the
    /// view nib's load, before the container's `viewDidLoad`.
    private func instantiateEmbeds(of vc: Int) {
        guard let info = controllers[vc], let unit = info.storyboardViewNib, let graph = info.storyboard else { return }
        let sources = Set(unit.objects.map(\.id))
        for (destination, _) in Self.segues(in: graph, from: sources, relationship: false) where !stopped {
            if loadingDocument && instantiatedControllers.contains(destination) { continue }
            if skipsReference(destination, in: graph) { continue }
            if let child = instantiateController(destination, in: graph) { controllers[vc]?.children.append(child) }
        }
    }
}
