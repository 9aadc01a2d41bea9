import NibModel

/// View-state transitions read off a timeline's lifecycle messages, for timelines whose engine
/// did not record `transitions` itself (the diagram then still shows the path taken).
enum ViewStateInference {
    /// The state a lifecycle selector leads to (R-LOAD, R-APP, R-MEM; AppKit selectors have
    /// no colon).
    static func target(of selector: String) -> ViewState? {
        switch selector {
        case "viewDidLoad": .loaded
        case "viewWillAppear:", "viewWillAppear": .appearing
        case "viewDidAppear:", "viewDidAppear": .visible
        case "viewWillDisappear:", "viewWillDisappear": .disappearing
        case "viewDidDisappear:", "viewDidDisappear": .hidden
        case "viewDidUnload": .unloaded
        default: nil
        }
    }

    /// Transitions per receiver in event order; a `viewDidLoad` after an unload is a reload.
    static func transitions(_ events: [Event]) -> [ViewStateTransition] {
        var state: [Int: ViewState] = [:]
        var out: [ViewStateTransition] = []
        for (index, event) in events.enumerated() where event.kind == .message {
            guard let receiver = event.receiver, let selector = event.selector, let next = target(of: selector) else { continue }
            let current = state[receiver.instance] ?? .notLoaded
            guard current != next else { continue }
            state[receiver.instance] = next
            out.append(ViewStateTransition(controller: receiver, from: current, to: next, eventIndex: index + 1, rule: event.rule))
        }
        return out
    }
}
