import NibModel

/// Readable names for objects and scenes, shared by every diagram (never a bare id).
enum ObjectNaming {
    /// `File's Owner`, `First Responder`, … for placeholders; nil for real objects.
    static func placeholderName(_ object: NibObject) -> String? {
        if object.sceneMemberID == "exit" { return "Exit" }
        guard let placeholder = object.placeholder else { return nil }
        switch placeholder {
        case PlaceholderIdentifier.filesOwner: return "File's Owner"
        case PlaceholderIdentifier.firstResponder: return "First Responder"
        case PlaceholderIdentifier.application: return "Application"
        case PlaceholderIdentifier.storyboardReference:
            return "Storyboard: " + (object.attributes["storyboardName"] ?? "(this)")
        default: return "External: " + placeholder
        }
    }

    /// The headline of a node: placeholder name, else the runtime class.
    static func headline(_ object: NibObject) -> String {
        placeholderName(object) ?? className(object)
    }

    /// The runtime class; `customClass=""` (valid XML, never written by IB) falls back to the
    /// element's framework class, an empty one to `(no class)`.
    static func className(_ object: NibObject) -> String {
        if !object.runtimeClass.isEmpty { return object.runtimeClass }
        return object.className.isEmpty ? "(no class)" : object.className
    }

    /// The id as shown: `id=""` is drawn as `(empty id)`.
    static func shownID(_ object: NibObject) -> String {
        object.id.rawValue.isEmpty ? "(empty id)" : object.id.rawValue
    }

    /// Short text naming an object in edge tooltips.
    static func short(_ object: NibObject) -> String {
        if let name = placeholderName(object) { return name }
        if let label = object.label { return "\(className(object)) “\(label)”" }
        return className(object)
    }

    /// The role an object is drawn with.
    static func role(_ object: NibObject) -> StyleRole {
        if object.isPlaceholder || object.sceneMemberID == "exit" { return .placeholder }
        let name = object.className
        let dataControllers = ["ArrayController", "ObjectController", "TreeController", "DictionaryController", "UserDefaultsController"]
        if name.hasSuffix("Controller"), !dataControllers.contains(where: { name.hasSuffix($0) }) { return .controller }
        if name.hasSuffix("Window") || name.hasSuffix("Panel") || object.element == "window" { return .window }
        return .object
    }

    /// A scene's title: its title, the controller's label or class, a reference's target.
    static func sceneTitle(_ scene: Scene, in graph: NibGraph, objects: [ObjectID: NibObject]) -> String {
        if let title = scene.title, !title.isEmpty { return title }
        if let id = scene.controller, let controller = objects[id] {
            if let name = placeholderName(controller) {
                if let identifier = controller.attributes["referencedIdentifier"] { return name + " › " + identifier }
                return name
            }
            return controller.displayName
        }
        if let first = graph.objects.first(where: { $0.scene == scene.id && !$0.isPlaceholder }) {
            return first.displayName
        }
        return "Scene (no controller)"
    }

    /// Tooltip text of an object: every identifying field, one per line.
    static func tooltip(_ object: NibObject) -> String {
        var lines = [headline(object)]
        if object.customClass != nil || object.isPlaceholder { lines.append("class: \(object.className)") }
        if let custom = object.customClass {
            lines.append("custom class: " + (object.customModule.map { $0 + "." } ?? "") + custom)
        }
        if let label = object.label { lines.append("label: \(label)") }
        lines.append("element: <\(object.element)>")
        lines.append("id: \(shownID(object))")
        if let identifier = object.storyboardIdentifier { lines.append("storyboard identifier: \(identifier)") }
        if object.line > 0 { lines.append("line \(object.line)") }
        return lines.joined(separator: "\n")
    }

    /// The HTML-like label of an object node: headline in bold, class/label, then the id.
    static func htmlLabel(_ object: NibObject, limit: Int) -> String {
        var second: [String] = []
        if object.isPlaceholder {
            if let custom = object.customClass, !custom.isEmpty { second.append(custom) }
        } else if let custom = object.customClass, !custom.isEmpty {
            second.append(object.className)
        }
        if let label = object.label, !object.isPlaceholder || label != placeholderName(object) {
            second.append("“" + label + "”")
        }
        var html = "<B>" + DOTEscaping.html(DOTEscaping.truncated(headline(object), limit: limit)) + "</B>"
        if !second.isEmpty {
            html +=
                "<BR/><FONT POINT-SIZE=\"9\">" + DOTEscaping.html(DOTEscaping.truncated(second.joined(separator: " · "), limit: limit))
                + "</FONT>"
        }
        html += "<BR/><FONT POINT-SIZE=\"8\">" + DOTEscaping.html(DOTEscaping.truncated(shownID(object), limit: limit)) + "</FONT>"
        return html
    }
}
