import Foundation

/// A compiled macOS storyboard (`NSStoryboard`) as ibtool lays it out: `Info.plist` with
/// `NSStoryboardMainMenu`, `NSViewControllerIdentifiersToNibNames` and the entry point; the
/// application scene's nib (File's Owner is the application); one keyed-archive nib per
/// controller scene, a window controller's content view controller archived in its nib under
/// `IBWindowTemplateContentViewController`; one nib per controller view
/// (`<controller>-view-<view>`); segues as `NSStoryboard…SegueTemplate` objects.
///
/// It is the compiled form of `Tests/NibCompiledTests/__Fixtures__/macos-segues.storyboard`.
extension CompiledFixtures {
    /// The window controller's identifier in `Info.plist` (ibtool names it by its IB id).
    public static let macWindowControllerIdentifier = "NSWindowController-B8D-0N-5wS"

    /// Writes `Main.storyboardc` at `url`.
    public static func writeMacStoryboardc(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let window = macWindowControllerIdentifier
        let scenes = ["MainMenu", window, "Settings", "About"]
        let info = BinaryPlistWriter.encode(
            .dictionary([
                ("NSStoryboardMainMenu", .string("MainMenu")),
                ("NSViewControllerIdentifiersToNibNames", .dictionary(scenes.map { ($0, .string($0)) })),
                ("NSStoryboardDesignatedEntryPointIdentifier", .string(window)), ("NSStoryboardVersion", .int(1)),
            ]))
        try Data(info).write(to: url.appendingPathComponent("Info.plist"))
        let trigger = "UpstreamPlaceholder-sg1-aa-001"
        let files: [(String, ArchiveFixture)] = [
            ("MainMenu", macMainMenu()), (window, macWindowControllerScene(trigger: trigger)),
            ("XfG-lQ-9wD-view-m2S-Jp-Qdl", macView(control: ("NSButton", "NSButtonCell"), trigger: trigger)),
            (
                "Settings",
                macScene(
                    customClass: nil, identifier: "Settings", viewNib: "stg-aa-001-view-stv-aa-001",
                    segues: [(template: "NSStoryboardSegueTemplate", id: "fade", to: "About", segueClass: "FadeSegue")])
            ),
            ("stg-aa-001-view-stv-aa-001", macView(control: ("NSTextField", "NSTextFieldCell"), trigger: nil)),
            ("About", macScene(customClass: "_TtC4Demo19AboutViewController", identifier: "About", viewNib: "abt-aa-001-view-abv-aa-001")),
            ("abt-aa-001-view-abv-aa-001", macView(control: nil, trigger: nil)),
        ]
        for (name, fixture) in files { try Data(KeyedArchiveWriter.encode(fixture)).write(to: url.appendingPathComponent(name + ".nib")) }
    }

    /// The application scene: the main menu (an app menu with Quit, sent to First Responder) and
    /// the app delegate, the application's `delegate`.
    static func macMainMenu() -> ArchiveFixture {
        var nib = AppKitNibBuilder(ownerClass: "NSApplication")
        let menu = nib.add("NSMenu", [("NSTitle", .ref(nib.nib.string("Main Menu"))), ("NSName", .ref(nib.nib.string("_NSMainMenu")))])
        let item = nib.add("NSMenuItem", [("NSTitle", .ref(nib.nib.string("Demo")))], parent: menu)
        let submenu = nib.add("NSMenu", [("NSTitle", .ref(nib.nib.string("Demo")))], parent: item)
        let quit = nib.add("NSMenuItem", [("NSTitle", .ref(nib.nib.string("Quit Demo")))], parent: submenu)
        let delegate = nib.add("NSCustomObject", [("NSClassName", .ref(nib.nib.string("_TtC4Demo11AppDelegate")))])
        nib.outlet("delegate", from: nib.owner, to: delegate)
        nib.action("terminate:", from: quit, to: nil)
        return nib.build()
    }

    /// The window controller's scene: the controller, its window with a content view, and the
    /// window's content view controller (`ViewController`) with its segue templates — a show
    /// segue its view's button triggers through `trigger`, and a manual sheet segue.
    static func macWindowControllerScene(trigger: String) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let storyboard = nib.externalPlaceholder("NSStoryboardPlaceholder")
        let controller = nib.add("NSWindowController")
        let window = nib.add("NSWindowTemplate", [("NSWindowTitle", .ref(nib.nib.string("Demo")))], parent: controller)
        let content = nib.add("NSView", parent: window)
        nib.nib.append([("NSWindowView", .ref(content))], to: window)
        let show = template(&nib.nib, "NSStoryboardShowSegueTemplate", id: "settings", to: "Settings", segueClass: nil)
        let sheet = template(&nib.nib, "NSStoryboardSheetSegueTemplate", id: "about", to: "About", segueClass: nil)
        let viewController = nib.swapped(
            "_TtC4Demo14ViewController", original: "NSViewController",
            [
                ("NSNibName", .ref(nib.nib.string("XfG-lQ-9wD-view-m2S-Jp-Qdl"))),
                ("NSStoryboardSegueTemplates", .ref(nib.nib.array([show, sheet]))),
                ("NSExternalObjectsTableForViewLoading", .ref(nib.nib.add(.dictionary([(nib.nib.string(trigger), show)])))),
            ], parent: window)
        nib.nib.append(
            [("IBWindowTemplate", .ref(window)), ("IBWindowTemplateContentViewController", .ref(viewController))], to: controller)
        nib.outlet("sceneController", from: nib.owner, to: controller)
        nib.outlet("storyboard", from: controller, to: storyboard)
        nib.outlet("storyboard", from: viewController, to: storyboard)
        nib.outlet("window", from: controller, to: window)
        nib.outlet("delegate", from: window, to: controller)
        nib.runtimeAttributes(on: window, [(keyPath: "contentViewController", value: viewController)])
        return nib.build()
    }

    /// A view controller's scene: the controller (swapped when `customClass` is set) with its
    /// storyboard identifier, view nib and segue templates.
    static func macScene(
        customClass: String?, identifier: String, viewNib: String,
        segues: [(template: String, id: String, to: String, segueClass: String?)] = []
    ) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let storyboard = nib.externalPlaceholder("NSStoryboardPlaceholder")
        let templates = segues.map { template(&nib.nib, $0.template, id: $0.id, to: $0.to, segueClass: $0.segueClass) }
        let fields: [(String, ArchiveFixture.Value)] = [
            ("NSNibName", .ref(nib.nib.string(viewNib))), ("NSStoryboardIdentifier", .ref(nib.nib.string(identifier))),
            ("NSStoryboardSegueTemplates", .ref(nib.nib.array(templates))),
        ]
        let controller =
            customClass.map { nib.swapped($0, original: "NSViewController", fields) } ?? nib.add("NSViewController", fields)
        nib.outlet("sceneController", from: nib.owner, to: controller)
        nib.outlet("storyboard", from: controller, to: storyboard)
        return nib.build()
    }

    /// A controller's view nib: File's Owner (the controller) and its view, holding one control
    /// with its cell; with `trigger`, the control sends `perform:` to that segue placeholder.
    static func macView(control: (String, String)?, trigger: String?) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let view = nib.add("NSView")
        nib.outlet("view", from: nib.owner, to: view)
        guard let (controlClass, cellClass) = control else { return nib.build() }
        let item = nib.add(controlClass, [("NSSuperview", .ref(view))], parent: view)
        nib.add(cellClass, [("NSControlView", .ref(item))], parent: item)
        if let trigger { nib.action("perform:", from: item, to: nib.externalPlaceholder(trigger)) }
        return nib.build()
    }

    static func template(_ nib: inout ArchiveFixture, _ className: String, id: String, to destination: String, segueClass: String?)
        -> Int
    {
        nib.object(
            className,
            [("NSIdentifier", .ref(nib.string(id))), ("NSDestinationControllerIdentifier", .ref(nib.string(destination)))]
                + (segueClass.map { [("NSSegueClassName", .ref(nib.string($0)))] } ?? []))
    }
}
