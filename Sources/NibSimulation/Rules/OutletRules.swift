import NibClasses
import NibModel
import NibRules

extension SimulationRun {
    /// P3 (R-NIB-2): outlets and collections, then actions, then bindings; sources in SIM-ORDER,
    /// connections in XML order within a source.
    func connect(_ unit: NibUnit, instances: inout LoadResult, owner: Int?) {
        var order = Dictionary(unit.objects.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // The owner of a storyboard view nib stands where a xib's File's Owner stands: first.
        if let ownerID = unit.ownerID, order[ownerID] == nil { order[ownerID] = -1 }
        let rank: (Connection) -> Int = { connection in
            guard self.scenario.flags.phasedConnections else { return 0 }
            switch connection.kind {
            case .outlet, .outletCollection: return 0
            case .action, .segue: return 1
            case .binding: return 2
            }
        }
        let indexed = unit.connections.enumerated().map { (offset: $0.offset, connection: $0.element) }
        let sorted = indexed.sorted { left, right in
            let l = (rank(left.connection), order[left.connection.source] ?? Int.max, left.offset)
            let r = (rank(right.connection), order[right.connection.source] ?? Int.max, right.offset)
            return l < r
        }
        if let viewID = unit.viewOutlet, let ownerID = unit.ownerID, let vc = instances.instances[ownerID] {
            // R-OUT-7 / G-XML-1: the storyboard view nib attaches the root view through the owner's `view` outlet.
            setOutlet(source: vc, key: "view", destination: instances.instances[viewID], rule: .out7, connections: [])
            if stopped { return }
        }
        var doneCollections: Set<PropertyKey> = []
        for (_, connection) in sorted {
            if stopped { return }
            let source = instances.instances[connection.source]
            let ids = connection.id.map { [$0.rawValue] } ?? []
            switch connection.kind {
            case .outlet(let property, let destination):
                guard let source else { continue }
                let rule: Rule = (connection.source == unit.ownerID || destination == unit.ownerID) ? .out4 : .out1
                setOutlet(source: source, key: property, destination: instances.instances[destination], rule: rule, connections: ids)
            case .outletCollection(let property, _, _):
                guard let source, doneCollections.insert(PropertyKey(object: source, key: property)).inserted else { continue }
                let members = unit.connections.filter {
                    if case .outletCollection(property, _, _) = $0.kind { return $0.source == connection.source }
                    return false
                }
                setCollection(source: source, key: property, members: members, instances: instances.instances)
            case .action(let selector, let target, let eventType):
                guard let source else { continue }
                connectAction(
                    source: source, selector: selector, target: target.flatMap { instances.instances[$0] }, eventType: eventType,
                    element: elementName(connection.source, unit), connections: ids)
            case .binding(let name, let destination, let keyPath, let options):
                guard let source else { continue }
                bind(
                    source: source, name: name, destination: instances.instances[destination], keyPath: keyPath, options: options,
                    connections: ids)
            case .segue(_, let segue):
                guard let source else { continue }
                connectSegueTrigger(source: source, segue: segue, element: elementName(connection.source, unit), connections: ids)
            }
        }
    }

    private func elementName(_ id: ObjectID, _ unit: NibUnit) -> String {
        unit.objects.first { $0.id == id }?.element ?? ""
    }

    /// One outlet: iOS KVC (R-OUT-1) or AppKit setter / ivar / log (R-OUT-2); then KVO (R-OUT-5).
    func setOutlet(source: Int, key: String, destination: Int?, rule: Rule, connections: [String]) {
        let value = label(destination)
        let sourceClass = className(source)
        if !isMac {
            connectionMessage(
                source, "setValue:forKey:", rule, [EventArgument("key", key), EventArgument("value", value)], connections: connections)
            guard classes.isKeyValueCompliant(sourceClass, key: key) else {
                unknownKey(source, key: key, rule: .out1)
                return
            }
        } else if classes.hasSetter(sourceClass, key: key) {
            connectionMessage(
                source, setterName(key), rule == .out1 ? .out2 : rule, [EventArgument("value", value)], connections: connections)
        } else if let ivar = classes.ivar(sourceClass, key: key) {
            emit(
                .ivar, .out2, receiver: source, arguments: [EventArgument("name", ivar), EventArgument("value", value)], level: .l2,
                connections: connections)
        } else {
            let destinationClass = destination.map { classes.qualifiedName(className($0)) } ?? "nil"
            log(
                RuntimeMessages.failedToConnectOutlet(
                    key: key, sourceClass: classes.qualifiedName(sourceClass), destinationClass: destinationClass,
                    osVersion: scenario.osVersion),
                .out2, connections: connections)
            return
        }
        if let destination { properties[PropertyKey(object: source, key: key)] = destination }
        notifyObservers(of: source, key: key)
    }

    /// R-OUT-6: one array per (source, property); `appends="YES"` adds item by item.
    private func setCollection(source: Int, key: String, members: [Connection], instances: [ObjectID: Int]) {
        let ids = members.compactMap { $0.id?.rawValue }
        let appends = members.contains { if case .outletCollection(_, _, true) = $0.kind { return true } else { return false } }
        let labels = members.map { label($0.destination.flatMap { instances[$0] }) }
        if appends && key == "gestureRecognizers" {
            for (index, member) in members.enumerated() {
                connectionMessage(
                    source, "addGestureRecognizer:", .out6, [EventArgument("value", labels[index])],
                    connections: member.id.map { [$0.rawValue] } ?? [])
            }
            return
        }
        let value = "[\(labels.joined(separator: ","))]"
        if !isMac || !classes.hasSetter(className(source), key: key) && classes.ivar(className(source), key: key) == nil {
            if isMac {
                log(
                    RuntimeMessages.failedToConnectOutlet(
                        key: key, sourceClass: classes.qualifiedName(className(source)), destinationClass: "NSArray",
                        osVersion: scenario.osVersion),
                    .out2, connections: ids)
                return
            }
            connectionMessage(
                source, "setValue:forKey:", .out6, [EventArgument("key", key), EventArgument("value", value)], connections: ids)
            if !classes.isKeyValueCompliant(className(source), key: key) { unknownKey(source, key: key, rule: .out1) }
        } else {
            connectionMessage(source, setterName(key), .out6, [EventArgument("value", value)], connections: ids)
        }
        notifyObservers(of: source, key: key)
    }

    /// `set<Key>:`.
    func setterName(_ key: String) -> String { "set" + key.prefix(1).uppercased() + key.dropFirst() + ":" }

    /// R-OUT-5: observers of (object, key), right after the set; macOS only from 10.5.
    func notifyObservers(of object: Int, key: String) {
        if isMac && scenario.osVersion < OSVersion(10, 5) { return }
        for registration in scenario.observers where registration.key == key {
            guard let observed = instance(named: registration.object), observed == object,
                let observer = instance(named: registration.observer)
            else { continue }
            connectionMessage(
                observer, "observeValueForKeyPath:ofObject:change:context:", .out5,
                [EventArgument("keyPath", key), EventArgument("object", label(object))], connections: []
            )
        }
    }
}
