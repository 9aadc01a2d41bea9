import NibDiffing
import NibModel

/// Lookup tables over a diff for the diagrams: one node key per object across both versions
/// (`N:<new id>` for objects in the new document, `O:<old id>` for removed ones), its status,
/// and the status of each connection.
struct DiffIndex {
    let diff: NibDiff
    let oldNames: ObjectNames
    let newNames: ObjectNames
    private(set) var status: [String: DiffStatus] = [:]
    private(set) var changes: [String: ObjectChange] = [:]
    private(set) var connectionStatus: [Connection: ConnectionChange] = [:]
    private(set) var properties: [String: [PropertyChange]] = [:]

    init(_ diff: NibDiff) {
        self.diff = diff
        oldNames = ObjectNames(diff.old)
        newNames = ObjectNames(diff.new)
        for change in diff.objects {
            let key = change.new.map { "N:" + $0.id.rawValue } ?? change.old.map { "O:" + $0.id.rawValue } ?? ""
            status[key] = DiffStatus(change.kind)
            changes[key] = change
        }
        for change in diff.properties {
            guard let id = change.object else { continue }
            let key = "N:" + id.rawValue
            if change.category == .cosmetic {
                if status[key] == nil { status[key] = .cosmetic }
            } else {
                if status[key] == nil || status[key] == .cosmetic { status[key] = .changed }
                properties[key, default: []].append(change)
            }
        }
        for change in diff.connections {
            if let connection = change.new ?? change.old { connectionStatus[connection] = change }
        }
    }

    func key(new id: ObjectID) -> String { "N:" + id.rawValue }

    func key(old id: ObjectID) -> String {
        if let new = diff.matching.oldToNew[id] { return "N:" + new.rawValue }
        return "O:" + id.rawValue
    }

    func status(of key: String) -> DiffStatus { status[key] ?? .unchanged }

    /// Every connection of both versions once: the new ones, then the removed old ones, each
    /// with its status and node keys.
    var allConnections: [(connection: Connection, status: DiffStatus, from: String, to: String?)] {
        var result: [(Connection, DiffStatus, String, String?)] = []
        for connection in diff.new.connections {
            let status = connectionStatus[connection].map { DiffStatus($0.kind) } ?? .unchanged
            result.append((connection, status, key(new: connection.source), connection.destination.map(key(new:))))
        }
        for change in diff.connections where change.kind == .removed {
            guard let connection = change.old else { continue }
            result.append((connection, .removed, key(old: connection.source), connection.destination.map(key(old:))))
        }
        return result
    }

    /// One line per change for a node: field changes of the object itself, then its changed
    /// properties (text, colours, constraints…).
    func fieldLines(_ key: String) -> [(DiffStatus, String)] {
        var lines: [(DiffStatus, String)] = []
        if let change = changes[key], change.kind == .changed { lines = change.fields.map { (.changed, $0.summary) } }
        for change in properties[key] ?? [] {
            lines.append((DiffStatus(change.kind), "\(change.field): \(change.old ?? "∅") → \(change.new ?? "∅")"))
        }
        if lines.count > 6 {
            let more = lines.count - 5
            lines = Array(lines.prefix(5)) + [(.unchanged, "… \(more) more")]
        }
        return lines
    }

    /// An edge label: for a changed connection whose identifying text changed, `old → new`.
    func edgeLabel(_ connection: Connection) -> String {
        let label = Self.edgeLabel(connection.kind)
        guard let change = connectionStatus[connection], change.kind == .changed, let old = change.old else { return label }
        let before = Self.edgeLabel(old.kind)
        return before == label ? label : "\(before) → \(label)"
    }

    /// The readable text of a connection for a diagram line or edge label.
    static func edgeLabel(_ kind: ConnectionKind) -> String {
        switch kind {
        case .outlet(let property, _): property
        case .outletCollection(let property, _, _): property + "[]"
        case .action(let selector, _, let event): selector + (event.map { " (\($0))" } ?? "")
        case .binding(let name, _, let keyPath, _): "\(name): \(keyPath)"
        case .segue(_, let segue):
            segue.relationship ?? (segue.kind + (segue.identifier.map { " “\($0)”" } ?? ""))
        }
    }

    /// Edge style by connection kind (the legend lists these).
    static func edgeStyle(_ kind: ConnectionKind) -> (style: String, arrowhead: String) {
        switch kind {
        case .outlet: ("solid", "normal")
        case .outletCollection: ("solid", "crow")
        case .action: ("dashed", "vee")
        case .binding: ("dotted", "odot")
        case .segue: ("bold", "normal")
        }
    }
}
