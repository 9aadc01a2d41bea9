import NibModel

/// What a compiled macOS storyboard's scene nib adds to an AppKit nib (`NSStoryboard`): segue
/// templates, the window controller's content relationship, split and tab view controllers' item
/// relationships, and the external objects its view nib's controls trigger segues through.
///
/// The layout ibtool writes: a controller's `NSStoryboardSegueTemplates` hold
/// `NSStoryboard…SegueTemplate` objects (`NSIdentifier`, `NSDestinationControllerIdentifier`,
/// `NSSegueClassName`); a window controller's content view controller is archived in its own nib
/// under `IBWindowTemplateContentViewController` (set at run time through a
/// `contentViewController` runtime attribute of the window); `NSExternalObjectsTableForViewLoading`
/// maps the view nib's placeholder identifiers to the templates its buttons `perform:`. A split
/// or tab view controller archives its children in its own nib, each under an item's
/// `NSViewController`.
extension IBObjectDataReader {
    /// The relationship a window controller's content view controller is drawn with, as in the
    /// source storyboard (`<segue kind="relationship" relationship="window.shadowedContentViewController">`).
    static let windowContentRelationship = "window.shadowedContentViewController"

    /// The relationships whose destination controller ibtool archives in the source controller's
    /// nib (a window's content, split items, tab items); the source storyboard gives each
    /// destination a scene of its own.
    static let containedRelationships: Set<String> = [windowContentRelationship, "splitItems", "tabItems"]

    /// A container controller's items (`NSSplitViewItems` of `NSSplitViewItem`s, `NSTabViewItems`
    /// of `NSTabViewItem`s), each holding its child in `NSViewController`, and the relationship
    /// the source storyboard draws to each child.
    private static let itemLists = [("NSSplitViewItems", "splitItems"), ("NSTabViewItems", "tabItems")]

    mutating func addStoryboardLinks(from index: Int) {
        guard let controller = table.object(index) else { return }
        for template in table.elements(controller["NSStoryboardSegueTemplates"]) ?? [] {
            guard let archived = table.object(template) else { continue }
            guard let destination = table.string(archived["NSDestinationControllerIdentifier"]) else {
                builder.warn("\(TextQuoting.plain(archived.className)) without a destination identifier ignored", at: template)
                continue
            }
            let segue = Segue(
                kind: SegueTemplateKind.kind(of: archived.className, platform: .macos), identifier: table.string(archived["NSIdentifier"]),
                customClass: table.string(archived["NSSegueClassName"]))
            // Destinations are storyboard identifiers; the `.storyboardc` reader maps them to controllers.
            builder.connections.append(
                Connection(id: builder.id(template), source: builder.id(index), kind: .segue(destination: ObjectID(destination), segue)))
        }
        if let content = table.target(controller["IBWindowTemplateContentViewController"]), builder.objects[content] != nil {
            builder.connections.append(
                Connection(
                    id: nil, source: builder.id(index),
                    kind: .segue(
                        destination: builder.id(content), Segue(kind: "relationship", relationship: Self.windowContentRelationship))))
        }
        // An `NSTabView`'s items also hold `NSTabViewItems`, without view controllers.
        for (key, relationship) in Self.itemLists where builder.objects[index]?.className.hasSuffix("ViewController") == true {
            for item in table.elements(controller[key]) ?? [] {
                guard let value = table.object(item)?["NSViewController"] else { continue }
                guard let child = table.target(value), builder.objects[child] != nil else {
                    builder.warn("\(TextQuoting.plain(key)) item's view controller is not among the nib's objects; ignored", at: item)
                    continue
                }
                builder.connections.append(
                    Connection(
                        id: nil, source: builder.id(index),
                        kind: .segue(destination: builder.id(child), Segue(kind: "relationship", relationship: relationship))))
            }
        }
        for pair in table.pairs(controller["NSExternalObjectsTableForViewLoading"]) {
            if let identifier = table.string(.object(pair.key)) { externalObjects[identifier] = builder.id(pair.value) }
        }
    }

    /// `NSIBUserDefinedRuntimeAttributesConnector`: `NSKeyPaths` set to `NSValues` on `NSObject`
    /// when the nib loads (R-NIB-8). A value that is one of the nib's objects (a window's
    /// `contentViewController`) is typed by that object's class, custom class first.
    mutating func addRuntimeAttributes(_ connector: ArchivedObject, at index: Int) {
        guard let object = table.target(connector["NSObject"]), var target = builder.objects[object] else {
            return builder.warn("user-defined runtime attributes of an object the nib does not hold ignored", at: index)
        }
        let keyPaths = table.elements(connector["NSKeyPaths"]) ?? []
        let values = table.elements(connector["NSValues"]) ?? []
        for (position, keyPath) in keyPaths.enumerated() {
            guard let keyPath = table.string(.object(keyPath)) else { continue }
            let value = position < values.count ? ArchivedValue.object(values[position]) : nil
            let text = table.string(value) ?? table.integer(value).map(String.init)
            let member = position < values.count ? builder.objects[values[position]] : nil
            let type = member.map { $0.customClass ?? $0.className } ?? table.className(value) ?? "nil"
            target.runtimeAttributes.append(RuntimeAttribute(type: type, keyPath: keyPath, value: text))
        }
        builder.objects[object] = target
    }
}

/// The segue kind a template class stands for, as the source storyboard writes it.
enum SegueTemplateKind {
    /// `UIStoryboardShowSegueTemplate` → `show`, `NSStoryboardSheetSegueTemplate` → `sheet`; a
    /// popover is `popoverPresentation` on iOS and `popover` on macOS; the plain template is `custom`.
    static func kind(of className: String, platform: Platform) -> String {
        var name = Substring(className)
        for prefix in ["UIStoryboard", "NSStoryboard", "_UIStoryboard"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        if name.hasSuffix("SegueTemplate") { name = name.dropLast("SegueTemplate".count) }
        if name == "Popover" { return platform == .macos ? "popover" : "popoverPresentation" }
        guard let first = name.first else { return "custom" }
        return first.lowercased() + name.dropFirst()
    }
}
