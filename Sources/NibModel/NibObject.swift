/// One object of a nib graph: a real object or a placeholder.
public struct NibObject: Hashable, Sendable, Codable {
    /// The document id.
    public var id: ObjectID
    /// The XML element name (`button`, `viewController`, `customObject`, …) or, for archive
    /// documents, the archived class name.
    public var element: String
    /// The framework class the element implies (`UIButton`, `NSView`, …).
    public var className: String
    /// `customClass`, when set.
    public var customClass: String?
    /// `customModule`, when set.
    public var customModule: String?
    /// The placeholder identifier (`IBFilesOwner`, `IBFirstResponder`, `IBApplication`, an
    /// external-object name, `storyboardReference`), nil for real objects.
    public var placeholder: String?
    /// The enclosing object in the document (view hierarchy, menus, scene objects).
    public var parent: ObjectID?
    /// The storyboard scene id, nil in xibs.
    public var scene: String?
    /// `userLabel`, when set.
    public var label: String?
    /// The parent property this object is stored in (`key="view"`, `key="contentView"`).
    public var key: String?
    /// `storyboardIdentifier` of a storyboard controller.
    public var storyboardIdentifier: String?
    /// `sceneMemberID` (`viewController`, `firstResponder`, `exit`).
    public var sceneMemberID: String?
    /// Other XML attributes the simulation and diagrams use (`visibleAtLaunch`, `title`,
    /// `storyboardName`, `referencedIdentifier`, …); never iterated unsorted.
    public var attributes: [String: String]
    /// `<userDefinedRuntimeAttribute>`s in document order (R-NIB-8, R-XML-11).
    public var runtimeAttributes: [RuntimeAttribute]
    /// 1-based line of the element's start tag.
    public var line: Int
    /// Text the object shows that IB stores in a child element rather than an attribute: a
    /// button's normal-state title, a control's cell title or placeholder, a `<string key="text">`.
    /// Diagrams name objects with it; not part of the JSON export.
    public var contentText: String?
    /// 1-based column of the element's start tag; 0 when unknown.
    public var column: Int = 0

    /// Creates an object.
    public init(
        id: ObjectID, element: String, className: String, customClass: String? = nil,
        customModule: String? = nil, placeholder: String? = nil, parent: ObjectID? = nil,
        scene: String? = nil, label: String? = nil, key: String? = nil,
        storyboardIdentifier: String? = nil, sceneMemberID: String? = nil,
        attributes: [String: String] = [:], runtimeAttributes: [RuntimeAttribute] = [], line: Int = 0,
        contentText: String? = nil
    ) {
        self.id = id
        self.element = element
        self.className = className
        self.customClass = customClass
        self.customModule = customModule
        self.placeholder = placeholder
        self.parent = parent
        self.scene = scene
        self.label = label
        self.key = key
        self.storyboardIdentifier = storyboardIdentifier
        self.sceneMemberID = sceneMemberID
        self.attributes = attributes
        self.runtimeAttributes = runtimeAttributes
        self.line = line
        self.contentText = contentText
    }

    /// True for File's Owner, First Responder, Application, external objects and storyboard
    /// references: they are resolved at load time, never instantiated (R-CONV-5).
    public var isPlaceholder: Bool { placeholder != nil }

    /// The class the runtime instantiates: the custom class when set, without a module prefix.
    public var runtimeClass: String { customClass ?? className }

    /// The most readable short name: the user label, else the runtime class.
    public var displayName: String { label ?? runtimeClass }

    /// The custom class the app (or a library it links) provides for this object: `customClass`,
    /// except IB's bookkeeping on placeholders, not a class anyone chose: First Responder's
    /// `UIResponder` (`NSResponder`, `FirstResponder`), which storyboards write in every scene, and
    /// the Application placeholder's `NSObject`/`NSApplication` in every macOS xib (a subclass of
    /// NSApplication there is the app's own). Class lists and counts use it.
    public var appClass: String? {
        switch placeholder {
        case PlaceholderIdentifier.firstResponder?: nil
        case PlaceholderIdentifier.application? where customClass == "NSObject" || customClass == "NSApplication": nil
        default: customClass
        }
    }
}

/// Well-known placeholder identifiers, the same on both platforms in the model.
extension NibObject {
    /// The label an archived object name gives: none for a blank one (Adium's localized
    /// `MainMenu.nib` files store "" for their menu items), in compiled nibs and IB 3 archives.
    public static func label(archivedName: String?) -> String? {
        guard let archivedName, !archivedName.allSatisfy(\.isWhitespace) else { return nil }
        return archivedName
    }
}

public enum PlaceholderIdentifier {
    /// File's Owner.
    public static let filesOwner = "IBFilesOwner"
    /// First Responder.
    public static let firstResponder = "IBFirstResponder"
    /// The application object (macOS `id="-3"`).
    public static let application = "IBApplication"
    /// A storyboard reference (`viewControllerPlaceholder`, `controllerPlaceholder`).
    public static let storyboardReference = "IBStoryboardReference"

    /// Interface Builder's name for the placeholders every document may hold; nil for storyboard
    /// references and external objects, which each writer names its own way.
    public static func standardName(_ identifier: String) -> String? {
        switch identifier {
        case filesOwner: "File's Owner"
        case firstResponder: "First Responder"
        case application: "Application"
        default: nil
        }
    }
}

/// A `<userDefinedRuntimeAttribute>`: set with `setValue:forKeyPath:` after connections (R-NIB-8).
public struct RuntimeAttribute: Hashable, Sendable, Codable {
    /// `type` (`number`, `boolean`, `string`, `color`, …).
    public var type: String
    /// The key path set on the object.
    public var keyPath: String
    /// The value as text, when there is one.
    public var value: String?

    /// Creates a runtime attribute.
    public init(type: String, keyPath: String, value: String? = nil) {
        self.type = type
        self.keyPath = keyPath
        self.value = value
    }
}
