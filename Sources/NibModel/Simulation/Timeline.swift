/// The result of a simulation run: ordered events plus each view controller's view states.
public struct Timeline: Hashable, Sendable {
    /// Every event in order (filter with `Event.isVisible(at:)`).
    public var events: [Event]
    /// View-state changes of view controllers, in order (issue 5 fills most of them).
    public var transitions: [ViewStateTransition]
    /// Remarks for the user (printed on stderr, never part of the timeline text).
    public var notes: [String]
    /// The trace level the scenario asked for.
    public var traceLevel: TraceLevel
    /// Every nib load of the run, in order: which nib, and the connections it holds.
    public var loads: [NibLoadRecord]

    /// Creates a timeline.
    public init(
        events: [Event] = [], transitions: [ViewStateTransition] = [], notes: [String] = [], traceLevel: TraceLevel = .l2,
        loads: [NibLoadRecord] = []
    ) {
        self.events = events
        self.transitions = transitions
        self.notes = notes
        self.traceLevel = traceLevel
        self.loads = loads
    }

    /// The events a timeline at `level` shows.
    public func visibleEvents(at level: TraceLevel) -> [Event] { events.filter { $0.isVisible(at: level) } }

    /// True when the run ended early (EXCEPTION, CRASH or REJECT).
    public var endedAbnormally: Bool {
        events.last.map { [.exception, .crash, .reject].contains($0.kind) } ?? false
    }
}

/// The state of a view controller's view (issue 5's state machine).
public enum ViewState: String, Hashable, Sendable, Codable, CaseIterable {
    case notLoaded, loaded, appearing, visible, disappearing, hidden, unloaded
}

/// One change of a view controller's view state.
public struct ViewStateTransition: Hashable, Sendable, Codable {
    /// The view controller.
    public var controller: EventObject
    /// The state before.
    public var from: ViewState
    /// The state after.
    public var to: ViewState
    /// The index in `Timeline.events` of the first event after the change (== events.count at the end).
    public var eventIndex: Int
    /// The rule that caused it.
    public var rule: String
    /// The lifecycle message that names the change (`viewDidLoad`), when the simulator knows it.
    public var trigger: String?

    /// Creates a transition.
    public init(controller: EventObject, from: ViewState, to: ViewState, eventIndex: Int, rule: String, trigger: String? = nil) {
        self.controller = controller
        self.from = from
        self.to = to
        self.eventIndex = eventIndex
        self.rule = rule
        self.trigger = trigger
    }
}

/// One nib load of a run (R-NIB-1): a xib, a storyboard scene's controller or view nib, or a
/// prototype cell's nib (R-SB-7).
public struct NibLoadRecord: Hashable, Sendable, Codable {
    /// The load's ordinal (`Event.load`).
    public var ordinal: Int
    /// The nib's resource name (`CardView`, `BYZ-38-t0r-view-8bC-Xf-vdC`).
    public var nib: String
    /// The XML ids of the connections the nib holds, in document order (each is realised once
    /// per load unless the load stopped early).
    public var connectionIDs: [String]

    /// Creates a record.
    public init(ordinal: Int, nib: String, connectionIDs: [String]) {
        self.ordinal = ordinal
        self.nib = nib
        self.connectionIDs = connectionIDs
    }
}
