/// What kind of edit a change is. Every category but `cosmetic` can change the running app;
/// `layout` (frames, autoresizing) is real but folded by default in Markdown.
public enum ChangeCategory: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// An object added or removed, or its element, framework class or place in the hierarchy.
    case structure
    /// Custom class or module.
    case customClass = "class"
    /// Storyboard, restoration, segue, reuse and other identifiers code looks up by string.
    case identifier
    /// An outlet, outlet collection, action, binding or segue.
    case connection
    /// An Auto Layout constraint: constant, multiplier, priority, relation, the items it ties.
    case constraint
    /// Text, title, placeholder (and the localisation key they are translated under).
    case text
    /// Fonts.
    case font
    /// Colours, named or by component.
    case color
    /// Images and SF Symbols.
    case image
    /// Hidden, enabled, alpha and other on/off state.
    case state
    /// Content mode and content alignment.
    case contentMode
    /// User-defined runtime attributes (set with `setValue:forKeyPath:`, R-NIB-8).
    case runtimeAttribute
    /// Accessibility identifiers, labels, hints and traits.
    case accessibility
    /// Frames, autoresizing masks, hugging and compression priorities, stack view layout.
    case layout
    /// Any other attribute Interface Builder writes that the app reads.
    case attribute
    /// Document-level behaviour: initial view controller, platform, document type.
    case document
    /// Cannot change the running app: tool versions, canvas positions, IB labels and warnings.
    case cosmetic

    /// Ordering for reports: the declaration order above.
    public static func < (lhs: ChangeCategory, rhs: ChangeCategory) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }

    /// The words a report uses (`custom class`, `runtime attribute`).
    public var noun: String {
        switch self {
        case .customClass: "custom class"
        case .contentMode: "content mode"
        case .runtimeAttribute: "runtime attribute"
        default: rawValue
        }
    }
}

/// Which category an Interface Builder attribute or element belongs to: one table for every
/// writer (textconv, diff, review).
enum PropertyCategories {
    /// The category of an owner's own XML attribute `name`.
    static func attribute(_ name: String) -> ChangeCategory {
        if let known = attributeTable[name] { return known }
        if name.hasSuffix("Identifier") { return .identifier }
        if name.hasSuffix("Image") { return .image }
        if name.hasSuffix("Color") { return .color }
        if name.hasSuffix("Title") { return .text }
        if name.hasPrefix("accessibility") { return .accessibility }
        if name.hasPrefix("simulated") { return .cosmetic }
        return .attribute
    }

    /// The category of a child element (`color`, `fontDescription`, `rect`, …) given its
    /// attribute names (a `state` element is text when it has a title, else an image).
    static func element(_ name: String, key: String?, attributes: [String]) -> ChangeCategory {
        if name == "state" || name == "buttonConfiguration" {
            return attributes.contains("title") || attributes.contains("attributedTitle") ? .text : .image
        }
        if key == "canvasLocation" { return .cosmetic }
        if name.hasPrefix("simulated") || name.hasPrefix("freeformSimulated") { return .cosmetic }
        return elementTable[name] ?? .attribute
    }

    /// Elements under the document root that are Interface Builder bookkeeping only.
    static let bookkeepingRoots: Set<String> = ["dependencies", "resources", "device", "designables", "inferredMetricsTieBreakers"]

    private static let elementTable: [String: ChangeCategory] = [
        "constraint": .constraint,
        "color": .color,
        "fontDescription": .font, "font": .font,
        "image": .image, "imageReference": .image, "preferredSymbolConfiguration": .image,
        "imageSymbolConfiguration": .image,
        "string": .text, "attributedString": .text, "fragment": .text, "mutableString": .text,
        "accessibility": .accessibility, "accessibilityTraits": .accessibility,
        "rect": .layout, "size": .layout, "point": .layout, "autoresizingMask": .layout, "inset": .layout,
        "edgeInsets": .layout, "directionalEdgeInsets": .layout, "viewLayoutGuide": .layout, "layoutGuide": .layout,
        "viewControllerLayoutGuide": .layout, "offsetWrapper": .layout, "constraints": .layout,
        "simulatedMetricsContainer": .cosmetic, "plugIn": .cosmetic, "capability": .cosmetic, "deployment": .cosmetic,
        "device": .cosmetic, "systemColor": .cosmetic, "namedColor": .cosmetic, "designable": .cosmetic,
    ]

    // swift-format-ignore
    private static let attributeTable: [String: ChangeCategory] = [
        // Text the user sees (each has a localisation key `<id>.<attribute>`).
        "text": .text, "title": .text, "placeholder": .text, "prompt": .text, "toolTip": .text,
        "label": .text, "paletteLabel": .text, "alternateTitle": .text, "placeholderString": .text,
        "stringValue": .text,
        // Images and symbols.
        "image": .image, "catalog": .image, "symbolScale": .image, "imageName": .image,
        // On/off state.
        "hidden": .state, "enabled": .state, "alpha": .state, "opaque": .state, "userInteractionEnabled": .state,
        "selected": .state, "highlighted": .state, "on": .state, "state": .state, "editable": .state,
        "selectable": .state, "multipleTouchEnabled": .state, "clipsSubviews": .state,
        "clearsContextBeforeDrawing": .state, "isEnabled": .state,
        // Content modes.
        "contentMode": .contentMode, "contentHorizontalAlignment": .contentMode,
        "contentVerticalAlignment": .contentMode, "imageScaling": .contentMode, "imageAlignment": .contentMode,
        // Fonts.
        "adjustsFontSizeToFit": .font, "minimumFontSize": .font, "minimumScaleFactor": .font,
        "adjustsFontForContentSizeCategory": .font,
        // Identifiers code uses.
        "restorationIdentifier": .identifier, "reuseIdentifier": .identifier, "identifier": .identifier,
        "storyboardIdentifier": .identifier, "autosaveName": .identifier,
        // Layout.
        "translatesAutoresizingMaskIntoConstraints": .layout, "horizontalHuggingPriority": .layout,
        "verticalHuggingPriority": .layout, "horizontalCompressionResistancePriority": .layout,
        "verticalCompressionResistancePriority": .layout, "preservesSuperviewLayoutMargins": .layout,
        "insetsLayoutMarginsFromSafeArea": .layout, "layoutMarginsFollowReadableWidth": .layout,
        "axis": .layout, "distribution": .layout, "alignment": .layout, "spacing": .layout,
        "useAutolayout": .layout, "useTraitCollections": .layout, "useSafeAreas": .layout,
        "contentInsetAdjustmentBehavior": .layout, "rowHeight": .layout, "estimatedRowHeight": .layout,
        "sectionHeaderHeight": .layout, "sectionFooterHeight": .layout, "baselineRelativeArrangement": .layout,
        // Interface Builder's own bookkeeping.
        "toolsVersion": .cosmetic, "systemVersion": .cosmetic, "version": .cosmetic, "userLabel": .cosmetic,
        "colorLabel": .cosmetic, "misplaced": .cosmetic, "ambiguous": .cosmetic, "fixedFrame": .cosmetic,
        "verifyAmbiguity": .cosmetic, "propertyAccessControl": .cosmetic, "colorMatched": .cosmetic,
        "horizontalPositionIsFlexible": .cosmetic, "customModuleProvider": .cosmetic,
    ]
}
