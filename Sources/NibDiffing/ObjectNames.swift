import NibModel

/// Readable names for the objects of one document, so reports never show bare ids.
public struct ObjectNames: Sendable {
    private let objects: [ObjectID: NibObject]
    private let paths: [ObjectID: String]
    private let sceneTitles: [String: String]

    /// Builds the names of `graph`'s objects.
    public init(_ graph: NibGraph) {
        let objects = graph.objectsByID
        self.objects = objects
        var titles: [String: String] = [:]
        var titleCounts: [String: Int] = [:]
        var prefixes: [String: String] = [:]
        var prefixCounts: [String: Int] = [:]
        for scene in graph.scenes {
            let controller = scene.controller.flatMap { objects[$0] }
            let base = scene.title ?? controller.map(Self.shortName) ?? "Scene"
            titleCounts[base, default: 0] += 1
            let count = titleCounts[base] ?? 1
            titles[scene.id] = count == 1 ? base : "\(base) #\(count)"
            let stable = controller.map(Self.pathSegment) ?? "Scene"
            prefixCounts[stable, default: 0] += 1
            let n = prefixCounts[stable] ?? 1
            prefixes[scene.id] = n == 1 ? stable : "\(stable) #\(n)"
        }
        sceneTitles = titles
        var paths: [ObjectID: String] = [:]
        var siblingCounts: [String: Int] = [:]
        for object in graph.objects where paths[object.id] == nil {
            let prefix: String
            if let parent = object.parent, let parentPath = paths[parent] {
                prefix = parentPath + " > "
            } else if object.parent == nil, let scene = object.scene, let title = prefixes[scene],
                scene.isEmpty == false, !Self.isController(object, in: graph)
            {
                prefix = title + " > "
            } else {
                prefix = ""
            }
            var segment = Self.pathSegment(object)
            if let key = object.key, object.label == nil { segment += "[\(key)]" }
            let base = prefix + segment
            siblingCounts[base, default: 0] += 1
            let count = siblingCounts[base] ?? 1
            paths[object.id] = count == 1 ? base : "\(base) #\(count)"
        }
        self.paths = paths
    }

    /// The short name a reviewer recognises: user label, else custom class, else class plus a
    /// short id (`File's Owner (LoginViewController)`, `Submit`, `UIButton aB3`).
    public func name(_ id: ObjectID?) -> String {
        guard let id else { return "nil (First Responder)" }
        guard let object = objects[id] else { return "?\(id.rawValue)" }
        return Self.describe(object)
    }

    /// A stable, id-free path through the hierarchy (`UIViewController > UIView[view] > Submit`),
    /// unique per document. Built only from what edits do not change (IB labels, framework
    /// classes, keys, document order), so a new custom class or title renames no other line.
    public func path(_ id: ObjectID?) -> String {
        guard let id else { return "nil" }
        return paths[id] ?? "?\(id.rawValue)"
    }

    /// The path plus, when it says more, the custom class: `UIViewController #2 (ItemViewController)`.
    public func labeled(_ id: ObjectID?) -> String {
        let path = path(id)
        // Only a custom class says more than the path (labels and placeholders are in it).
        guard let object = id.flatMap({ objects[$0] }), object.placeholder == nil, object.label == nil, let custom = object.customClass
        else { return path }
        return "\(path) (\(custom))"
    }

    /// The title of a storyboard scene.
    public func sceneTitle(_ sceneID: String?) -> String? {
        sceneID.flatMap { sceneTitles[$0] }
    }

    /// Names an object as `describe` does.
    public static func describe(_ object: NibObject) -> String {
        if let placeholder = object.placeholder {
            let base = placeholderName(placeholder, object)
            if let custom = object.customClass, custom != base, !custom.hasSuffix("Responder"), custom != "NSObject" {
                return "\(base) (\(custom))"
            }
            return base
        }
        if let label = object.label { return label }
        if let custom = object.customClass { return custom }
        return "\(object.className) \(shortID(object.id))"
    }

    /// One segment of a path: placeholder name, IB label, else the framework class.
    private static func pathSegment(_ object: NibObject) -> String {
        if let placeholder = object.placeholder { return placeholderName(placeholder, object) }
        return object.label ?? object.className
    }

    private static func shortName(_ object: NibObject) -> String {
        if let placeholder = object.placeholder { return placeholderName(placeholder, object) }
        return object.label ?? object.customClass ?? object.className
    }

    private static func placeholderName(_ placeholder: String, _ object: NibObject) -> String {
        if let name = PlaceholderIdentifier.standardName(placeholder) { return name }
        return switch placeholder {
        case PlaceholderIdentifier.storyboardReference:
            (object.attributes["storyboardName"].map { $0 + ".storyboard" } ?? "storyboard")
                + (object.attributes["referencedIdentifier"].map { " › " + $0 } ?? "")
        default: object.label ?? placeholder
        }
    }

    private static func isController(_ object: NibObject, in graph: NibGraph) -> Bool {
        graph.scenes.contains { $0.controller == object.id }
    }

    /// The first three characters of an id, enough to tell two unlabelled siblings apart.
    static func shortID(_ id: ObjectID) -> String {
        String(id.rawValue.prefix(3))
    }
}
