/// A connection of a nib graph: what IB writes in an object's `<connections>`.
public struct Connection: Hashable, Sendable, Codable {
    /// The connection's own id (may be nil in archives and hand-written scenarios).
    public var id: ObjectID?
    /// The object whose `<connections>` holds this connection (R-XML-7).
    public var source: ObjectID
    /// What kind of connection and its kind-specific data.
    public var kind: ConnectionKind
    /// 1-based line of the element.
    public var line: Int
    /// 1-based column of the element's start tag; 0 when unknown.
    public var column: Int = 0
    /// True when an action names its target with `target=` (macOS) rather than
    /// `destination=` (iOS): R-XML-12 rejects the wrong one for the platform.
    public var namesTargetAttribute: Bool

    /// Creates a connection.
    public init(id: ObjectID?, source: ObjectID, kind: ConnectionKind, line: Int = 0, namesTargetAttribute: Bool = false) {
        self.id = id
        self.source = source
        self.kind = kind
        self.line = line
        self.namesTargetAttribute = namesTargetAttribute
    }

    /// The object at the other end; nil for a nil-target action (First Responder on iOS
    /// archives, responder chain).
    public var destination: ObjectID? {
        switch kind {
        case .outlet(_, let destination), .outletCollection(_, let destination, _),
            .binding(_, let destination, _, _), .segue(let destination, _):
            destination
        case .action(_, let target, _):
            target
        }
    }
}

/// The five connection kinds, each with what identifies it.
public enum ConnectionKind: Hashable, Sendable, Codable {
    /// `<outlet property destination>`: `source.property = destination`.
    case outlet(property: String, destination: ObjectID)
    /// `<outletCollection property destination appends>`.
    case outletCollection(property: String, destination: ObjectID, appends: Bool)
    /// `<action selector destination|target eventType>`; source is the control (sender).
    case action(selector: String, target: ObjectID?, eventType: String?)
    /// `<binding name keyPath destination>` with its options, sorted by key.
    case binding(name: String, destination: ObjectID, keyPath: String, options: [BindingOption])
    /// `<segue destination kind identifier relationship customClass>`.
    case segue(destination: ObjectID, Segue)

    /// The JSON name of the kind.
    public var name: String {
        switch self {
        case .outlet: "outlet"
        case .outletCollection: "outletCollection"
        case .action: "action"
        case .binding: "binding"
        case .segue: "segue"
        }
    }
}

/// A binding option from `<dictionary key="options">`.
public struct BindingOption: Hashable, Sendable, Codable {
    /// The option key (`NSValueTransformerName`).
    public var key: String
    /// The option value as text.
    public var value: String

    /// Creates an option.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// The data of a storyboard segue.
public struct Segue: Hashable, Sendable, Codable {
    /// `kind` (`show`, `presentation`, `relationship`, `embed`, `unwind`, `push`, …).
    public var kind: String
    /// `identifier`, when set.
    public var identifier: String?
    /// `relationship` for relationship segues (`rootViewController`, `viewControllers`, …).
    public var relationship: String?
    /// `customClass` of a custom segue.
    public var customClass: String?
    /// `unwindAction` of an unwind segue (`done:`), the action its destination implements (R-SB-4).
    public var unwindAction: String?
    /// `modalPresentationStyle` of a presentation segue (`fullScreen`, `formSheet`, …), R-SB-3.
    public var modalPresentationStyle: String?
    /// `popoverAnchorView` of a macOS popover segue: the view the popover points at, when it is
    /// not the segue's source.
    public var popoverAnchor: ObjectID?

    /// Creates segue data.
    public init(
        kind: String, identifier: String? = nil, relationship: String? = nil, customClass: String? = nil, unwindAction: String? = nil,
        modalPresentationStyle: String? = nil, popoverAnchor: ObjectID? = nil
    ) {
        self.kind = kind
        self.identifier = identifier
        self.relationship = relationship
        self.customClass = customClass
        self.unwindAction = unwindAction
        self.modalPresentationStyle = modalPresentationStyle
        self.popoverAnchor = popoverAnchor
    }
}
