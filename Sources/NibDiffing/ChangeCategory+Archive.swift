extension PropertyCategories {
    /// The category of a value of an Interface Builder 3 archive (`ArchiveRecords`): `key` is
    /// its key path under `owner` ("" for the document's `IBDocument.*` records).
    static func archived(_ key: String, owner: String, valueClass: String? = nil) -> ChangeCategory {
        // The document's records are Interface Builder's: versions, dependencies, edited
        // objects, the class descriptions it shows in its inspector.
        if owner.isEmpty { return key.hasPrefix("IBDocument.UseAutolayout") ? .layout : .cosmetic }
        if key.hasPrefix("IB:") {
            // Interface Builder's own per-object records (editor window positions, plug-in
            // names), but for the few the loaded object reads.
            if key.hasSuffix("visibleAtLaunch") { return .state }
            if key.contains("UserDefinedRuntimeAttributes") { return .runtimeAttribute }
            return .cosmetic
        }
        let head = String(key.prefix { $0 != "." && $0 != "[" })
        // The last key: a view archived inside another object (a scroll view's clip view and
        // scrollers, which have no record of their own) has its own frame and back links.
        let tail = String((key.split(separator: ".").last ?? "").prefix { $0 != "[" })
        // Links back to a parent the hierarchy already shows.
        if archivedBackLinks.contains(head) || archivedBackLinks.contains(tail) { return .cosmetic }
        // A view's hidden bit (`ArchiveRecords` splits it from `NSvFlags`).
        if tail == "hidden" { return .state }
        // What the value is says more than the key: a button cell's `NSAlternateImage` may hold
        // its font, an image cell's `NSContents` its image.
        switch valueClass {
        case "NSFont": return .font
        case "NSColor": return .color
        case "NSImage", "NSCustomResource": return .image
        default: break
        }
        if tail != head, archivedKeys[tail] == .layout { return .layout }
        if let known = archivedKeys[head] { return known }
        if head.hasSuffix("Color") { return .color }
        if head.hasSuffix("Image") { return .image }
        if head.hasSuffix("Title") || head.hasSuffix("ToolTip") { return .text }
        return .attribute
    }

    /// Keys by which an archived view, cell or menu item points back up the hierarchy (an empty
    /// one is as often written as `<nil>`, as a `<reference>` without target, or left out).
    private static let archivedBackLinks: Set<String> = [
        "NSNextResponder", "NSSuperview", "NSWindow", "NSControlView", "NSTableView", "NSMenu", "NSOutlineView",
    ]

    // swift-format-ignore
    private static let archivedKeys: [String: ChangeCategory] = [
        // What the user reads.
        "NSContents": .text, "NSTitle": .text, "NSAlternateContents": .text, "NSPlaceholderString": .text,
        "NSPlaceholderAttributedString": .text, "NSToolTip": .text, "NSLabel": .text, "NSPaletteLabel": .text,
        "NSWindowTitle": .text, "NSHeaderToolTip": .text, "NSPrompt": .text,
        // Frames, autoresizing (the low bits of `NSvFlags`) and sizes.
        "NSFrame": .layout, "NSFrameSize": .layout, "NSvFlags": .layout, "NSMinSize": .layout, "NSMaxSize": .layout,
        "NSMinize": .layout, "NSWindowRect": .layout, "NSWindowContentMinSize": .layout,
        "NSWindowContentMaxSize": .layout, "NSWidth": .layout, "NSMinWidth": .layout, "NSMaxWidth": .layout,
        "NSResizingMask": .layout, "NSRowHeight": .layout, "NSIntercellSpacingWidth": .layout,
        "NSIntercellSpacingHeight": .layout, "NSOffsets": .layout, "NSContentSize": .layout,
        // Where Interface Builder's screen was when the document was saved.
        "NSScreenRect": .cosmetic,
        // The custom class, compared by the graph.
        "NSClassName": .cosmetic, "NSWindowClass": .cosmetic,
        // Fonts (a text cell's font is its `NSSupport`) and images.
        "NSSupport": .font, "NSFont": .font,
        "NSImage": .image, "NSNormalImage": .image, "NSAlternateImage": .image, "NSOnImage": .image, "NSOffImage": .image,
        "NSMixedImage": .image,
        // On/off state.
        "NSEnabled": .state, "NSHidden": .state, "NSEditable": .state, "NSSelectable": .state, "NSState": .state,
        "NSIsEnabled": .state,
        // Names code or the frameworks look things up by.
        "NSIdentifier": .identifier, "NSFrameAutosaveName": .identifier, "NSAutosaveName": .identifier,
        "NSAutosave": .identifier,
    ]
}
