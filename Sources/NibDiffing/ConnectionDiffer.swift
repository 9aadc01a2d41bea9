import NibModel

/// Pairs the connections of two versions and reports what was added, removed or changed.
///
/// Pairing goes from the strongest evidence to the weakest: the same connection id, then
/// identical content (ids translated through the object matching), then a key per kind that
/// names "the same connection" even when its content changed (an outlet is its source and
/// property, an action its sender, selector and event, a binding its source and name, a segue
/// its source and identifier or destination).
struct ConnectionDiffer {
    let old: NibGraph
    let new: NibGraph
    let matching: ObjectMatching
    let oldNames: ObjectNames
    let newNames: ObjectNames

    /// A connection with its ends in the old document's id space.
    private struct Record {
        var connection: Connection
        var fields: [(String, String?)]
        var source: String
        var destination: String?

        init(_ connection: Connection, source: String, destination: String?) {
            self.connection = connection
            self.source = source
            self.destination = destination
            var fields: [(String, String?)] = [("source", source), ("destination", destination)]
            switch connection.kind {
            case .outlet(let property, _):
                fields.append(("property", property))
            case .outletCollection(let property, _, let appends):
                fields += [("property", property), ("appends", appends ? "YES" : nil)]
            case .action(let selector, _, let eventType):
                fields += [("selector", selector), ("eventType", eventType)]
            case .binding(let name, _, let keyPath, let options):
                let text = options.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                fields += [("name", name), ("keyPath", keyPath), ("options", options.isEmpty ? nil : text)]
            case .segue(_, let segue):
                fields += [
                    ("kind", segue.kind), ("identifier", segue.identifier), ("relationship", segue.relationship),
                    ("customClass", segue.customClass),
                ]
            }
            self.fields = fields
        }

        func value(_ field: String) -> String? { fields.first { $0.0 == field }?.1 ?? nil }

        /// The pairing key at `level` (0 = connection id, 1 = everything, 2… = per kind), nil
        /// when this level has no key for the connection.
        func key(level: Int) -> String? {
            let kind = connection.kind.name
            func join(_ parts: [String?]) -> String {
                ([kind] + parts.map { $0 ?? "\u{0}" }).joined(separator: "\u{1}")
            }
            switch level {
            case 0: return connection.id.map { kind + "\u{1}" + $0.rawValue }
            case 1: return join(fields.map(\.1))
            default: break
            }
            let keys: [[String?]]
            switch connection.kind {
            case .outlet: keys = [[source, value("property")]]
            case .outletCollection: keys = [[source, value("property"), destination]]
            case .action:
                keys = [[source, value("selector"), value("eventType")], [source, destination, value("eventType")]]
            case .binding: keys = [[source, value("name")]]
            case .segue:
                keys = [
                    value("identifier") == nil ? nil : [source, value("identifier")],
                    value("relationship") == nil ? nil : [source, value("relationship"), destination],
                    [source, destination],
                ].compactMap { $0 }
            }
            return level - 2 < keys.count ? join(keys[level - 2]) : nil
        }
    }

    func changes() -> [ConnectionChange] {
        let oldRecords = old.connections.map {
            Record($0, source: $0.source.rawValue, destination: $0.destination?.rawValue)
        }
        let newRecords = new.connections.map {
            Record($0, source: matching.oldSpace($0.source), destination: $0.destination.map(matching.oldSpace))
        }
        var oldPaired = [Bool](repeating: false, count: oldRecords.count)
        var pairOfNew = [Int?](repeating: nil, count: newRecords.count)
        for level in 0..<6 {
            var groups: [String: [Int]] = [:]
            for (index, record) in oldRecords.enumerated() where !oldPaired[index] {
                if let key = record.key(level: level) { groups[key, default: []].append(index) }
            }
            for (index, record) in newRecords.enumerated() where pairOfNew[index] == nil {
                guard let key = record.key(level: level), var candidates = groups[key], !candidates.isEmpty else { continue }
                let match = candidates.removeFirst()
                groups[key] = candidates
                oldPaired[match] = true
                pairOfNew[index] = match
            }
        }
        var changes: [ConnectionChange] = []
        for (index, record) in newRecords.enumerated() {
            guard let match = pairOfNew[index] else {
                changes.append(ConnectionChange(kind: .added, old: nil, new: record.connection))
                continue
            }
            let fields = differences(oldRecords[match], record)
            if !fields.isEmpty {
                changes.append(ConnectionChange(kind: .changed, old: oldRecords[match].connection, new: record.connection, fields: fields))
            }
        }
        for (index, record) in oldRecords.enumerated() where !oldPaired[index] {
            changes.append(ConnectionChange(kind: .removed, old: record.connection, new: nil))
        }
        return changes
    }

    private func differences(_ a: Record, _ b: Record) -> [FieldChange] {
        var result: [FieldChange] = []
        for (field, oldValue) in a.fields where oldValue != b.value(field) {
            switch field {
            case "source":
                result.append(
                    FieldChange(
                        field: field, old: oldNames.name(a.connection.source), new: newNames.name(b.connection.source),
                        category: .connection))
            case "destination":
                result.append(
                    FieldChange(
                        field: field, old: oldNames.name(a.connection.destination),
                        new: newNames.name(b.connection.destination), category: .connection))
            default:
                let isIdentifier = field == "identifier"
                result.append(
                    FieldChange(field: field, old: oldValue, new: b.value(field), category: isIdentifier ? .identifier : .connection))
            }
        }
        return result
    }
}
