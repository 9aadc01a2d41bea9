import Foundation

/// Writes compiled storyboards and app bundles built from `CompiledFixtures`.
extension CompiledFixtures {
    /// A storyboard scene nib: the controller (a class swapper when `customClass` is set), the
    /// three proxies ibtool writes, and the controller's segue templates. With `navigation`, the
    /// controller is the root of a navigation controller of that identifier, archived in the same
    /// nib (`UIChildViewControllers`, `UIViewControllers`); with `trigger`, the first segue is
    /// performed by a view-nib control through that placeholder identifier.
    public static func uikitScene(
        customClass: String?, storyboardIdentifier: String, viewNib: String, title: String,
        segues: [(kind: String, id: String, to: String)],
        navigation: String? = nil, trigger: String? = nil
    ) -> ArchiveFixture {
        var nib = ArchiveFixture()
        let owner = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("IBFilesOwner")))])
        let responder = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("IBFirstResponder")))])
        let storyboard = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("UIStoryboardPlaceholder")))])
        let templates = segues.map { segue in
            nib.object(
                "UIStoryboard\(segue.kind)SegueTemplate",
                [("UIIdentifier", .ref(nib.string(segue.id))), ("UIDestinationViewControllerIdentifier", .ref(nib.string(segue.to)))])
        }
        var fields: [(String, ArchiveFixture.Value)] = [
            ("UITitle", .ref(nib.string(title))), ("UINibName", .ref(nib.string(viewNib))),
            ("UIStoryboardIdentifier", .ref(nib.string(storyboardIdentifier))),
            ("UIStoryboardSegueTemplates", .ref(nib.array(templates))),
        ]
        if let trigger, let first = templates.first {
            fields.append(("UIExternalObjectsTableForViewLoading", .ref(nib.add(.dictionary([(nib.string(trigger), first)])))))
        }
        if let customClass {
            fields += [("UIClassName", .ref(nib.string(customClass))), ("UIOriginalClassName", .ref(nib.string("UIViewController")))]
        }
        var controller = nib.object(customClass == nil ? "UIViewController" : "UIClassSwapper", fields)
        let outlet = nib.object(
            "UIRuntimeOutletConnection",
            [("UILabel", .ref(nib.string("storyboard"))), ("UISource", .ref(controller)), ("UIDestination", .ref(storyboard))])
        if let navigation {
            let child = controller
            controller = nib.object(
                "UINavigationController",
                [
                    ("UIStoryboardIdentifier", .ref(nib.string(navigation))), ("UIChildViewControllers", .ref(nib.array([child]))),
                    ("UIViewControllers", .ref(nib.array([child]))),
                ])
            nib.append([("UIParentViewController", .ref(controller))], to: child)
        }
        nib.setRoot([
            ("UINibTopLevelObjectsKey", .ref(nib.array([controller, owner, responder, storyboard]))),
            ("UINibObjectsKey", .ref(nib.array([controller, owner, responder, storyboard] + templates))),
            ("UINibConnectionsKey", .ref(nib.array([outlet]))),
        ])
        return nib
    }

    /// `Main.storyboardc`: Info.plist (binary) naming two scenes — a navigation controller whose
    /// root is the login controller, and a home controller — the entry point, a show segue
    /// triggered by the login view's button; each controller's view in its own nib.
    public static func writeStoryboardc(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let homeID = "UIViewController-abc-12-xyz"
        let info = BinaryPlistWriter.encode(
            .dictionary([
                ("UIViewControllerIdentifiersToNibNames", .dictionary([("Nav", .string("Nav")), (homeID, .string(homeID))])),
                ("UIStoryboardDesignatedEntryPointIdentifier", .string("Nav")), ("UIStoryboardVersion", .int(1)),
            ]))
        try Data(info).write(to: url.appendingPathComponent("Info.plist"))
        let trigger = "UpstreamPlaceholder-q1w-2e-r3t"
        let files: [(String, ArchiveFixture)] = [
            (
                "Nav",
                uikitScene(
                    customClass: "LoginViewController", storyboardIdentifier: "Login", viewNib: "Login-view-v1a-2b-c3d", title: "Sign in",
                    segues: [(kind: "Show", id: "showHome", to: homeID)], navigation: "Nav", trigger: trigger)
            ),
            ("Login-view-v1a-2b-c3d", uikitLoginView(title: "Email", segueTrigger: trigger)),
            (
                homeID,
                uikitScene(customClass: nil, storyboardIdentifier: homeID, viewNib: "abc-12-xyz-view-d4e-5f-g6h", title: "Home", segues: [])
            ),
            ("abc-12-xyz-view-d4e-5f-g6h", uikitLoginView(title: "Welcome")),
        ]
        for (name, fixture) in files { try Data(NIBArchiveWriter.encode(fixture)).write(to: url.appendingPathComponent(name + ".nib")) }
    }

    /// `Demo.app`: a compiled storyboard, a NIBArchive nib file, and a framework holding a keyed
    /// archive nib bundle (`Preferences.nib/keyedobjects.nib`), like a built app with Pods.
    public static func writeApp(at url: URL) throws {
        try writeStoryboardc(at: url.appendingPathComponent("Base.lproj/Main.storyboardc"))
        try Data(NIBArchiveWriter.encode(uikitLoginView())).write(to: url.appendingPathComponent("LoginView.nib"))
        let bundle = url.appendingPathComponent("Frameworks/Prefs.framework/Resources/Preferences.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(KeyedArchiveWriter.encode(appKitPreferences())).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
        let info = BinaryPlistWriter.encode(.dictionary([("CFBundleIdentifier", .string("com.example.demo"))]))
        try Data(info).write(to: url.appendingPathComponent("Info.plist"))
    }
}
