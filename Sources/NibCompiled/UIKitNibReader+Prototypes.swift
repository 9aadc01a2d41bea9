import NibModel

/// Table and collection view prototype cells: nested nibs (`UITableViewCellPrototypeNibs`:
/// reuse identifier → `UINib` whose `archiveData` is a NIBArchive), expanded below their view.
extension UIKitNibReader {
    /// Nested nibs deeper than this are reported, not read (each level is inside the file, so
    /// the work stays bounded by the file size times this depth).
    static let maxPrototypeDepth = 4

    mutating func expandPrototypes(of index: Int) {
        guard let view = table.object(index) else { return }
        for (key, value) in view.fields where key.hasSuffix("PrototypeNibs") {
            // `…PrototypeNibExternalObjects`: reuse identifier → placeholder id → outer object.
            let externalsKey = String(key.dropLast("Nibs".count)) + "NibExternalObjects"
            var externals: [String: [String: ObjectID]] = [:]
            for pair in table.pairs(view[externalsKey]) {
                guard let reuse = table.string(.object(pair.key)) else { continue }
                for inner in table.pairs(.object(pair.value)) {
                    if let placeholder = table.string(.object(inner.key)) {
                        externals[reuse, default: [:]][placeholder] = builder.id(inner.value)
                    }
                }
            }
            for pair in table.pairs(value) {
                guard let reuse = table.string(.object(pair.key)), let nib = table.object(pair.value), nib.className == "UINib" else {
                    continue
                }
                expand(nib, at: pair.value, reuse: reuse, into: index, externals: externals[reuse] ?? [:])
            }
        }
    }

    private mutating func expand(_ nib: ArchivedObject, at nibIndex: Int, reuse: String, into owner: Int, externals: [String: ObjectID]) {
        guard depth < Self.maxPrototypeDepth else {
            return builder.warn(
                "prototype nib \(TextQuoting.plain(reuse)) nested more than \(Self.maxPrototypeDepth) deep; not read", at: nibIndex)
        }
        let data = nib["archiveData"].flatMap { value -> [UInt8]? in
            if case .bytes(let bytes) = value { return bytes }
            if case .bytes(let bytes)? = table.target(value).flatMap({ table.object($0)?["NS.bytes"] }) { return bytes }
            return nil
        }
        guard let data else { return builder.warn("prototype nib \(TextQuoting.plain(reuse)) without archiveData", at: nibIndex) }
        guard nestedBudget.spend(data.count) else {
            return builder.warn(
                "prototype nib \(TextQuoting.plain(reuse)) not read: nested nibs repeat beyond what the file size allows", at: nibIndex)
        }
        let graph: NibGraph
        do {
            var reader = UIKitNibReader(
                table: try NIBArchiveDecoder.decode(data, file: table.file), format: format, depth: depth + 1, nestedBudget: nestedBudget)
            graph = reader.read()
        } catch let error as LocatedError {
            return builder.warn("prototype nib \(TextQuoting.plain(reuse)) (nested at this object): \(error.message)", at: nibIndex)
        } catch {
            return builder.warn("prototype nib \(TextQuoting.plain(reuse)): \(error)", at: nibIndex)
        }
        let ownerID = builder.id(owner)
        let prefix = ownerID.rawValue + "/" + reuse + "/"
        // Placeholders nothing connects to (the nested File's Owner and First Responder) are left
        // out; external placeholders are the outer objects the view's table names.
        let connected = Set(graph.connections.flatMap { [$0.source] + ($0.destination.map { [$0] } ?? []) })
        var mapping: [ObjectID: ObjectID] = [:]
        for object in graph.objects {
            if let placeholder = object.placeholder, let outer = externals[placeholder] {
                mapping[object.id] = outer
            } else {
                mapping[object.id] = ObjectID(prefix + object.id.rawValue)
            }
        }
        func mapped(_ id: ObjectID) -> ObjectID { mapping[id] ?? ObjectID(prefix + id.rawValue) }
        for var object in graph.objects {
            if let placeholder = object.placeholder, externals[placeholder] != nil || !connected.contains(object.id) { continue }
            object.id = mapped(object.id)
            object.parent = object.parent.map(mapped) ?? ownerID
            builder.addNested(object)
        }
        for var connection in graph.connections {
            connection.source = mapped(connection.source)
            connection.kind = Self.remapped(connection.kind, mapped)
            builder.connections.append(connection)
        }
        builder.diagnostics += graph.diagnostics.filter { $0.severity != .note }
    }

    /// A connection kind with its destination mapped.
    static func remapped(_ kind: ConnectionKind, _ mapped: (ObjectID) -> ObjectID) -> ConnectionKind {
        switch kind {
        case .outlet(let property, let destination): .outlet(property: property, destination: mapped(destination))
        case .outletCollection(let property, let destination, let appends):
            .outletCollection(property: property, destination: mapped(destination), appends: appends)
        case .action(let selector, let target, let event): .action(selector: selector, target: target.map(mapped), eventType: event)
        case .binding(let name, let destination, let keyPath, let options):
            .binding(name: name, destination: mapped(destination), keyPath: keyPath, options: options)
        case .segue(let destination, let segue) where segue.kind == "relationship": .segue(destination: mapped(destination), segue)
        case .segue: kind  // a storyboard identifier, resolved by the .storyboardc reader
        }
    }
}

/// What nested prototype nibs may still cost, shared by a nib and all the nibs inside it.
final class NestedNibBudget {
    private var remaining: Int

    init(bytes: Int) { remaining = bytes }

    /// Takes `bytes` from the budget; false (and nothing taken) when it would run out.
    func spend(_ bytes: Int) -> Bool {
        guard bytes <= remaining else { return false }
        remaining -= bytes
        return true
    }
}
