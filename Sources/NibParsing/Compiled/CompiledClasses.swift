import NibModel

/// The class an archived object stands for, in both compiled layouts: class swappers,
/// custom objects and views, window templates and proxies (one place for both readers).
struct CompiledClass: Equatable {
    /// The framework class (`UIImageView`, `NSWindow`, `NSObject` for custom objects).
    var className: String
    /// The custom class, when it differs from `className`.
    var customClass: String?
    /// The placeholder identifier of a proxy (`IBFilesOwner`, an external object's name).
    var placeholder: String?

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
        case let name where name.hasSuffix("ExternalObjectPlaceholder"):
            className = "NSObject"
            placeholder = table.string(archived["NSExternalObjectPlaceholderIdentifier"]) ?? "IBExternalObject"
        default:
            // `NSCustomObject`/`NSCustomView` name their class in `NSClassName`, window templates in
            // `NSWindowClass`; old iOS keyed archives write `IBUI…` for `UI…`.
            className = ArchiveFormatReader.frameworkClass(archived.className)
            custom = table.string(archived["NSClassName"]) ?? table.string(archived["NSWindowClass"])
        }
        customClass = custom == className ? nil : custom
    }
}
