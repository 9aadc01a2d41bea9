import NibModel

/// A simulated timeline as the site shows it: one row per event of the canonical line format
/// (R-CONV-1, R-CONV-4). The simulation module's `Timeline` converts into this (see
/// `SiteServices`); canonical text lines (SPEC goldens) parse into it too, so concept pages can
/// draw a golden sequence even where no scenario file exists.
public struct SiteTimeline: Hashable, Sendable {
    /// One event.
    public struct Event: Hashable, Sendable {
        /// The kind of line (R-CONV-4).
        public enum Kind: String, Hashable, Sendable {
            case message, log, exception, crash, showWindow = "show-window", resolve, reject, ivar, note
        }

        /// The kind of line.
        public var kind: Kind
        /// The receiver label (`MyVC`), or nil for LOG/EXCEPTION/CRASH/REJECT lines.
        public var receiver: String?
        /// The selector, for message lines.
        public var selector: String?
        /// `key=value` arguments or the free text of a non-message line.
        public var detail: String
        /// The SPEC rule that produced the event, when known (`R-LOAD-1`).
        public var ruleID: String?
        /// The load phase or lifecycle stage, when known (`P2`, `appear`).
        public var phase: String?
        /// The canonical line.
        public var line: String

        /// Creates an event.
        public init(
            kind: Kind, receiver: String?, selector: String?, detail: String, ruleID: String? = nil, phase: String? = nil, line: String
        ) {
            self.kind = kind
            self.receiver = receiver
            self.selector = selector
            self.detail = detail
            self.ruleID = ruleID
            self.phase = phase
            self.line = line
        }
    }

    /// A view state change of one view controller (issue 5's state machine).
    public struct Transition: Hashable, Sendable {
        /// The view controller label.
        public var controller: String
        /// State before.
        public var from: String
        /// State after.
        public var to: String
        /// The selector that caused it.
        public var trigger: String

        /// Creates a transition.
        public init(controller: String, from: String, to: String, trigger: String) {
            self.controller = controller
            self.from = from
            self.to = to
            self.trigger = trigger
        }
    }

    /// Events in order.
    public var events: [Event]
    /// View state transitions in order.
    public var transitions: [Transition]
    /// The simulator's own timeline and the level it is shown at, when the rows came from a
    /// run (not from a golden's text): NibDiagrams then draws it, so the site and
    /// `nibviz render` show the same diagram.
    public var source: (timeline: Timeline, level: TraceLevel)? {
        get { sourceTimeline.map { ($0, sourceLevel ?? .l1) } }
        set {
            sourceTimeline = newValue?.timeline
            sourceLevel = newValue?.level
        }
    }
    private var sourceTimeline: Timeline?
    private var sourceLevel: TraceLevel?

    /// Creates a timeline.
    public init(events: [Event], transitions: [Transition]) {
        self.events = events
        self.transitions = transitions
    }

    /// Parses canonical lines (`-[Label selector] args`, `LOG …`, `EXCEPTION …`); `…` lines and
    /// blank lines are kept as notes. Transitions are derived from the selectors.
    public init(canonicalLines text: String) {
        var events: [Event] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw).trimmingTrailingSpaces()
            events.append(Self.parse(line))
        }
        self.init(events: events, transitions: Self.deriveTransitions(events))
    }

    static func parse(_ line: String) -> Event {
        if line.hasPrefix("-[") || line.hasPrefix("+["), let close = line.firstIndex(of: "]") {
            let inside = line[line.index(line.startIndex, offsetBy: 2)..<close]
            let parts = inside.split(separator: " ", maxSplits: 1)
            let receiver = parts.first.map(String.init)
            let selector = parts.count > 1 ? String(parts[1]) : nil
            let rest = line[line.index(after: close)...].trimmingCharacters(in: " ")
            return Event(kind: .message, receiver: receiver, selector: selector, detail: rest, ruleID: Self.rule(for: selector), line: line)
        }
        let prefixes: [(String, Event.Kind, String?)] = [
            ("LOG ", .log, nil), ("EXCEPTION ", .exception, nil), ("CRASH ", .crash, "R-LOAD-6"),
            ("SHOW-WINDOW ", .showWindow, "R-WIN-1"), ("RESOLVE ", .resolve, "R-NN-2"), ("REJECT ", .reject, "R-XML-12"),
            ("IVAR ", .ivar, "R-OUT-2"),
        ]
        for (prefix, kind, rule) in prefixes where line.hasPrefix(prefix) {
            let text = String(line.dropFirst(prefix.count))
            let receiver = kind == .showWindow ? text : (kind == .ivar ? String(text.prefix { $0 != "." }) : nil)
            return Event(kind: kind, receiver: receiver, selector: nil, detail: text, ruleID: rule, line: line)
        }
        return Event(kind: .note, receiver: nil, selector: nil, detail: line, line: line)
    }

    /// The rule a lifecycle selector most directly illustrates; a fallback when the simulator
    /// did not say (the simulation's own rule ids win when present).
    static func rule(for selector: String?) -> String? {
        guard let selector else { return nil }
        let table: [String: String] = [
            "initWithCoder:": "R-INIT-2", "initWithFrame:": "R-INIT-6", "init": "R-INIT-7",
            "initWithNibName:bundle:": "R-VCI-4", "awakeFromNib": "R-AWAKE-1", "loadView": "R-LOAD-1",
            "viewDidLoad": "R-LOAD-4", "viewWillAppear:": "R-APP-2", "viewDidAppear:": "R-APP-2",
            "viewIsAppearing:": "R-APP-3", "viewWillDisappear:": "R-APP-4", "viewDidDisappear:": "R-APP-4",
            "viewWillLayoutSubviews": "R-APP-7", "viewDidLayoutSubviews": "R-APP-7",
            "didReceiveMemoryWarning": "R-MEM-1", "viewWillUnload": "R-MEM-2", "viewDidUnload": "R-MEM-2",
            "setView:": "R-MEM-2", "setValue:forKey:": "R-OUT-1", "addTarget:action:forControlEvents:": "R-ACT-1",
            "addTarget:action:": "R-ACT-2", "setTarget:": "R-ACT-4", "setAction:": "R-ACT-4",
            "bind:toObject:withKeyPath:options:": "R-BIND-1", "observeValueForKeyPath:ofObject:change:context:": "R-OUT-5",
            "setValue:forKeyPath:": "R-NIB-8", "willMoveToParentViewController:": "R-APP-9",
            "didMoveToParentViewController:": "R-APP-9", "windowWillLoad": "R-MAC-9", "loadWindow": "R-MAC-9",
            "windowDidLoad": "R-MAC-9", "initWithWindowNibName:": "R-MAC-11", "initWithWindowNibName:owner:": "R-MAC-11",
            "initWithWindow:": "R-MAC-11", "showWindow:": "R-MAC-12", "viewWillAppear": "R-MAC-5", "viewDidAppear": "R-MAC-5",
            "viewWillDisappear": "R-MAC-5", "viewDidDisappear": "R-MAC-5", "prepareForSegue:sender:": "R-VCI-5",
            "shouldPerformSegueWithIdentifier:sender:": "R-VCI-5", "applicationDidReceiveMemoryWarning:": "R-MEM-1",
            "applicationWillFinishLaunching:": "R-WIN-5", "applicationDidFinishLaunching:": "R-WIN-5",
            "windowControllerWillLoadNib:": "R-MAC-9", "windowControllerDidLoadNib:": "R-MAC-9",
        ]
        if let rule = table[selector] { return rule }
        return selector.hasPrefix("set") ? "R-OUT-2" : nil
    }

    /// Derives each view controller's view states from lifecycle selectors: loaded on
    /// `viewDidLoad`, appearing/visible/disappearing/hidden on the appearance callbacks,
    /// unloaded on `viewDidUnload` (R-MEM-2).
    static func deriveTransitions(_ events: [Event]) -> [Transition] {
        var state: [String: String] = [:]
        var out: [Transition] = []
        let targets: [String: String] = [
            "viewDidLoad": "loaded", "viewWillAppear:": "appearing", "viewWillAppear": "appearing",
            "viewDidAppear:": "visible", "viewDidAppear": "visible", "viewWillDisappear:": "disappearing",
            "viewWillDisappear": "disappearing", "viewDidDisappear:": "hidden", "viewDidDisappear": "hidden",
            "viewDidUnload": "unloaded",
        ]
        for event in events {
            guard let receiver = event.receiver, let selector = event.selector, let target = targets[selector] else { continue }
            let from = state[receiver] ?? "not loaded"
            if from == target { continue }
            out.append(Transition(controller: receiver, from: from, to: target, trigger: selector))
            state[receiver] = target
        }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " || copy.last == "\r" || copy.last == "\t" { copy.removeLast() }
        return copy
    }

    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
