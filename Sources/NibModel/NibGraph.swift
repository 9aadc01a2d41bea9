/// Everything a nib, xib or storyboard holds: objects, connections, scenes, diagnostics.
public struct NibGraph: Hashable, Sendable, Codable {
    /// The two XML formats Interface Builder has written, the two compiled ones `ibtool` writes,
    /// and scenarios.
    public enum Format: String, Hashable, Sendable, Codable {
        /// `<document>`, Xcode 5 and later.
        case document
        /// `<archive type="com.apple.InterfaceBuilder3.…">`, before Xcode 5.
        case archive
        /// A compiled nib in Apple's `NIBArchive` container (iOS; macOS 10.8 and later).
        case nibArchive
        /// A compiled nib that is an `NSKeyedArchiver` binary plist (older macOS and iOS).
        case keyedArchive
        /// A scenario's inline nib.
        case scenario
    }

    /// The file the graph was read from, as the user named it.
    public var file: String
    /// Which format the file used.
    public var format: Format
    /// The `type` attribute (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`, …).
    public var documentType: String
    /// The platform the document targets (decided from `type`, R-XML-1).
    public var platform: Platform
    /// `targetRuntime`, when present.
    public var targetRuntime: String?
    /// `toolsVersion`, when present.
    public var toolsVersion: String?
    /// True for storyboards.
    public var isStoryboard: Bool
    /// Objects in document order (depth-first pre-order, R-CONV-5).
    public var objects: [NibObject] {
        // A new table for the new objects (no `oldValue`: the array is still changed in place).
        didSet { derived = DerivedTables() }
    }
    /// Connections in document order.
    public var connections: [Connection] {
        // The scenes' nibs hold connections: new tables for the new ones.
        didSet { derived = DerivedTables() }
    }
    /// Storyboard scenes in document order (empty for xibs).
    public var scenes: [Scene]
    /// `initialViewController`, when set.
    public var initialViewController: ObjectID?
    /// Warnings and notes found while reading.
    public var diagnostics: [Diagnostic]
    /// Tables computed from `objects` on first use (not part of the graph's value).
    private var derived = DerivedTables()

    /// The graph's value: everything but `derived`.
    enum CodingKeys: String, CodingKey {
        case file, format, documentType, platform, targetRuntime, toolsVersion, isStoryboard, objects, connections, scenes
        case initialViewController, diagnostics
    }

    /// Creates a graph.
    public init(
        file: String, format: Format, documentType: String, platform: Platform,
        targetRuntime: String? = nil, toolsVersion: String? = nil, isStoryboard: Bool = false,
        objects: [NibObject] = [], connections: [Connection] = [], scenes: [Scene] = [],
        initialViewController: ObjectID? = nil, diagnostics: [Diagnostic] = []
    ) {
        self.file = file
        self.format = format
        self.documentType = documentType
        self.platform = platform
        self.targetRuntime = targetRuntime
        self.toolsVersion = toolsVersion
        self.isStoryboard = isStoryboard
        self.objects = objects
        self.connections = connections
        self.scenes = scenes
        self.initialViewController = initialViewController
        self.diagnostics = diagnostics
    }

    /// Objects by id; the first object wins when a document repeats an id.
    public var objectsByID: [ObjectID: NibObject] {
        derived.objectsByID(objects)
    }

    /// The direct children of each object, in document order.
    public var childrenByParent: [ObjectID: [ObjectID]] {
        derived.childrenByParent(objects)
    }

    /// The two nibs of the scene of `controller` (R-XML-10), split once per graph.
    public func sceneNibs(controller: ObjectID) -> SceneNibs? {
        derived.sceneNibs(controller) { SceneNibs(graph: self, controller: controller) }
    }

    /// Forgets `objectsByID`, `childrenByParent` and the scenes' nibs for this graph and its copies (they are
    /// computed again when next asked for): a caller done with a document lets them go while
    /// it keeps the graph (a site build holds every document's graph until its pages are planned).
    public func forgetDerivedTables() { derived.forget() }

    /// Objects with no parent (top-level objects and placeholders of a xib, scene roots).
    public var rootObjects: [NibObject] { objects.filter { $0.parent == nil } }
}

/// A storyboard scene.
public struct Scene: Hashable, Sendable, Codable {
    /// `sceneID`.
    public var id: String
    /// The scene's controller (`sceneMemberID="viewController"`), if any.
    public var controller: ObjectID?
    /// A readable title: the controller's `title`, navigation item title, user label or class.
    public var title: String?
    /// 1-based line of `<scene>`.
    public var line: Int

    /// Creates a scene.
    public init(id: String, controller: ObjectID? = nil, title: String? = nil, line: Int = 0) {
        self.id = id
        self.controller = controller
        self.title = title
        self.line = line
    }
}
