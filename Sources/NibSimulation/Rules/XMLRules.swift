import NibModel
import NibRules

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
