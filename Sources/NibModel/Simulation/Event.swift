/// One line of a timeline: a message sent, a console log, an exception, a shown window…
public struct Event: Hashable, Sendable, Codable {
    /// What kind of line it is (R-CONV-1, R-CONV-4, E.2).
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// `-[Receiver selector] args`.
        case message
        /// `IVAR <Src>.<name> = <Dest>`: an AppKit outlet assigned to an instance variable (R-OUT-2).
        case ivar
        /// `LOG <text>`.
        case log
        /// `EXCEPTION <Name>: <reason>`; the run ends.
        case exception
        /// `CRASH <text>`; the run ends.
        case crash
        /// `SHOW-WINDOW <Label>` (R-WIN-1).
        case showWindow
        /// `RESOLVE <resource> -> found|missing` (L3).
        case resolve
        /// `REJECT <reason>`: the document failed validation; the only line of the run.
        case reject
    }

    /// What kind of line it is.
    public var kind: Kind
    /// The SPEC rule that produced it (`R-OUT-1`).
    public var rule: String
    /// The nib-load phase it belongs to, when inside a load (R-NIB-1).
    public var phase: LoadPhase?
    /// The ordinal of the nib load it belongs to (1-based), when inside a load.
    public var load: Int?
    /// The receiving object, for messages, IVAR and SHOW-WINDOW lines.
    public var receiver: EventObject?
    /// The full selector with colons, for messages.
    public var selector: String?
    /// Ordered `key=value` arguments (printed at L2 and L3 only).
    public var arguments: [EventArgument]
    /// The text of LOG, EXCEPTION, CRASH, RESOLVE and REJECT lines.
    public var text: String?
    /// The lowest trace level that shows the line; nil for calls no level traces (framework
    /// lifecycle, selectors the class does not override) — kept for diagrams.
    public var level: TraceLevel?
    /// The XML ids of the model connections this line realises (outlets, collections, actions, bindings).
    public var connectionIDs: [String]

    /// Creates an event.
    public init(
        kind: Kind, rule: String, phase: LoadPhase? = nil, load: Int? = nil, receiver: EventObject? = nil,
        selector: String? = nil, arguments: [EventArgument] = [], text: String? = nil, level: TraceLevel? = .l1,
        connectionIDs: [String] = []
    ) {
        self.kind = kind
        self.rule = rule
        self.phase = phase
        self.load = load
        self.receiver = receiver
        self.selector = selector
        self.arguments = arguments
        self.text = text
        self.level = level
        self.connectionIDs = connectionIDs
    }

    /// Whether a timeline at `level` shows this line.
    public func isVisible(at traceLevel: TraceLevel) -> Bool {
        guard let level else { return false }
        return level <= traceLevel
    }

    /// The first argument named `key`.
    public func argument(_ key: String) -> String? { arguments.first { $0.key == key }?.value }
}

/// The five phases of a nib load (R-NIB-1).
public enum LoadPhase: Int, Hashable, Sendable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    /// Read the nib data and resources; no object events.
    case p1 = 1
    /// Instantiate the non-placeholder objects.
    case p2
    /// Connect outlets, actions, bindings; runtime attributes.
    case p3
    /// `awakeFromNib`.
    case p4
    /// Show visible-at-launch windows.
    case p5

    public static func < (lhs: LoadPhase, rhs: LoadPhase) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `P1`…`P5`.
    public var description: String { "P\(rawValue)" }
}

/// An object as a timeline names it.
public struct EventObject: Hashable, Sendable, Codable {
    /// The simulator's instance number (unique per run, creation order from 1).
    public var instance: Int
    /// The XML id of the element it was unarchived from, if any.
    public var id: String?
    /// The label printed in lines (R-CONV-1), with any `#` suffix.
    public var label: String
    /// Its runtime class.
    public var className: String

    /// Creates an object reference.
    public init(instance: Int, id: String?, label: String, className: String) {
        self.instance = instance
        self.id = id
        self.label = label
        self.className = className
    }
}

/// One `key=value` argument of a line.
public struct EventArgument: Hashable, Sendable, Codable {
    /// The key (`key`, `value`, `target`, `action`, `events`, …).
    public var key: String
    /// The value as printed.
    public var value: String

    /// Creates an argument.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
