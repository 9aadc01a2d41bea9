import NibModel

/// Small documents built in code (never copied from the corpus).
enum Fixtures {
    /// G-NIB-1's CardView.xib: File's Owner with two outlets, a view with a button, an action.
    static var cardView: NibGraph {
        NibGraph(
            file: "Fixtures/CardView.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB",
            platform: .ios,
            objects: [
                NibObject(
                    id: "-1", element: "placeholder", className: "NSObject", customClass: "CardOwner", placeholder: "IBFilesOwner",
                    label: "File's Owner", line: 3),
                NibObject(
                    id: "-2", element: "placeholder", className: "UIResponder", customClass: "UIResponder", placeholder: "IBFirstResponder",
                    line: 9),
                NibObject(id: "xRo-ot-001", element: "view", className: "UIView", customClass: "CardView", line: 10),
                NibObject(
                    id: "btn-00-001", element: "button", className: "UIButton", customClass: "CardButton", parent: "xRo-ot-001", line: 12),
                NibObject(id: "lbl-00-001", element: "label", className: "UILabel", parent: "xRo-ot-001", label: "Title", line: 17),
            ],
            connections: [
                Connection(id: "o1a-aa-001", source: "-1", kind: .outlet(property: "rootView", destination: "xRo-ot-001"), line: 5),
                Connection(id: "o1a-aa-002", source: "-1", kind: .outlet(property: "button", destination: "btn-00-001"), line: 6),
                Connection(
                    id: "oc1-aa-001", source: "-1", kind: .outletCollection(property: "labels", destination: "lbl-00-001", appends: true),
                    line: 7),
                Connection(
                    id: "a1a-aa-001", source: "btn-00-001", kind: .action(selector: "tap:", target: "-1", eventType: "touchUpInside"),
                    line: 14),
                Connection(
                    id: "a1a-aa-002", source: "btn-00-001", kind: .action(selector: "copy:", target: nil, eventType: "touchUpInside"),
                    line: 15),
            ]
        )
    }

    /// A macOS xib with bindings to an array controller and an action to First Responder.
    static var macBindings: NibGraph {
        NibGraph(
            file: "Fixtures/Preferences.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.Cocoa.XIB", platform: .macos,
            objects: [
                NibObject(
                    id: "-2", element: "customObject", className: "NSObject", customClass: "PrefsController", placeholder: "IBFilesOwner",
                    label: "File's Owner"),
                NibObject(
                    id: "-1", element: "customObject", className: "NSObject", customClass: "FirstResponder",
                    placeholder: "IBFirstResponder", label: "First Responder"),
                NibObject(
                    id: "-3", element: "customObject", className: "NSObject", customClass: "NSObject", placeholder: "IBApplication",
                    label: "Application"),
                NibObject(id: "win", element: "window", className: "NSWindow", label: "Preferences"),
                NibObject(id: "cv", element: "view", className: "NSView", parent: "win", key: "contentView"),
                NibObject(id: "tbl", element: "tableView", className: "NSTableView", parent: "cv"),
                NibObject(id: "chk", element: "button", className: "NSButton", parent: "cv", label: "Enabled"),
                NibObject(id: "ac", element: "arrayController", className: "NSArrayController", label: "Items"),
                NibObject(id: "udc", element: "userDefaultsController", className: "NSUserDefaultsController"),
            ],
            connections: [
                Connection(id: "o1", source: "-2", kind: .outlet(property: "window", destination: "win")),
                Connection(
                    id: "b1", source: "tbl", kind: .binding(name: "content", destination: "ac", keyPath: "arrangedObjects", options: [])),
                Connection(
                    id: "b2", source: "chk",
                    kind: .binding(
                        name: "value", destination: "udc", keyPath: "values.enabled",
                        options: [BindingOption(key: "NSValueTransformerName", value: "NSNegateBoolean")])),
                Connection(id: "a1", source: "chk", kind: .action(selector: "toggle:", target: "-2", eventType: nil)),
                Connection(id: "a2", source: "tbl", kind: .action(selector: "delete:", target: "-1", eventType: nil)),
            ]
        )
    }

    /// A storyboard: navigation controller → list → detail, a reference to another storyboard.
    static var storyboard: NibGraph {
        var objects: [NibObject] = [
            NibObject(
                id: "nav", element: "navigationController", className: "UINavigationController", scene: "s1",
                sceneMemberID: "viewController"),
            NibObject(
                id: "fr1", element: "placeholder", className: "UIResponder", placeholder: "IBFirstResponder", scene: "s1",
                sceneMemberID: "firstResponder"),
            NibObject(
                id: "list", element: "tableViewController", className: "UITableViewController", customClass: "ListViewController",
                scene: "s2", storyboardIdentifier: "List", sceneMemberID: "viewController"),
            NibObject(id: "tv", element: "tableView", className: "UITableView", parent: "list", scene: "s2", key: "view"),
            NibObject(id: "cell", element: "tableViewCell", className: "UITableViewCell", parent: "tv", scene: "s2", label: "Item Cell"),
            NibObject(
                id: "detail", element: "viewController", className: "UIViewController", customClass: "DetailViewController", scene: "s3",
                sceneMemberID: "viewController"),
            NibObject(id: "dv", element: "view", className: "UIView", parent: "detail", scene: "s3", key: "view"),
            NibObject(
                id: "exit3", element: "placeholder", className: "UIStoryboardUnwindSegueSource", placeholder: "IBExit", scene: "s3",
                sceneMemberID: "exit"),
            NibObject(
                id: "ref", element: "viewControllerPlaceholder", className: "UIViewController", placeholder: "IBStoryboardReference",
                scene: "s4",
                sceneMemberID: "viewController", attributes: ["storyboardName": "Settings", "referencedIdentifier": "Root"]),
        ]
        objects[0].label = nil
        return NibGraph(
            file: "Fixtures/Main.storyboard", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            platform: .ios, isStoryboard: true, objects: objects,
            connections: [
                Connection(
                    id: "r1", source: "nav",
                    kind: .segue(destination: "list", Segue(kind: "relationship", relationship: "rootViewController"))),
                Connection(id: "g1", source: "cell", kind: .segue(destination: "detail", Segue(kind: "show", identifier: "showDetail"))),
                Connection(id: "g2", source: "list", kind: .segue(destination: "ref", Segue(kind: "presentation", identifier: "settings"))),
                Connection(id: "o1", source: "list", kind: .outlet(property: "tableView", destination: "tv")),
            ],
            scenes: [
                Scene(id: "s1", controller: "nav"),
                Scene(id: "s2", controller: "list", title: "Items"),
                Scene(id: "s3", controller: "detail"),
                Scene(id: "s4", controller: "ref"),
            ],
            initialViewController: "nav"
        )
    }

    /// A storyboard with `count` chained scenes, to exercise the split.
    static func chain(_ count: Int) -> NibGraph {
        var graph = NibGraph(
            file: "Chain.storyboard", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            platform: .ios, isStoryboard: true)
        for index in 0..<count {
            let id = ObjectID("vc\(index)")
            graph.objects.append(
                NibObject(
                    id: id, element: "viewController", className: "UIViewController", customClass: "Step\(index)ViewController",
                    scene: "sc\(index)", sceneMemberID: "viewController"))
            graph.objects.append(
                NibObject(id: ObjectID("v\(index)"), element: "view", className: "UIView", parent: id, scene: "sc\(index)", key: "view"))
            graph.scenes.append(Scene(id: "sc\(index)", controller: id))
            if index > 0 {
                graph.connections.append(
                    Connection(
                        id: nil, source: ObjectID("vc\(index - 1)"), kind: .segue(destination: id, Segue(kind: "show", identifier: "next")))
                )
            }
        }
        graph.initialViewController = "vc0"
        return graph
    }
}
