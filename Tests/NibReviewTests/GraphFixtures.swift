import NibModel

/// Small hand-built graphs: a login view controller xib and a two-scene storyboard.
enum GraphFixtures {
    static func loginXib() -> NibGraph {
        NibGraph(
            file: "Login.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", platform: .ios,
            toolsVersion: "21507",
            objects: [
                NibObject(
                    id: "-1", element: "placeholder", className: "NSObject", customClass: "LoginViewController",
                    placeholder: PlaceholderIdentifier.filesOwner),
                NibObject(id: "-2", element: "placeholder", className: "UIResponder", placeholder: PlaceholderIdentifier.firstResponder),
                NibObject(id: "i5M-Pr-FkT", element: "view", className: "UIView"),
                NibObject(id: "btn-aa-001", element: "button", className: "UIButton", parent: "i5M-Pr-FkT", label: "Sign In"),
                NibObject(id: "txt-aa-002", element: "textField", className: "UITextField", parent: "i5M-Pr-FkT"),
                NibObject(id: "txt-aa-003", element: "textField", className: "UITextField", parent: "i5M-Pr-FkT"),
            ],
            connections: [
                Connection(id: "c1", source: "-1", kind: .outlet(property: "view", destination: "i5M-Pr-FkT")),
                Connection(id: "c2", source: "-1", kind: .outlet(property: "userField", destination: "txt-aa-002")),
                Connection(id: "c3", source: "-1", kind: .outlet(property: "passwordField", destination: "txt-aa-003")),
                Connection(id: "c4", source: "btn-aa-001", kind: .action(selector: "signIn:", target: "-1", eventType: "touchUpInside")),
            ])
    }

    static func flowStoryboard() -> NibGraph {
        NibGraph(
            file: "Main.storyboard", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            platform: .ios, isStoryboard: true,
            objects: [
                NibObject(id: "nav-00-001", element: "navigationController", className: "UINavigationController", scene: "s1"),
                NibObject(
                    id: "vc0-00-001", element: "viewController", className: "UIViewController", customClass: "ListViewController",
                    scene: "s2", storyboardIdentifier: "List"),
                NibObject(id: "vw0-00-001", element: "view", className: "UIView", parent: "vc0-00-001", scene: "s2", key: "view"),
                NibObject(
                    id: "vc0-00-002", element: "viewController", className: "UIViewController", customClass: "DetailViewController",
                    scene: "s3"),
                NibObject(id: "vw0-00-002", element: "view", className: "UIView", parent: "vc0-00-002", scene: "s3", key: "view"),
            ],
            connections: [
                Connection(
                    id: "q1", source: "nav-00-001",
                    kind: .segue(destination: "vc0-00-001", Segue(kind: "relationship", relationship: "rootViewController"))),
                Connection(
                    id: "q2", source: "vc0-00-001", kind: .segue(destination: "vc0-00-002", Segue(kind: "show", identifier: "showDetail"))),
            ],
            scenes: [
                Scene(id: "s1", controller: "nav-00-001"), Scene(id: "s2", controller: "vc0-00-001"),
                Scene(id: "s3", controller: "vc0-00-002"),
            ],
            initialViewController: "nav-00-001")
    }

    /// `graph` with every object and connection id replaced, as Xcode does when a document is
    /// re-created: nothing else changes.
    static func regeneratingIDs(_ graph: NibGraph) -> NibGraph {
        var table: [ObjectID: ObjectID] = [:]
        for (index, object) in graph.objects.enumerated() where !object.id.rawValue.hasPrefix("-") {
            table[object.id] = ObjectID("new-\(index)")
        }
        func map(_ id: ObjectID) -> ObjectID { table[id] ?? id }
        var copy = graph
        copy.objects = graph.objects.map { object in
            var object = object
            object.id = map(object.id)
            object.parent = object.parent.map(map)
            return object
        }
        copy.connections = graph.connections.map { connection in
            var connection = connection
            connection.id = connection.id.map { ObjectID("regen-" + $0.rawValue) }
            connection.source = map(connection.source)
            switch connection.kind {
            case .outlet(let p, let d): connection.kind = .outlet(property: p, destination: map(d))
            case .outletCollection(let p, let d, let a): connection.kind = .outletCollection(property: p, destination: map(d), appends: a)
            case .action(let s, let t, let e): connection.kind = .action(selector: s, target: t.map(map), eventType: e)
            case .binding(let n, let d, let k, let o): connection.kind = .binding(name: n, destination: map(d), keyPath: k, options: o)
            case .segue(let d, let s): connection.kind = .segue(destination: map(d), s)
            }
            return connection
        }
        copy.scenes = graph.scenes.map { scene in
            var scene = scene
            scene.controller = scene.controller.map(map)
            return scene
        }
        copy.initialViewController = graph.initialViewController.map(map)
        return copy
    }
}
