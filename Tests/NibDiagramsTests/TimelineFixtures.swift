import NibModel

/// Timelines built by hand after SPEC goldens, so the diagrams are tested without the engine.
enum TimelineFixtures {
    static let vc = EventObject(instance: 1, id: "vc1", label: "MyVC", className: "MyVC")
    static let view1 = EventObject(instance: 2, id: "v1", label: "MyView", className: "MyView")
    static let view2 = EventObject(instance: 3, id: "v1", label: "MyView", className: "MyView")

    static func message(_ object: EventObject, _ selector: String, rule: String, phase: LoadPhase? = nil, load: Int? = nil) -> Event {
        Event(kind: .message, rule: rule, phase: phase, load: load, receiver: object, selector: selector)
    }

    /// G-REL-1: iOS 5.1, a storyboard VC pushed, covered, memory warning, unload, reload.
    static var memoryWarning: Timeline {
        let events: [Event] = [
            message(vc, "initWithCoder:", rule: "R-VCI-10"),
            message(vc, "awakeFromNib", rule: "R-AWAKE-1"),
            message(vc, "loadView", rule: "R-LOAD-1"),
            message(view1, "initWithCoder:", rule: "R-INIT-2", phase: .p2, load: 1),
            message(view1, "awakeFromNib", rule: "R-AWAKE-1", phase: .p4, load: 1),
            message(vc, "viewDidLoad", rule: "R-LOAD-3"),
            message(vc, "viewWillAppear:", rule: "R-APP-2"),
            message(vc, "viewDidAppear:", rule: "R-APP-2"),
            message(vc, "viewWillDisappear:", rule: "R-APP-3"),
            message(vc, "viewDidDisappear:", rule: "R-APP-3"),
            message(vc, "didReceiveMemoryWarning", rule: "R-MEM-1"),
            message(vc, "viewWillUnload", rule: "R-MEM-2"),
            message(vc, "setView:", rule: "R-MEM-2"),
            message(vc, "viewDidUnload", rule: "R-MEM-2"),
            message(vc, "loadView", rule: "R-REL-1"),
            message(view2, "initWithCoder:", rule: "R-INIT-2", phase: .p2, load: 2),
            message(view2, "awakeFromNib", rule: "R-AWAKE-1", phase: .p4, load: 2),
            message(vc, "viewDidLoad", rule: "R-REL-1"),
            message(vc, "viewWillAppear:", rule: "R-APP-2"),
            message(vc, "viewDidAppear:", rule: "R-APP-2"),
        ]
        let steps: [(ViewState, ViewState, Int, String)] = [
            (.notLoaded, .loaded, 6, "R-LOAD-3"), (.loaded, .appearing, 7, "R-APP-2"), (.appearing, .visible, 8, "R-APP-2"),
            (.visible, .disappearing, 9, "R-APP-3"), (.disappearing, .hidden, 10, "R-APP-3"), (.hidden, .unloaded, 14, "R-MEM-2"),
            (.unloaded, .loaded, 18, "R-REL-1"), (.loaded, .appearing, 19, "R-APP-2"), (.appearing, .visible, 20, "R-APP-2"),
        ]
        let transitions = steps.map { ViewStateTransition(controller: vc, from: $0.0, to: $0.1, eventIndex: $0.2, rule: $0.3) }
        return Timeline(events: events, transitions: transitions, traceLevel: .l1)
    }

    /// G-NIB-1 at L2 on iOS, and its macOS counterpart with `initWithFrame:` and `init`.
    static func cardViewLoad(mac: Bool) -> Timeline {
        let view = EventObject(instance: 1, id: "xRo-ot-001", label: "CardView", className: "CardView")
        let button = EventObject(instance: 2, id: "btn-00-001", label: "CardButton", className: "CardButton")
        let helper = EventObject(instance: 3, id: "hlp", label: "Helper", className: "Helper")
        let owner = EventObject(instance: 0, id: "-1", label: "CardOwner", className: "CardOwner")
        var events = [
            message(view, mac ? "initWithFrame:" : "initWithCoder:", rule: mac ? "R-INIT-3" : "R-INIT-2", phase: .p2, load: 1),
            message(button, "initWithCoder:", rule: "R-INIT-2", phase: .p2, load: 1),
        ]
        if mac { events.append(message(helper, "init", rule: "R-INIT-4", phase: .p2, load: 1)) }
        var outlet = message(owner, "setValue:forKey:", rule: "R-OUT-1", phase: .p3, load: 1)
        outlet.arguments = [EventArgument("key", "rootView"), EventArgument("value", "CardView")]
        outlet.level = .l2
        events.append(outlet)
        events.append(message(view, "awakeFromNib", rule: "R-AWAKE-1", phase: .p4, load: 1))
        events.append(message(button, "awakeFromNib", rule: "R-AWAKE-1", phase: .p4, load: 1))
        return Timeline(events: events, traceLevel: .l2)
    }

    /// A load that dies: NSUnknownKeyException in P3 (R-OUT-1).
    static var exception: Timeline {
        let view = EventObject(instance: 1, id: "v", label: "CardView", className: "CardView")
        return Timeline(
            events: [
                message(view, "initWithCoder:", rule: "R-INIT-2", phase: .p2, load: 1),
                Event(
                    kind: .exception, rule: "R-OUT-1", phase: .p3, load: 1,
                    text:
                        "NSUnknownKeyException: [<CardOwner 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key rootView."
                ),
            ], traceLevel: .l1)
    }
}
