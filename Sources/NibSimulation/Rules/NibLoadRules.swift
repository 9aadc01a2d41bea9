import NibClasses
import NibModel
import NibRules

/// What a finished load hands back.
struct LoadResult {
    /// Element id → instance, for the load's own objects and resolved placeholders.
    var instances: [ObjectID: Int]
    /// Top-level objects in SIM-ORDER (R-NIB-4).
    var topLevel: [Int]
    /// Every object the load instantiated.
    var created: [Int]
}

extension SimulationRun {
    /// Loads `unit` with `owner`, external objects by placeholder identifier and proxies for
    /// objects of another nib (R-NIB-1). Returns nil when the load raised.
    @discardableResult
    func load(_ unit: NibUnit, owner: Int?, externals: [String: Int] = [:], proxies: [ObjectID: Int] = [:]) -> LoadResult? {
        guard !stopped else { return nil }
        loadCount += 1
        let load = loadCount
        loads.append(
            (NibLoadRecord(ordinal: load, nib: unit.name, connectionIDs: unit.connections.compactMap { $0.id?.rawValue }), events.count))
        let outer = context
        defer { context = outer }
        // P1 (R-NIB-1): the data is read; no object events.
        context = (load, .p1)
        var result = LoadResult(instances: proxies, topLevel: [], created: [])
        // Placeholders resolve, never instantiate (R-NIB-3).
        for object in unit.objects where NibUnit.isPlaceholder(object) || object.id == unit.ownerID {
            if result.instances[object.id] != nil { continue }
            if let resolved = resolvePlaceholder(object, unit: unit, owner: owner, externals: externals) {
                result.instances[object.id] = resolved
            }
        }
        // P2 (R-INIT).
        context = (load, .p2)
        for object in unit.objects where !NibUnit.isPlaceholder(object) && object.id != unit.ownerID && !unit.proxyIDs.contains(object.id) {
            guard result.instances[object.id] == nil || proxies[object.id] != nil else { continue }
            let instance = instantiate(object, load: load)
            result.instances[object.id] = instance
            result.created.append(instance)
            if object.parent == nil { result.topLevel.append(instance) }
            if stopped { return nil }
        }
        // P3 (R-OUT, R-ACT, R-BIND, R-NIB-8).
        context = (load, .p3)
        connect(unit, instances: &result, owner: owner)
        if stopped { return nil }
        applyRuntimeAttributes(unit, instances: result.instances)
        if stopped { return nil }
        // P4 (R-AWAKE).
        context = (load, .p4)
        awaken(unit, instances: result.instances, created: result.created)
        if stopped { return nil }
        // P5 (R-WIN).
        context = (load, .p5)
        showVisibleWindows(unit, instances: result.instances)
        return stopped ? nil : result
    }

    /// R-NIB-3: File's Owner → owner, First Responder → nil, Application → NSApp, others →
    /// external objects by identifier.
    func resolvePlaceholder(_ object: NibObject, unit: NibUnit, owner: Int?, externals: [String: Int]) -> Int? {
        if object.id == unit.ownerID { return owner }
        switch object.placeholder {
        case PlaceholderIdentifier.filesOwner?: return owner
        case PlaceholderIdentifier.firstResponder?: return nil
        case PlaceholderIdentifier.application?: return applicationInstance(className: applicationClass(in: unit))
        case PlaceholderIdentifier.storyboardReference?: return nil
        case let identifier?:
            if let external = externals[identifier] { return external }
            missingExternal(object, identifier: identifier)
            return nil
        case nil: return nil
        }
    }

    /// The class of the Application placeholder's object: the File's Owner class when the owner is
    /// the application (MainMenu.xib), else NSApplication.
    private func applicationClass(in unit: NibUnit) -> String? {
        guard let owner = unit.objects.first(where: { $0.placeholder == PlaceholderIdentifier.filesOwner }) else { return nil }
        return owner.runtimeClass.hasSuffix("Application") ? owner.runtimeClass : nil
    }

    /// The resource a named nib loads from, or nil when the bundle lacks it.
    func bundledNib(_ name: String) -> ScenarioNib? {
        if let nib = scenario.nib(named: name) { return nib.inBundle ? nib : nil }
        if scenario.bundle.resources.contains("\(name).nib") || scenario.bundle.resources.contains(name) {
            let empty = NibGraph(file: "\(name).nib", format: .scenario, documentType: "", platform: platform)
            return ScenarioNib(name: name, graph: empty)
        }
        return nil
    }

    /// R-NIB-6: the missing-nib exception for a `UINib`/`NSNib` load or a storyboard.
    func missingNib(_ name: String, storyboard: Bool = false) {
        if isMac {
            let selector =
                scenario.osVersion < OSVersion(10, 10) ? "-[NSNib initWithNibNamed:bundle:]" : "-[NSNib _initWithNibNamed:bundle:options:]"
            exception("NSInternalInconsistencyException", "\(selector) could not load the nibName: \(name) in bundle (null).", .nib6)
        } else {
            let suffix = storyboard ? " and directory '\(name).storyboardc'" : ""
            exception(
                "NSInternalInconsistencyException",
                "Could not load NIB in bundle: 'NSBundle <\(scenario.bundle.path)> (loaded)' with name '\(name)'\(suffix)", .nib6)
        }
    }

    /// R-NIB-8: `setValue:forKeyPath:` for each runtime attribute, objects in SIM-ORDER.
    func applyRuntimeAttributes(_ unit: NibUnit, instances: [ObjectID: Int]) {
        for object in unit.objects where !object.runtimeAttributes.isEmpty {
            guard let instance = instances[object.id] else { continue }
            for attribute in object.runtimeAttributes {
                connectionMessage(instance, "setValue:forKeyPath:", .nib8, [EventArgument("keyPath", attribute.keyPath)], connections: [])
                let key = String(attribute.keyPath.split(separator: ".").first ?? "")
                if classes.runtimeAttributeAnswer(className(instance), key: key) == .missing {
                    unknownKey(instance, key: key, rule: .nib8)
                    return
                }
            }
        }
    }

    /// The `NSUnknownKeyException` of R-OUT-1.
    func unknownKey(_ instance: Int, key: String, rule: Rule, connections: [String] = []) {
        exception(
            "NSUnknownKeyException",
            RuntimeMessages.unknownKey(className: classes.qualifiedName(className(instance)), key: key),
            rule, connections: connections
        )
    }
}
