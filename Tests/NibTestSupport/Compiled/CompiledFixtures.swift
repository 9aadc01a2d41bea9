import Foundation

/// Small compiled nibs, storyboards and app bundles built from fixtures (never copied from
/// the corpus), for golden dumps and end-to-end tests.
public enum CompiledFixtures {
    /// A UIKit view nib: File's Owner (the controller), First Responder, a view with a label, a
    /// button and a swapped-class image view, an unreferenced constraint, five connections of
    /// four kinds plus one of an unknown class, and a runtime attribute.
    /// With `segueTrigger`, the button also sends `perform:` to a placeholder of that identifier
    /// (how ibtool compiles a segue triggered by a control in a storyboard view).
    public static func uikitLoginView(title: String = "Name", segueTrigger: String? = nil) -> ArchiveFixture {
        var nib = ArchiveFixture()
        let owner = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("IBFilesOwner")))])
        let responder = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("IBFirstResponder")))])
        let view = nib.object("UIView", [("UIOpaque", .bool(true))])
        let label = nib.object("UILabel", [("UISuperview", .ref(view)), ("UIText", .ref(nib.string(title)))])
        let button = nib.object("UIButton", [("UISuperview", .ref(view)), ("UIButtonType", .int(1))])
        let avatar = nib.object(
            "UIClassSwapper",
            [
                ("UIClassName", .ref(nib.string("AvatarView"))), ("UIOriginalClassName", .ref(nib.string("UIImageView"))),
                ("UISuperview", .ref(view)),
            ])
        nib.append([("UISubviews", .ref(nib.array([label, button, avatar], className: "NSMutableArray")))], to: view)
        let constraint = nib.object("NSLayoutConstraint", [("NSFirstItem", .ref(label)), ("NSFirstAttribute", .int(3))])
        func connection(
            _ className: String, _ name: String, _ source: Int, _ destination: Int?, _ extra: [(String, ArchiveFixture.Value)] = []
        )
            -> Int
        {
            nib.object(
                className,
                [("UILabel", .ref(nib.string(name))), ("UISource", .ref(source))]
                    + (destination.map { [("UIDestination", .ref($0))] } ?? [])
                    + extra)
        }
        let connections = [
            connection("UIRuntimeOutletConnection", "view", owner, view),
            connection("UIRuntimeOutletConnection", "nameLabel", owner, label),
            connection("UIRuntimeOutletCollectionConnection", "fields", owner, label),
            connection("UIRuntimeEventConnection", "login:", button, owner, [("UIEventMask", .int(64))]),
            connection("UIRuntimeEventConnection", "cancel:", button, responder, [("UIEventMask", .int(1 << 13))]),
            connection("UIRuntimeMysteryConnection", "odd", owner, label),
        ]
        var triggers: [Int] = []
        if let segueTrigger {
            let upstream = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string(segueTrigger)))])
            triggers = [upstream, connection("UIRuntimeEventConnection", "perform:", button, upstream, [("UIEventMask", .int(64))])]
        }
        let pair = nib.object(
            "UINibKeyValuePair",
            [("UIObject", .ref(avatar)), ("UIKeyPath", .ref(nib.string("layer.cornerRadius"))), ("UIValue", .ref(nib.add(.number(8))))])
        nib.setRoot([
            ("UINibTopLevelObjectsKey", .ref(nib.array([owner, responder, view] + triggers.prefix(1)))),
            ("UINibObjectsKey", .ref(nib.array([owner, responder, view, label, button, avatar, constraint] + triggers.prefix(1)))),
            ("UINibConnectionsKey", .ref(nib.array(connections + triggers.dropFirst()))),
            ("UINibVisibleWindowsKey", .ref(nib.array([]))),
            ("UINibKeyValuePairsKey", .ref(nib.array([pair]))),
        ])
        return nib
    }

    /// An AppKit nib (`IB.objectdata` → `NSIBObjectData`): File's Owner, Application, a visible
    /// window with a swapped-class button and a text field; an outlet, a targeted and a
    /// nil-targeted action, a binding with an option; ids, names and parents as ibtool writes them.
    public static func appKitPreferences(omitting labels: Set<String> = []) -> ArchiveFixture {
        var nib = ArchiveFixture()
        let data = nib.object("NSIBObjectData")
        let owner = nib.object("NSCustomObject", [("NSClassName", .ref(nib.string("PrefsController")))])
        let app = nib.object("NSCustomObject", [("NSClassName", .ref(nib.string("NSApplication")))])
        let window = nib.object(
            "NSWindowTemplate",
            [
                ("NSWindowClass", .ref(nib.string("NSPanel"))), ("NSWindowTitle", .ref(nib.string("Preferences"))),
                ("NSWindowStyleMask", .int(15)),
            ])
        let content = nib.object("NSView", [("NSvFlags", .int(256))])
        let button = nib.object(
            "NSClassSwapper",
            [
                ("NSClassName", .ref(nib.string("FancyButton"))), ("NSOriginalClassName", .ref(nib.string("NSButton"))),
                ("NSSuperview", .ref(content)),
            ])
        let field = nib.object("NSTextField", [("NSSuperview", .ref(content))])
        nib.append([("NSWindowView", .ref(content))], to: window)
        nib.append([("NSSubviews", .ref(nib.array([button, field], className: "NSMutableArray")))], to: content)
        func connector(
            _ className: String, _ label: String, _ source: Int, _ destination: Int?, _ extra: [(String, ArchiveFixture.Value)] = []
        )
            -> Int
        {
            nib.object(
                className,
                [("NSSource", .ref(source)), ("NSLabel", .ref(nib.string(label)))]
                    + (destination.map { [("NSDestination", .ref($0))] } ?? [])
                    + extra)
        }
        let options = nib.add(.dictionary([(nib.string("NSNullPlaceholder"), nib.string("Nobody"))]))
        let connectors = [
            connector("NSNibOutletConnector", "window", owner, window),
            connector("NSNibControlConnector", "save:", button, owner),
            connector("NSNibControlConnector", "performClose:", field, nil),
            connector(
                "NSNibBindingConnector", "value: prefs.name", field, owner,
                [("NSBinding", .ref(nib.string("value"))), ("NSKeyPath", .ref(nib.string("prefs.name"))), ("NSOptions", .ref(options))]),
        ]
        // A later build without some connections (`omitting` their labels) keeps the others' ids.
        let kept = zip(connectors, [10, 11, 12, 13] as [Int64]).filter { pair in
            guard case .object(_, let fields) = nib.items[pair.0], let label = fields.first(where: { $0.0 == "NSLabel" }),
                case .ref(let text) = label.1, case .string(let name) = nib.items[text]
            else { return true }
            return !labels.contains(name)
        }
        let members = [owner, app, window, content, button, field]
        let oids: [Int64] = [20, -3, 5, 6, 7, 8]
        nib.append(
            [
                ("NSRoot", .ref(owner)),
                ("NSObjectsKeys", .ref(nib.array([app, window, content, button, field]))),
                ("NSObjectsValues", .ref(nib.array([owner, owner, window, content, content]))),
                ("NSOidsKeys", .ref(nib.array(members + kept.map(\.0)))),
                ("NSOidsValues", .ref(nib.array((oids + kept.map(\.1)).map { nib.add(.number($0)) }))),
                ("NSNamesKeys", .ref(nib.array([owner, app, window]))),
                ("NSNamesValues", .ref(nib.array(["File's Owner", "Application", "Preferences"].map { nib.string($0) }))),
                ("NSVisibleWindows", .ref(nib.array([window], className: "NSMutableSet"))),
                ("NSConnections", .ref(nib.array(kept.map(\.0), className: "NSMutableArray"))),
            ], to: data)
        nib.setRoot([("IB.objectdata", .ref(data))])
        return nib
    }
}
