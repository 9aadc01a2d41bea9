import NibModel

extension Rule {
    /// SPEC §15.
    public static let xml: [Rule] = [xml1, xml3, xml4, xml5, xml7, xml8, xml10, xml11, xml12]
    /// R-XML-1: the platform comes from `type`; a mismatched targetRuntime is an error.
    public static let xml1 = Rule("R-XML-1", "platform from the document type; targetRuntime must match")
    /// R-XML-3: iOS placeholders.
    public static let xml3 = Rule("R-XML-3", "iOS File's Owner -1, First Responder -2, others external objects")
    /// R-XML-4: macOS placeholders.
    public static let xml4 = Rule("R-XML-4", "macOS File's Owner -2, First Responder -1, Application -3")
    /// R-XML-5: storyboards have no File's Owner.
    public static let xml5 = Rule("R-XML-5", "storyboard scenes: first responder and exit placeholders")
    /// R-XML-7: connections live in the source's <connections>; control segues become perform: actions.
    public static let xml7 = Rule("R-XML-7", "connections belong to their source; control-triggered segues target a segue template")
    /// R-XML-8: every reference must resolve.
    public static let xml8 = Rule("R-XML-8", "destinations, targets and segue destinations must resolve")
    /// R-XML-10: storyboard compilation names.
    public static let xml10 = Rule("R-XML-10", "storyboard scenes compile to a controller nib and a <vcID>-view-<viewID> nib")
    /// R-XML-11: user-defined runtime attributes.
    public static let xml11 = Rule("R-XML-11", "userDefinedRuntimeAttributes are applied per R-NIB-8")
    /// R-XML-12: document validation before any event.
    public static let xml12 = Rule("R-XML-12", "invalid documents are rejected before any event")
}

extension SimulationRun {
    /// Validates every nib the steps can load (R-XML-12, R-BIND-2, R-XML-1, R-XML-8); on the
    /// first problem the run is a single REJECT line.
    func validate() -> Bool {
        for nib in scenario.nibs {
            if let (reason, rule) = Self.rejection(of: nib.graph) {
                reject(reason, rule)
                return false
            }
        }
        return true
    }

    /// The first reason to reject `graph`, in E.3's wording, or nil.
    static func rejection(of graph: NibGraph) -> (String, Rule)? {
        let type = graph.documentType
        if let runtime = graph.targetRuntime {
            let touchType = type.contains("CocoaTouch")
            let cocoaType = type.contains(".Cocoa.")
            if touchType && runtime.hasPrefix("MacOSX") || cocoaType && (runtime.hasPrefix("iOS") || runtime.hasPrefix("AppleTV")) {
                return ("targetRuntime \(runtime) does not match document type \(type)", .xml1)
            }
        }
        let isTouch = !graph.platform.usesAppKit
        if isTouch {
            for connection in graph.connections {
                if case .binding = connection.kind {
                    return ("binding element in a CocoaTouch document (id \(connection.id?.rawValue ?? "?"))", .bind2)
                }
            }
        }
        if graph.format == .document {
            for connection in graph.connections {
                guard case .action(_, _, let eventType) = connection.kind else { continue }
                let id = connection.id?.rawValue ?? "?"
                if !isTouch && eventType != nil { return ("eventType on a macOS action (id \(id))", .xml12) }
                if isTouch && connection.namesTargetAttribute { return ("target= action in a CocoaTouch document (id \(id))", .xml12) }
            }
        }
        let byID = graph.objectsByID
        for connection in graph.connections {
            guard let destination = connection.destination, byID[destination] == nil else { continue }
            let source = byID[connection.source]
            let element = connection.kind.name
            return (
                "unresolved reference \(destination.rawValue) in \(element) \(connection.id?.rawValue ?? source?.id.rawValue ?? "?")", .xml8
            )
        }
        if !graph.isStoryboard {
            if let segue = graph.connections.first(where: { if case .segue = $0.kind { return true } else { return false } }) {
                return ("segue \(segue.id?.rawValue ?? "?") in a xib document", .xml12)
            }
        } else {
            for connection in graph.connections {
                // Unwind segues lead to the scene's Exit object, not to a controller.
                guard case .segue(let destination, let segue) = connection.kind, segue.kind != "unwind", let target = byID[destination]
                else { continue }
                if !isViewControllerElement(target.element) && target.element != "viewControllerPlaceholder"
                    && target.element != "controllerPlaceholder"
                {
                    return ("segue \(connection.id?.rawValue ?? "?") does not lead to a controller", .xml8)
                }
            }
        }
        if isTouch && !graph.isStoryboard && graph.format == .document
            && !graph.objects.contains(where: { $0.placeholder == PlaceholderIdentifier.filesOwner })
        {
            return ("missing IBFilesOwner placeholder in a CocoaTouch xib", .xml12)
        }
        return nil
    }
}
