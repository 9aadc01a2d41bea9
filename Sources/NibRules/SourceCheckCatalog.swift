// Rules new to nibviz (not in SPEC's sections): class tables derived from the app's sources
// (R-SRC, `--sources`) and the findings of `nibviz check` (R-CHK). Each cites the Apple
// documentation it follows.

extension Rule {
    /// Class tables from sources and the findings of `nibviz check`.
    public static let sourceChecks: [Rule] = [
        src1, src2, src3, src4, src5, chk1, chk2, chk3, chk4, chk5, chk6, chk7, chk8, chk9, chk10,
    ]

    /// R-SRC-1: Swift members the Objective-C runtime (and so KVC and target-action) sees: those
    /// marked `@objc`, `@IBOutlet`, `@IBAction`, `@IBInspectable`, `@NSManaged`, `dynamic`, or
    /// members of an `@objcMembers` class; a class renamed with `@objc(Name)` is `Name` to the
    /// runtime, otherwise `Module.Class`; a document naming its module still finds a renamed
    /// class by its Swift name (`_TtC<module><class>`), which the Swift runtime resolves through
    /// the Objective-C runtime's class-lookup hook (iOS 12.2, macOS 10.14.4). Source:
    /// developer.apple.com/documentation/swift/objc, …/swift/importing-swift-into-objective-c
    /// ("Declarations marked with … @objc"), …/objectivec/objc_sethook_getclass(_:_:).
    public static let src1 = Rule("R-SRC-1", "Swift: only @objc-exposed members are seen by KVC and target-action")
    /// R-SRC-2: Objective-C declarations: properties (setter `set<Key>:` unless readonly, and the
    /// synthesized `_key` instance variable), instance variables and instance methods of the class,
    /// its extensions and categories. Source: Key-Value Coding Programming Guide, "Accessor
    /// Search Patterns" (developer.apple.com/library/archive/documentation/Cocoa/Conceptual/
    /// KeyValueCoding/SearchImplementation.html).
    public static let src2 = Rule("R-SRC-2", "Objective-C: properties, ivars and methods of the class, its extensions and categories")
    /// R-SRC-3: inherited keys and actions come from the curated UIKit/AppKit table; a chain that
    /// reaches a class nobody describes answers "unknown", never an error. Source: the UIKit and
    /// AppKit class references (developer.apple.com/documentation/uikit, …/appkit).
    public static let src3 = Rule(
        "R-SRC-3", "framework superclasses bring their documented keys; unknown superclasses make answers unknown")
    /// R-SRC-4: an override of a lifecycle selector is traced at L1 (R-CONV-7); an override whose
    /// body never sends the selector to `super` skips the default implementation. Source:
    /// UIViewController/NSViewController references ("your implementation must call super").
    public static let src4 = Rule("R-SRC-4", "overrides and their super calls come from the method bodies")
    /// R-SRC-5: the module of a source file (and the target of a document) comes from the
    /// project files: an Xcode target's Sources/Resources phases and synchronized folders with its
    /// `PRODUCT_MODULE_NAME`, a Swift package target's folder, a CocoaPods pod folder; otherwise it
    /// is unknown. Source: Xcode build settings reference, "Product Module Name"
    /// (developer.apple.com/documentation/xcode/build-settings-reference#Product-Module-Name),
    /// PackageDescription `Target` (`path`: "by default, Sources/<target name>").
    public static let src5 = Rule("R-SRC-5", "a file's module comes from the project files, or is unknown")

    /// R-CHK-1: an outlet whose key the class lacks: iOS raises NSUnknownKeyException and the load
    /// ends (R-OUT-1); macOS logs "Failed to connect" and leaves the property nil (R-OUT-2).
    /// Source: NSKeyValueCoding `setValue:forUndefinedKey:` (developer.apple.com/documentation/
    /// objectivec/nsobject/1413490-setvalue).
    public static let chk1 = Rule("R-CHK-1", "an outlet to a key the class does not have is an error")
    /// R-CHK-2: an action to a selector its target does not implement: iOS sends it at the first
    /// event and `doesNotRecognizeSelector:` raises NSInvalidArgumentException (R-ACT-3); macOS
    /// refuses the connection at load (R-ACT-4). Source: NSObject `doesNotRecognizeSelector:`
    /// (developer.apple.com/documentation/objectivec/nsobject/1418637-doesnotrecognizeselector).
    public static let chk2 = Rule("R-CHK-2", "an action to a selector its target does not implement is an error")
    /// R-CHK-3: a First Responder action no class in the sources (nor a framework class nibviz
    /// knows) implements: nothing in the responder chain handles it, so the control does nothing
    /// and a menu item stays disabled. Source: "Event Handling Guide — The Responder Chain",
    /// `sendAction:to:from:` (developer.apple.com/documentation/uikit/uiapplication/1622946-sendaction).
    public static let chk3 = Rule("R-CHK-3", "a First Responder action nobody implements is a warning")
    /// R-CHK-4: a custom class the sources do not define: the runtime logs "Unknown class X in
    /// Interface Builder file" and builds the element's framework class (warning); a customModule
    /// that is no module of the sources is a note. Source: NSClassFromString
    /// (developer.apple.com/documentation/foundation/1395135-nsclassfromstring).
    public static let chk4 = Rule("R-CHK-4", "an unknown custom class is a warning; an unknown module a note")
    /// R-CHK-5: an outlet whose declared type is a framework class the destination is not a kind
    /// of: the property holds an object of the wrong class (warning; decided only when both
    /// classes are known). Source: Swift `@IBOutlet` and implicitly unwrapped optionals.
    public static let chk5 = Rule("R-CHK-5", "an outlet typed as a class its destination is not a kind of is a warning")
    /// R-CHK-6: a storyboard reference to a storyboard the inputs do not hold, or to an identifier
    /// its storyboard lacks: `storyboardWithName:bundle:` / `instantiateViewControllerWithIdentifier:`
    /// raise NSInvalidArgumentException. Source: UIStoryboard reference
    /// (developer.apple.com/documentation/uikit/uistoryboard/1616214-instantiateviewcontroller).
    public static let chk6 = Rule("R-CHK-6", "a storyboard reference to a missing storyboard or identifier is an error")
    /// R-CHK-7: a segue or storyboard identifier used as a literal in code that no input
    /// document declares: an error when the call is sure to raise (`performSegue` sent to the
    /// controller itself from a class whose scenes are inputs: "has no segue with identifier";
    /// `instantiateViewController` sent to an input storyboard: "doesn't contain a view
    /// controller with identifier"), else a warning (the inputs may not be every document).
    /// Source: UIViewController `performSegue(withIdentifier:sender:)` (developer.apple.com/
    /// documentation/uikit/uiviewcontroller/1621413-performsegue), UIStoryboard
    /// `instantiateViewController(withIdentifier:)`.
    public static let chk7 = Rule(
        "R-CHK-7", "an identifier used in code but declared by no document: an error when the call surely raises, else a warning")
    /// R-CHK-8: a segue or storyboard identifier a document declares that no code uses (note).
    public static let chk8 = Rule("R-CHK-8", "an identifier declared but never used in code is a note")
    /// R-CHK-9: a custom class that exists, but not in the module the document names (its
    /// `customModule`, or with `customModuleProvider="target"` the document's target's module):
    /// the nib names `_TtC<module><class>`, the runtime finds no such class, logs "Unknown class
    /// … in Interface Builder file." and builds the element's framework class, whose missing keys
    /// then fail (R-OUT-1). Source: NSClassFromString ("nil if no class by that name is currently
    /// loaded", developer.apple.com/documentation/foundation/1395135-nsclassfromstring),
    /// "Importing Swift into Objective-C" (a Swift class is `Module.Class` to the runtime).
    public static let chk9 = Rule("R-CHK-9", "a customModule that does not hold the class is an error; the object falls back")
    /// R-CHK-10: a document that cannot be read (XML that is not well-formed, a truncated compiled
    /// nib) is an error at the place the reader stopped, since `ibtool` cannot compile it either
    /// and the build fails; the other documents are still checked, though findings that depend on
    /// an unreadable storyboard's scenes (R-CHK-6, R-CHK-7) may be wrong until it is fixed. A
    /// document nibviz does not read though it may be sound (an Interface Builder 2 nib archived
    /// by NSArchiver, one past nibviz's nesting limit) is a note: not checked. Source: `ibtool(1)`
    /// (`--compile` of a document it cannot parse fails, and with it the build); NSArchiver
    /// (developer.apple.com/documentation/foundation/nsarchiver, deprecated since macOS 10.13 for
    /// NSKeyedArchiver).
    public static let chk10 = Rule("R-CHK-10", "a document that cannot be read is an error; one in a format nibviz does not read, a note")
}
