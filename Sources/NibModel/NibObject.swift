/// One object of a nib graph: a real object or a placeholder.
///
/// A value, stored copy-on-write: its seventeen fields sit in one shared box, so a copy (into an
/// array, a dictionary by id, a diagram's or a run's own list) retains one reference instead of
/// every string of the object, and a change copies the box only while another value shares it.
/// Copying objects was 3 % of a corpus site build's CPU.
public struct NibObject: Hashable, Sendable, Codable, CustomReflectable {
    /// The stored fields, in the order Codable, Hashable and `Mirror` see them.
    struct Fields: Hashable, Codable {
        // Each is documented at its accessor below.
        var id: ObjectID
        var element: String
        var className: String
        var customClass: String?
        var customModule: String?
        var placeholder: String?
        var parent: ObjectID?
        var scene: String?
        var label: String?
        var key: String?
        var storyboardIdentifier: String?
        var sceneMemberID: String?
        var attributes: [String: String]
        var runtimeAttributes: [RuntimeAttribute]
        var line: Int
        var contentText: String?
        var column: Int = 0
    }

    /// The box: changed only through `makeUnique()`, so no two values see one change. Each
    /// access is a read through a getter or one field's `_modify` on a box this value alone
    /// holds, so none overlaps another and the runtime's exclusivity check is skipped: it was
    /// ~1 % of a corpus site build's own CPU (an object's fields are read everywhere).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// The document id.
    public var id: ObjectID {
        get { storage.fields.id }
        _modify {
            makeUnique()
            yield &storage.fields.id
        }
    }

    /// The XML element name (`button`, `viewController`, `customObject`, …) or, for archive
    /// documents, the archived class name.
    public var element: String {
        get { storage.fields.element }
        _modify {
            makeUnique()
            yield &storage.fields.element
        }
    }

    /// The framework class the element implies (`UIButton`, `NSView`, …).
    public var className: String {
        get { storage.fields.className }
        _modify {
            makeUnique()
            yield &storage.fields.className
        }
    }

    /// `customClass`, when set.
    public var customClass: String? {
        get { storage.fields.customClass }
        _modify {
            makeUnique()
            yield &storage.fields.customClass
        }
    }

    /// `customModule`, when set.
    public var customModule: String? {
        get { storage.fields.customModule }
        _modify {
            makeUnique()
            yield &storage.fields.customModule
        }
    }

    /// The placeholder identifier (`IBFilesOwner`, `IBFirstResponder`, `IBApplication`, an
    /// external-object name, `storyboardReference`), nil for real objects.
    public var placeholder: String? {
        get { storage.fields.placeholder }
        _modify {
            makeUnique()
            yield &storage.fields.placeholder
        }
    }

    /// The enclosing object in the document (view hierarchy, menus, scene objects).
    public var parent: ObjectID? {
        get { storage.fields.parent }
        _modify {
            makeUnique()
            yield &storage.fields.parent
        }
    }

    /// The storyboard scene id, nil in xibs.
    public var scene: String? {
        get { storage.fields.scene }
        _modify {
            makeUnique()
            yield &storage.fields.scene
        }
    }

    /// `userLabel`, when set.
    public var label: String? {
        get { storage.fields.label }
        _modify {
            makeUnique()
            yield &storage.fields.label
        }
    }

    /// The parent property this object is stored in (`key="view"`, `key="contentView"`).
    public var key: String? {
        get { storage.fields.key }
        _modify {
            makeUnique()
            yield &storage.fields.key
        }
    }

    /// `storyboardIdentifier` of a storyboard controller.
    public var storyboardIdentifier: String? {
        get { storage.fields.storyboardIdentifier }
        _modify {
            makeUnique()
            yield &storage.fields.storyboardIdentifier
        }
    }

    /// `sceneMemberID` (`viewController`, `firstResponder`, `exit`).
    public var sceneMemberID: String? {
        get { storage.fields.sceneMemberID }
        _modify {
            makeUnique()
            yield &storage.fields.sceneMemberID
        }
    }

    /// Other XML attributes the simulation and diagrams use (`visibleAtLaunch`, `title`,
    /// `storyboardName`, `referencedIdentifier`, …); never iterated unsorted.
    public var attributes: [String: String] {
        get { storage.fields.attributes }
        _modify {
            makeUnique()
            yield &storage.fields.attributes
        }
    }

    /// `<userDefinedRuntimeAttribute>`s in document order (R-NIB-8, R-XML-11).
    public var runtimeAttributes: [RuntimeAttribute] {
        get { storage.fields.runtimeAttributes }
        _modify {
            makeUnique()
            yield &storage.fields.runtimeAttributes
        }
    }

    /// 1-based line of the element's start tag.
    public var line: Int {
        get { storage.fields.line }
        _modify {
            makeUnique()
            yield &storage.fields.line
        }
    }

    /// Text the object shows that IB stores in a child element rather than an attribute: a
    /// button's normal-state title, a control's cell title or placeholder, a `<string key="text">`.
    /// Diagrams name objects with it; not part of the JSON export.
    public var contentText: String? {
        get { storage.fields.contentText }
        _modify {
            makeUnique()
            yield &storage.fields.contentText
        }
    }

    /// 1-based column of the element's start tag; 0 when unknown.
    public var column: Int {
        get { storage.fields.column }
        _modify {
            makeUnique()
            yield &storage.fields.column
        }
    }

    /// Creates an object.
    public init(
        id: ObjectID, element: String, className: String, customClass: String? = nil,
        customModule: String? = nil, placeholder: String? = nil, parent: ObjectID? = nil,
        scene: String? = nil, label: String? = nil, key: String? = nil,
        storyboardIdentifier: String? = nil, sceneMemberID: String? = nil,
        attributes: [String: String] = [:], runtimeAttributes: [RuntimeAttribute] = [], line: Int = 0,
        contentText: String? = nil
    ) {
        storage = Storage(
            Fields(
                id: id, element: element, className: className, customClass: customClass, customModule: customModule,
                placeholder: placeholder, parent: parent, scene: scene, label: label, key: key,
                storyboardIdentifier: storyboardIdentifier, sceneMemberID: sceneMemberID, attributes: attributes,
                runtimeAttributes: runtimeAttributes, line: line, contentText: contentText))
    }

    public static func == (lhs: NibObject, rhs: NibObject) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    public init(from decoder: any Decoder) throws { storage = Storage(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }

    /// The fields, as a struct of them would show.
    public var customMirror: Mirror { Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct) }

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
