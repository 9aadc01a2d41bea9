import NibClasses
import NibModel
import NibRules

/// The mutable state of one run. Rules live in extensions (`Rules/…`), one file per SPEC section;
/// steps in `Steps/…`. Everything stops at the first EXCEPTION, CRASH or REJECT.
final class SimulationRun {
    let scenario: Scenario
    let classes: ClassLookup
    var platform: Platform { scenario.platform }
    var isMac: Bool { scenario.platform.usesAppKit }

    /// Objects by instance number − 1; changed only by `create` and `release` (which keep
    /// `labelIndex` in step).
    var objects: [LiveObject] = []
    /// Counts behind labels, so labelling stays constant-time per event.
    var labelIndex = LabelIndex() {
        didSet { labelGeneration &+= 1 }
    }
    /// Each instance's label as last made, and the `labelIndex` change it was made after: a
    /// label holds until an object is created or released (an event names its receiver and
    /// often its arguments' objects, and making the label was a tenth of a run).
    var labelCache: [(generation: Int, label: String)?] = []
    /// Counts `labelIndex`'s changes.
    var labelGeneration = 0
    /// Scenario names (objects and `as:` results) → instances.
    var names: [String: [Int]] = [:]
    /// Outlet values set so far: (source instance, key) → destination instance.
    var properties: [PropertyKey: Int] = [:]
    /// View controllers by instance.
    var controllers: [Int: ControllerInfo] = [:]
    /// Storyboard controllers instantiated so far, by element id (bare storyboard runs load each scene once).
    var instantiatedControllers: Set<ObjectID> = []
    /// True during a bare document run: every scene loads exactly once.
    var loadingDocument = false
    /// `NSApp` / `UIApplication.sharedApplication`, created on first use.
    var application: Int?
    /// Navigation, modal and load-recursion state of the lifecycle steps (SPEC §8–§14).
    var stage = Stage()

    var events: [Event] = []
    var transitions: [ViewStateTransition] = []
    var notes: [String] = []
    /// True once the run ended (exception, crash, reject).
    var stopped = false
    /// Number of nib loads so far.
    var loadCount = 0
    /// Every load so far (`Timeline.loads`), with the index of the first event after its start.
    var loads: [(record: NibLoadRecord, firstEvent: Int)] = []
    /// The load and phase events are attributed to.
    var context: (load: Int, phase: LoadPhase)?

    /// Objects whose custom class the runtime will not find (R-CHK-9), by id and custom class.
    let classesNotFound: [ObjectID: (customClass: String?, log: String)]

    init(scenario: Scenario) {
        self.scenario = scenario
        self.classes = ClassLookup(table: Self.inferSuperclasses(scenario))
        var notFound: [ObjectID: (customClass: String?, log: String)] = [:]
        for nib in scenario.nibs {
            for (id, log) in nib.classesNotFound {
                notFound[id] = (nib.graph.objectsByID[id]?.customClass, log)
            }
        }
        classesNotFound = notFound
    }

    /// A table class with no `superclass` inherits from the framework class of the element that
    /// names it (`<viewController customClass="HomeVC">` → `UIViewController`), first use wins.
    static func inferSuperclasses(_ scenario: Scenario) -> [String: ClassInfo]? {
        guard var table = scenario.classes else { return nil }
        for nib in scenario.nibs {
            for object in nib.graph.objects {
                guard let custom = object.customClass, table[custom]?.superclass == nil, object.className != custom,
                    !object.isPlaceholder
                else { continue }
                table[custom]?.superclass = object.className
            }
        }
        return table
    }

    var timeline: Timeline {
        // `startTrace`: the stage-setting steps before it print nothing.
        let start = min(stage.traceStart, events.count)
        let shifted = transitions.map { transition in
            var copy = transition
            copy.eventIndex = max(0, transition.eventIndex - start)
            return copy
        }
        return Timeline(
            events: Array(events[start...]), transitions: shifted, notes: notes, traceLevel: scenario.traceLevel,
            loads: loads.filter { $0.firstEvent >= start }.map(\.record))
    }

    /// A copy of this run's state whose scenario ends with `steps` as well, those steps run on
    /// it. A run is its scenario's objects, then its steps in order from that one state (no step
    /// looks at another), so this is what `execute()` of the longer scenario returns, without
    /// replaying the steps they share: a storyboard's launch (R-LAUNCH-1/2) runs each scene part
    /// (R-SB-1) as its launch, then the steps to the scene.
    func continued(with steps: [ScenarioStep]) -> SimulationRun {
        var longer = scenario
        longer.steps += steps
        let copy = SimulationRun(continuing: self, scenario: longer)
        for step in steps {
            if copy.stopped { break }
            copy.run(step)
        }
        return copy
    }

    private init(continuing run: SimulationRun, scenario: Scenario) {
        self.scenario = scenario
        classes = run.classes
        classesNotFound = run.classesNotFound
        objects = run.objects
        labelIndex = run.labelIndex
        names = run.names
        properties = run.properties
        controllers = run.controllers
        instantiatedControllers = run.instantiatedControllers
        loadingDocument = run.loadingDocument
        application = run.application
        stage = run.stage
        events = run.events
        transitions = run.transitions
        notes = run.notes
        stopped = run.stopped
        loadCount = run.loadCount
        loads = run.loads
        context = run.context
    }

    /// Creates the scenario's objects, then runs its steps in order until one stops the run.
    func execute() {
        for object in scenario.objects {
            let instance = create(className: object.className, alias: object.label)
            names[object.name] = [instance]
            if object.nibName != nil || classes.isKind(object.className, of: "UIViewController")
                || classes.isKind(object.className, of: "NSViewController")
            {
                controllers[instance] = ControllerInfo(nibName: object.nibName)
            }
        }
        guard validate() else { return }
        for step in scenario.steps {
            if stopped { break }
            run(step)
        }
    }

    // MARK: emitting

    /// Appends an event, attributed to the current load and phase.
    func emit(
        _ kind: Event.Kind, _ rule: Rule, receiver: Int? = nil, selector: String? = nil, arguments: [EventArgument] = [],
        text: String? = nil, level: TraceLevel?, connections: [String] = []
    ) {
        guard !stopped else { return }
        events.append(
            Event(
                kind: kind, rule: rule.id, phase: context?.phase, load: context?.load,
                receiver: receiver.map(eventObject), selector: selector, arguments: arguments, text: text, level: level,
                connectionIDs: connections
            )
        )
        if kind == .exception || kind == .crash || kind == .reject { stopped = true }
    }

    /// A lifecycle message: traced at L1 when the receiver's class is a user class that overrides it.
    func lifecycle(_ receiver: Int, _ selector: String, _ rule: Rule) {
        let traced = classes.traces(className(receiver), selector)
        emit(.message, rule, receiver: receiver, selector: selector, level: traced ? .l1 : nil)
    }

    /// A framework-internal message, shown at L3 (R-CONV-3).
    func internalCall(_ receiver: Int, _ selector: String, _ rule: Rule) {
        emit(.message, rule, receiver: receiver, selector: selector, level: .l3)
    }

    /// A connection operation line, shown from L2.
    func connectionMessage(_ receiver: Int, _ selector: String, _ rule: Rule, _ arguments: [EventArgument], connections: [String]) {
        emit(.message, rule, receiver: receiver, selector: selector, arguments: arguments, level: .l2, connections: connections)
    }

    /// `LOG text` (L2).
    func log(_ text: String, _ rule: Rule, connections: [String] = []) {
        emit(.log, rule, text: text, level: .l2, connections: connections)
    }

    /// `EXCEPTION name: reason`; ends the run.
    func exception(_ name: String, _ reason: String, _ rule: Rule, connections: [String] = []) {
        emit(.exception, rule, text: "\(name): \(reason)", level: .l1, connections: connections)
    }

    /// `CRASH text`; ends the run.
    func crash(_ text: String, _ rule: Rule) { emit(.crash, rule, text: text, level: .l1) }

    /// `REJECT reason`: the only line of the run.
    func reject(_ reason: String, _ rule: Rule) {
        events.removeAll()
        emit(.reject, rule, text: reason, level: .l1)
    }

    /// `RESOLVE resource -> found|missing` (L3).
    func resolve(_ resource: String, found: Bool, _ rule: Rule) {
        emit(.resolve, rule, text: "\(resource) -> \(found ? "found" : "missing")", level: .l3)
    }

    /// Records a view-state change of a controller (the one view-state machine: diagrams and
    /// pages read these). `trigger` names the callback; by default the message just sent to it.
    func transition(_ controller: Int, to state: ViewState, _ rule: Rule, trigger: String? = nil) {
        guard var info = controllers[controller], info.state != state else { return }
        let last = events.last.flatMap { $0.kind == .message && $0.receiver?.instance == controller ? $0.selector : nil }
        transitions.append(
            ViewStateTransition(
                controller: eventObject(controller), from: info.state, to: state, eventIndex: events.count, rule: rule.id,
                trigger: trigger ?? last))
        info.state = state
        controllers[controller] = info
    }

    /// The single instance a scenario name stands for (first of a load result).
    func instance(named name: String?) -> Int? {
        guard let name else { return nil }
        return names[name]?.first
    }

    /// The application object, created on first use (`NSApp`, R-NIB-3).
    func applicationInstance(className: String? = nil) -> Int {
        if let application { return application }
        let instance = create(className: className ?? (isMac ? "NSApplication" : "UIApplication"))
        application = instance
        return instance
    }
}

/// An outlet slot: (object, key).
struct PropertyKey: Hashable {
    let object: Int
    let key: String
}
