import NibDOT
import NibModel

/// The one place an object gets the name people recognise, used by every diagram (graph, flow,
/// instantiation, timeline, lifecycle) and by callers that label objects the same way (site,
/// CLI part names): the user label, else a placeholder's role, else the text it shows (title,
/// text, placeholder text), else an identifier (storyboard, reuse, user interface), else its
/// class. The IB id is never the name; it stays in tooltips and the JSON export.
public enum ObjectNaming {
    /// Where a name came from, which decides how it is written (`“quoted”` for shown text).
    public enum Source: Sendable, Equatable {
        case userLabel, placeholder, shownText, identifier, className
    }

    /// An object's name and where it came from.
    public struct Name: Sendable, Equatable {
        /// The text (one line, untruncated).
        public var text: String
        /// Its source.
        public var source: Source

        /// The name as drawn: shown text in curly quotes, everything else as is.
        public var display: String { source == .shownText ? "“" + text + "”" : text }
    }

    /// Attributes holding text an object shows, in the order they name it.
    static let shownTextAttributes = ["title", "text", "placeholder", "placeholderString", "label", "headerTitle"]
    /// Attributes holding identifiers, after `storyboardIdentifier`.
    static let identifierAttributes = ["reuseIdentifier", "identifier"]

    /// The recognisable name of `object` (see the type's summary for the order).
    public static func name(_ object: NibObject) -> Name {
        if let label = clean(object.label) { return Name(text: label, source: .userLabel) }
        if let name = placeholderName(object) { return Name(text: name, source: .placeholder) }
        for key in shownTextAttributes {
            if let text = clean(object.attributes[key]) { return Name(text: text, source: .shownText) }
        }
        if let text = clean(object.contentText) { return Name(text: text, source: .shownText) }
        if let identifier = clean(object.storyboardIdentifier) { return Name(text: identifier, source: .identifier) }
        for key in identifierAttributes {
            if let text = clean(object.attributes[key]) { return Name(text: text, source: .identifier) }
        }
        return Name(text: className(object), source: .className)
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

    /// The first non-blank line of `text`, whitespace trimmed; nil when there is none.
    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        // Scalars, scanned once up to the first line with text: names are asked for every
        // object of every diagram, and a label can be a whole text view's content.
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex {
            var end = start
            while end < scalars.endIndex, !isLineBreak(scalars[end]) { end = scalars.index(after: end) }
            var low = start
            var high = end
            while low < high, scalars[low] == " " || scalars[low] == "\t" { low = scalars.index(after: low) }
            while high > low, scalars[scalars.index(before: high)] == " " || scalars[scalars.index(before: high)] == "\t" {
                high = scalars.index(before: high)
            }
            if low < high { return String(scalars[low..<high]) }
            start = end < scalars.endIndex ? scalars.index(after: end) : end
        }
        return nil
    }

    /// What `Character.isNewline` calls a line break, as one scalar (`\r\n` is two breaks
    /// here, with nothing between them).
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `File's Owner`, `First Responder`, … for placeholders; nil for real objects.
    static func placeholderName(_ object: NibObject) -> String? {
        if object.sceneMemberID == "exit" { return "Exit" }
        guard let placeholder = object.placeholder else { return nil }
        if let name = PlaceholderIdentifier.standardName(placeholder) { return name }
        switch placeholder {
        case PlaceholderIdentifier.storyboardReference:
            return "Storyboard: " + (object.attributes["storyboardName"] ?? "(this)")
        default: return "External: " + placeholder
        }
    }

    /// The headline of a node: the name as drawn.
    static func headline(_ object: NibObject) -> String {
        name(object).display
    }

    /// The line under the headline: the runtime class when the headline is not the class, the
    /// framework class under a custom class, a placeholder's custom class; nil otherwise.
    static func detail(_ object: NibObject) -> String? { detail(object, name: name(object)) }

    /// `detail(object)` given the object's `name(object)` (computed once per node).
    static func detail(_ object: NibObject, name: Name) -> String? {
        let custom = object.customClass.flatMap { $0.isEmpty ? nil : $0 }
        if object.isPlaceholder || name.source == .placeholder { return custom }
        if name.source == .className { return custom == nil || object.className.isEmpty ? nil : object.className }
        return className(object)
    }

    /// Short text naming an object in edge tooltips, stub nodes and part titles:
    /// `UIButton “Sign In”`, `Master DB View (NSView)`, `File's Owner`.
    public static func short(_ object: NibObject) -> String { short(object, name: name(object)) }

    /// `short(object)` given the object's `name(object)` (computed once per node).
    static func short(_ object: NibObject, name: Name) -> String {
        switch name.source {
        case .placeholder, .className: return name.text
        case .shownText: return className(object) + " " + name.display
        case .userLabel, .identifier: return name.text + " (" + className(object) + ")"
        }
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

    /// A scene's title: its title, the controller's name, a reference's target.
    public static func sceneTitle(_ scene: Scene, in graph: NibGraph, objects: [ObjectID: NibObject]) -> String {
        if let title = clean(scene.title) { return title }
        if let id = scene.controller, let controller = objects[id] {
            if let name = placeholderName(controller) {
                if let identifier = controller.attributes["referencedIdentifier"] { return name + " › " + identifier }
                return name
            }
            return name(controller).text
        }
        if let first = graph.objects.first(where: { $0.scene == scene.id && !$0.isPlaceholder }) {
            return name(first).text
        }
        return "Scene (no controller)"
    }

    /// Tooltip text of an object: every identifying field, one per line (the IB id included).
    static func tooltip(_ object: NibObject) -> String { tooltip(object, name: name(object)) }

    /// `tooltip(object)` given the object's `name(object)` (computed once per node).
    /// (Written as bytes into one string: every node of every object diagram has one.)
    static func tooltip(_ object: NibObject, name: Name) -> String {
        let text = ByteText(capacity: 192)
        text += short(object, name: name)
        if object.customClass != nil || object.isPlaceholder {
            text += "\nclass: "
            text += object.className
        }
        if let custom = object.customClass {
            text += "\ncustom class: "
            if let module = object.customModule {
                text += module
                text += "."
            }
            text += custom
        }
        if let label = object.label {
            text += "\nlabel: "
            text += label
        }
        text += "\nelement: <"
        text += object.element
        text += ">\nid: "
        text += shownID(object)
        if let identifier = object.storyboardIdentifier {
            text += "\nstoryboard identifier: "
            text += identifier
        }
        if object.line > 0 {
            text += "\nline "
            text.append(object.line)
        }
        return text.string
    }

    /// The HTML-like label of an object node: the name in bold, the class under it when the
    /// name is not the class. It takes the object's `name(object)`: a node's label and tooltip
    /// both name it, and finding the name looks up to eight attributes.
    static func htmlLabel(_ object: NibObject, name: Name, limit: Int) -> String {
        let html = ByteText(capacity: 128)
        html += "<B>"
        DOTEscaping.appendHTML(DOTEscaping.truncated(name.display, limit: limit), to: html)
        html += "</B>"
        if let detail = detail(object, name: name) {
            html += "<BR/>"
            TypeScale.appendDetailHTML(to: html) { DOTEscaping.appendHTML(DOTEscaping.truncated(detail, limit: limit), to: $0) }
        }
        return html.string
    }
}
