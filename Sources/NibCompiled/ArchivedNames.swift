/// What the archive formats — the archive XML (`designable.nib`) and compiled keyed archives and
/// NIBArchives — call things: the framework class behind an archived class, the event behind an
/// `IBEventType`. NibParsing's archive reader and the compiled readers both ask here.
public enum ArchivedNames {
    /// `IBUIButton` → `UIButton`, `NSCustomObject` → `NSObject`, `NSWindowTemplate` → `NSWindow`.
    public static func frameworkClass(_ archived: String) -> String {
        switch archived {
        case "IBProxyObject", "NSCustomObject", "IBUICustomObject": return "NSObject"
        case "NSCustomView": return "NSView"
        case "NSWindowTemplate": return "NSWindow"
        default:
            if archived.hasPrefix("IBUI") { return "UI" + archived.dropFirst(4) }
            return archived
        }
    }

    /// UIControlEvents bit index + 1, as archives store `IBEventType`.
    public static func eventName(_ type: Int) -> String? {
        let names = [
            "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter",
            "touchDragExit", "touchUpInside", "touchUpOutside", "touchCancel", nil, nil, nil,
            "valueChanged", "primaryActionTriggered", nil, nil, "editingDidBegin", "editingChanged",
            "editingDidEnd", "editingDidEndOnExit",
        ]
        guard type >= 1, type <= names.count else { return nil }
        return names[type - 1]
    }
}
