import NibModel
import NibParsing

/// The readable text form of a `NibGraph` (`nibviz inspect --format text`): a header, the
/// object tree (grouped by scene in storyboards) with each object's connections under it,
/// then the diagnostics.
public enum InspectText {
    /// The whole dump, ending in a newline.
    public static func render(_ graph: NibGraph) -> String {
        var lines = header(graph)
        let byID = graph.objectsByID
        let children = graph.childrenByParent
        let bySource = Dictionary(grouping: graph.connections, by: \.source)
        let labels = byID.mapValues { shortName($0) }

        var emitted: Set<ObjectID> = []
        func emit(_ object: NibObject, depth: Int) {
            guard emitted.insert(object.id).inserted else { return }  // hand-made graphs may loop
            let indent = String(repeating: "  ", count: depth)
            lines.append(indent + describe(object))
            for attribute in object.runtimeAttributes {
                let value = attribute.value.map { " = \(TextQuoting.quote($0))" } ?? ""
                lines.append(indent + "  · \(attribute.keyPath) (\(attribute.type))\(value)")
            }
            for connection in bySource[object.id] ?? [] {
                lines.append(indent + "  → " + describe(connection, labels: labels))
            }
            for child in children[object.id] ?? [] {
                if let object = byID[child] { emit(object, depth: depth + 1) }
            }
        }

        let roots = graph.rootObjects
        if graph.scenes.isEmpty {
            lines.append("objects:")
            for object in roots { emit(object, depth: 1) }
        } else {
            for scene in graph.scenes {
                let title = scene.title.map { " " + TextQuoting.quote($0) } ?? ""
                lines.append("scene \(TextQuoting.plain(scene.id))\(title):")
                for object in roots where object.scene == scene.id { emit(object, depth: 1) }
            }
            let loose = roots.filter { $0.scene == nil }
            if !loose.isEmpty {
                lines.append("outside scenes:")
                for object in loose { emit(object, depth: 1) }
            }
        }
        // Connections whose source is not an object of the graph (dangling sources).
        let known = Set(graph.objects.map(\.id))
        let orphans = graph.connections.filter { !known.contains($0.source) }
        if !orphans.isEmpty {
            lines.append("connections from unknown objects:")
            for connection in orphans {
                lines.append("  \(TextQuoting.plain(connection.source.rawValue)) → " + describe(connection, labels: labels))
            }
        }
        if !graph.diagnostics.isEmpty {
            lines.append("diagnostics:")
            for diagnostic in graph.diagnostics { lines.append("  \(diagnostic)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func header(_ graph: NibGraph) -> [String] {
        var kind = "\(graph.platform) \(graph.isStoryboard ? "storyboard" : "xib"), \(graph.format.rawValue) format"
        if let tools = graph.toolsVersion { kind += ", toolsVersion \(TextQuoting.plain(tools))" }
        var lines = ["file: \(TextQuoting.printable(graph.file))", "type: \(TextQuoting.plain(graph.documentType)) (\(kind))"]
        if let initial = graph.initialViewController { lines.append("initial view controller: \(TextQuoting.plain(initial.rawValue))") }
        let summary = InspectSummary(graph: graph)
        lines.append("counts: " + InspectSummary.describe(summary.counts))
        return lines
    }

    /// `button #btn-aa-001 MyButton (UIButton) key=view "label" [placeholder IBFilesOwner]`.
    static func describe(_ object: NibObject) -> String {
        var text = "\(TextQuoting.plain(object.element)) #\(TextQuoting.plain(object.id.rawValue)) "
        if let custom = object.customClass {
            text += TextQuoting.plain(object.customModule.map { "\($0).\(custom)" } ?? custom)
            text += " (\(TextQuoting.plain(object.className)))"
        } else {
            text += TextQuoting.plain(object.className)
        }
        if let placeholder = object.placeholder { text += " [placeholder \(TextQuoting.plain(placeholder))]" }
        if let key = object.key { text += " key=\(TextQuoting.plain(key))" }
        if let identifier = object.storyboardIdentifier { text += " storyboardIdentifier=\(TextQuoting.quote(identifier))" }
        if let label = object.label { text += " label=\(TextQuoting.quote(label))" }
        return text
    }

    /// `outlet goButton → #btn-aa-001 (UIButton)`, `action tap: → nil (first responder)`.
    static func describe(_ connection: Connection, labels: [ObjectID: String]) -> String {
        func target(_ id: ObjectID?) -> String {
            guard let id else { return "nil (first responder)" }
            return "#\(TextQuoting.plain(id.rawValue)) (\(labels[id] ?? "missing"))"
        }
        switch connection.kind {
        case .outlet(let property, let destination):
            return "outlet \(TextQuoting.plain(property)) → \(target(destination))"
        case .outletCollection(let property, let destination, let appends):
            return "outletCollection \(TextQuoting.plain(property)) → \(target(destination))" + (appends ? " appends" : "")
        case .action(let selector, let destination, let event):
            return "action \(TextQuoting.plain(selector)) → \(target(destination))" + (event.map { " on \(TextQuoting.plain($0))" } ?? "")
        case .binding(let name, let destination, let keyPath, let options):
            let pairs = options.map { "\(TextQuoting.plain($0.key))=\(TextQuoting.plain($0.value))" }
            let extra = options.isEmpty ? "" : " {" + pairs.joined(separator: ", ") + "}"
            return "binding \(TextQuoting.plain(name)) → \(target(destination)) keyPath=\(TextQuoting.plain(keyPath))\(extra)"
        case .segue(let destination, let segue):
            var text = "segue \(TextQuoting.plain(segue.kind))"
            if let relationship = segue.relationship { text += " \(TextQuoting.plain(relationship))" }
            if let identifier = segue.identifier { text += " \(TextQuoting.quote(identifier))" }
            if let custom = segue.customClass { text += " class=\(TextQuoting.plain(custom))" }
            if let anchor = segue.popoverAnchor { text += " anchor=\(target(anchor))" }
            return text + " → \(target(destination))"
        }
    }

    private static func shortName(_ object: NibObject) -> String {
        object.placeholder.map { "placeholder \(TextQuoting.plain($0))" } ?? TextQuoting.plain(object.runtimeClass)
    }
}
