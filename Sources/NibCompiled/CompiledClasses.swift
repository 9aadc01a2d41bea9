import NibModel

/// The class an archived object stands for, in both compiled layouts: class swappers,
/// custom objects and views, window templates and proxies (one place for both readers).
struct CompiledClass: Equatable {
    /// Auto Layout's own objects: both compiled readers keep one only when a connection names
    /// it (an outlet to a constraint), as the XML readers do, so a compiled nib and its source
    /// show the same objects.
    static let layoutClasses: Set<String> = [
        "NSLayoutConstraint", "_UILayoutSupportConstraint", "_UILayoutGuide", "UILayoutGuide", "NSLayoutGuide",
    ]

    /// Whether an archived class is one of Auto Layout's own objects (`layoutClasses`, or a
    /// constraint subclass ibtool writes: `NSIBPrototypingLayoutConstraint`, …).
    static func isLayoutObject(_ archivedClass: String) -> Bool {
        layoutClasses.contains(archivedClass) || archivedClass.hasSuffix("LayoutConstraint")
    }

    /// The framework class (`UIImageView`, `NSWindow`, `NSObject` for custom objects).
    var className: String
    /// The custom class, when it differs from `className` (a Swift class without its module).
    var customClass: String?
    /// The module of a Swift custom class, from its runtime name (`_TtC8MyModule6MyView`).
    var customModule: String?
    /// The placeholder identifier of a proxy (`IBFilesOwner`, an external object's name).
    var placeholder: String?
    /// What the model calls the element: the archived class, except that a class swapper is
    /// named by the class it swaps (`UIViewController`), as the simulator's rules expect.
    var element: String

    init(_ archived: ArchivedObject, in table: ArchivedObjectTable) {
        var custom: String?
        switch archived.className {
        case "UIClassSwapper":
            className = table.string(archived["UIOriginalClassName"]) ?? "NSObject"
            custom = table.string(archived["UIClassName"])
        case "NSClassSwapper":
            className = table.string(archived["NSOriginalClassName"]) ?? "NSObject"
            custom = table.string(archived["NSClassName"])
        case "UIProxyObject", "IBProxyObject":
            className = "NSObject"
            placeholder = table.string(archived["UIProxiedObjectIdentifier"] ?? archived["IBProxiedObjectIdentifier"]) ?? "IBExternalObject"
        case "NSStoryboardControllerPlaceholder", "NSControllerPlaceholder":
            // A storyboard reference (`<controllerPlaceholder>`): loaded from another storyboard.
            className = "NSController"
            placeholder = PlaceholderIdentifier.storyboardReference
        case let name where name.hasSuffix("ExternalObjectPlaceholder"):
            className = "NSObject"
            placeholder = table.string(archived["NSExternalObjectPlaceholderIdentifier"]) ?? "IBExternalObject"
        default:
            // `NSCustomObject`/`NSCustomView` name their class in `NSClassName`, window templates in
            // `NSWindowClass`; old iOS keyed archives write `IBUI…` for `UI…`.
            className = ArchivedNames.frameworkClass(archived.className)
            custom = table.string(archived["NSClassName"]) ?? table.string(archived["NSWindowClass"])
        }
        if let custom, let (module, name) = Self.swiftName(custom) {
            (customModule, customClass) = (module, name)
        } else {
            customClass = custom == className ? nil : custom
        }
        element =
            archived.className.hasSuffix("ClassSwapper")
            ? className : placeholder == PlaceholderIdentifier.storyboardReference ? "controllerPlaceholder" : archived.className
    }

    /// `_TtC8MyModule6MyView` → (`MyModule`, `MyView`); nested classes (`_TtCC…`) join their
    /// names with dots. The runtime name of a Swift class is this simple length-prefixed form;
    /// anything else is left as written.
    static func swiftName(_ runtimeName: String) -> (module: String, name: String)? {
        guard runtimeName.hasPrefix("_TtC") else { return nil }
        var rest = Substring(runtimeName.dropFirst(3))
        var depth = 0
        while rest.first == "C" {
            depth += 1
            rest = rest.dropFirst()
        }
        var parts: [String] = []
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let length = Int(digits), length > 0, length <= rest.count - digits.count else { return nil }
            rest = rest.dropFirst(digits.count)
            parts.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        guard parts.count == depth + 1, let module = parts.first else { return nil }
        return (module, parts.dropFirst().joined(separator: "."))
    }
}
