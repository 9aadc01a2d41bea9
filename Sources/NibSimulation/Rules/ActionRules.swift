import NibClasses
import NibModel

extension SimulationRun {
    /// UIKit control elements (sources of `eventType` actions and of control-triggered segues).
    static let controlElements: Set<String> = [
        "button", "segmentedControl", "switch", "slider", "stepper", "textField", "control", "datePicker",
        "pageControl", "searchTextField", "colorWell",
    ]

    /// One action connection (R-ACT-1/2/4). `target` nil means the responder chain.
    func connectAction(source: Int, selector: String, target: Int?, eventType: String?, element: String, connections: [String]) {
        let targetLabel = label(target)
        if isMac {
            if let target, !classes.respondsTo(className(target), action: selector) {
                let targetClass = classes.qualifiedName(className(target))
                let text = RuntimeMessages.actionNotConnected(selector: selector, targetClass: targetClass, osVersion: scenario.osVersion)
                log(text, .act4, connections: connections)
                return
            }
            connectionMessage(source, "setTarget:", .act4, [EventArgument("target", targetLabel)], connections: connections)
            connectionMessage(source, "setAction:", .act4, [EventArgument("action", selector)], connections: [])
            return
        }
        // R-ACT-3: no check of the target on iOS.
        if let eventType {
            connectionMessage(
                source, "addTarget:action:forControlEvents:", .act1,
                [
                    EventArgument("target", targetLabel), EventArgument("action", selector),
                    EventArgument("events", Self.controlEventName(eventType)),
                ],
                connections: connections
            )
        } else if isGestureRecognizer(source, element: element) {
            connectionMessage(
                source, "addTarget:action:", .act2, [EventArgument("target", targetLabel), EventArgument("action", selector)],
                connections: connections)
        } else {
            connectionMessage(source, "setTarget:", .act2, [EventArgument("target", targetLabel)], connections: connections)
            connectionMessage(source, "setAction:", .act2, [EventArgument("action", selector)], connections: [])
        }
    }

    /// `touchUpInside` → `UIControlEventTouchUpInside`.
    static func controlEventName(_ eventType: String) -> String {
        "UIControlEvent" + eventType.prefix(1).uppercased() + eventType.dropFirst()
    }

    private func isGestureRecognizer(_ source: Int, element: String) -> Bool {
        element.hasSuffix("GestureRecognizer") || className(source).hasSuffix("GestureRecognizer")
    }

    /// A segue triggered by a control, bar item or gesture is compiled into a target-action pair
    /// whose target is a segue template and whose selector is `perform:` (G-XML-1, R-XML-7).
    /// Other segues (manual, relationship, embed, cell selection) add no connection line.
    func connectSegueTrigger(source: Int, segue: Segue, element: String, connections: [String]) {
        guard segue.relationship == nil, !["relationship", "embed", "unwind"].contains(segue.kind) else { return }
        let template = isMac ? "NSStoryboardSegueTemplate" : "UIStoryboardSegueTemplate"
        if isMac {
            guard element == "button" || element == "menuItem" || element == "toolbarItem" else { return }
            connectionMessage(source, "setTarget:", .xml7, [EventArgument("target", template)], connections: connections)
            connectionMessage(source, "setAction:", .xml7, [EventArgument("action", "perform:")], connections: [])
        } else if Self.controlElements.contains(element) {
            let events = Self.controlEventName(element == "button" ? "touchUpInside" : "primaryActionTriggered")
            connectionMessage(
                source, "addTarget:action:forControlEvents:", .xml7,
                [EventArgument("target", template), EventArgument("action", "perform:"), EventArgument("events", events)],
                connections: connections
            )
        } else if element.hasSuffix("GestureRecognizer") {
            connectionMessage(
                source, "addTarget:action:", .xml7, [EventArgument("target", template), EventArgument("action", "perform:")],
                connections: connections)
        } else if element == "barButtonItem" {
            connectionMessage(source, "setTarget:", .xml7, [EventArgument("target", template)], connections: connections)
            connectionMessage(source, "setAction:", .xml7, [EventArgument("action", "perform:")], connections: [])
        }
    }
}
