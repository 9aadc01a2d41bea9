import NibModel

/// What happened to an object or connection between two versions of a document.
public enum ChangeKind: String, Hashable, Sendable, Codable, CaseIterable {
    case added, removed, changed
}

/// One field that differs between the old and new version of a matched object or connection.
public struct FieldChange: Hashable, Sendable {
    /// The field (`customClass`, `destination`, `keyPath`, `kind`, …).
    public var field: String
    /// The old value as readable text (names, not ids); nil when unset.
    public var old: String?
    /// The new value as readable text; nil when unset.
    public var new: String?
    /// Which kind of edit it is.
    public var category: ChangeCategory

    /// Creates a field change.
    public init(field: String, old: String?, new: String?, category: ChangeCategory = .structure) {
        self.field = field
        self.old = old
        self.new = new
        self.category = category
    }

    /// `field: old → new`, with `∅` for an unset side.
    public var summary: String { "\(field): \(old ?? "∅") → \(new ?? "∅")" }
}

/// An object added, removed or semantically changed.
public struct ObjectChange: Hashable, Sendable {
    /// Added, removed or changed.
    public var kind: ChangeKind
    /// The object in the old document (nil when added).
    public var old: NibObject?
    /// The object in the new document (nil when removed).
    public var new: NibObject?
    /// What differs, for `changed`.
    public var fields: [FieldChange]

    /// Creates an object change.
    public init(kind: ChangeKind, old: NibObject?, new: NibObject?, fields: [FieldChange] = []) {
        self.kind = kind
        self.old = old
        self.new = new
        self.fields = fields
    }
}

/// A connection added, removed or changed (retargeted, re-keyed, new segue kind, …).
public struct ConnectionChange: Hashable, Sendable {
    /// Added, removed or changed.
    public var kind: ChangeKind
    /// The connection in the old document (nil when added).
    public var old: Connection?
    /// The connection in the new document (nil when removed).
    public var new: Connection?
    /// What differs, for `changed`.
    public var fields: [FieldChange]

    /// Creates a connection change.
    public init(kind: ChangeKind, old: Connection?, new: Connection?, fields: [FieldChange] = []) {
        self.kind = kind
        self.old = old
        self.new = new
        self.fields = fields
    }

    /// The connection kind's JSON name (`outlet`, `action`, …).
    public var connectionKind: String { (new ?? old)?.kind.name ?? "connection" }
}

/// A way the simulated load differs because of the change.
public struct Consequence: Hashable, Sendable {
    /// The SPEC rule behind the difference (`R-OUT-1`, `R-INIT-2`, …).
    public var rule: String
    /// One sentence for the reviewer.
    public var message: String

    /// Creates a consequence.
    public init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }
}

/// The semantic difference between two versions of an Interface Builder document.
public struct NibDiff: Hashable, Sendable {
    /// The old document.
    public var old: NibGraph
    /// The new document.
    public var new: NibGraph
    /// Which old object each new object is.
    public var matching: ObjectMatching
    /// Objects added, removed or changed (new document order, then removals in old order).
    public var objects: [ObjectChange]
    /// Connections added, removed or changed.
    public var connections: [ConnectionChange]
    /// Document-level semantic changes (initial view controller, platform, type).
    public var document: [FieldChange]
    /// Facts of matched objects and of the document that differ (text, colours, constraints,
    /// frames, tool versions…), each with its category.
    public var properties: [PropertyChange]
    /// How the simulated load differs.
    public var consequences: [Consequence]
    /// Edits that break code using the old name (outlets, actions, identifiers, classes).
    public var risks: [Risk]

    /// Creates a diff.
    public init(
        old: NibGraph, new: NibGraph, matching: ObjectMatching, objects: [ObjectChange] = [],
        connections: [ConnectionChange] = [], document: [FieldChange] = [], properties: [PropertyChange] = [],
        consequences: [Consequence] = [], risks: [Risk] = []
    ) {
        self.old = old
        self.new = new
        self.matching = matching
        self.objects = objects
        self.connections = connections
        self.document = document
        self.properties = properties
        self.consequences = consequences
        self.risks = risks
    }

    /// Property changes that cannot change the running app (tool versions, canvas positions).
    public var cosmetic: [PropertyChange] { properties.filter { $0.category == .cosmetic } }

    /// Property changes that can change the running app.
    public var realProperties: [PropertyChange] { properties.filter { $0.category != .cosmetic } }

    /// True when something can change the running app: objects, connections, the document or
    /// any non-cosmetic property (text, colour, constraint, frame…).
    public var hasSemanticChanges: Bool {
        !objects.isEmpty || !connections.isEmpty || !document.isEmpty || properties.contains { $0.category != .cosmetic }
    }

    /// True when nothing differs at all, cosmetic included.
    public var isEmpty: Bool { !hasSemanticChanges && properties.isEmpty }

    /// Connection changes of one kind (`outlet`, `outletCollection`, `action`, `binding`, `segue`).
    public func connections(ofKind name: String) -> [ConnectionChange] {
        connections.filter { $0.connectionKind == name }
    }
}
