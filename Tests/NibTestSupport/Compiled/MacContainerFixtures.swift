import Foundation

/// A compiled macOS storyboard with container controllers, as `CompiledStoryboardReader` reads
/// it: a window controller whose content is a split view controller, whose items hold a sidebar
/// and a tab view controller with two tabs — all archived in the window controller's nib, each
/// item's child under its `NSViewController`; the sidebar's view nib places a popover segue's
/// anchor (`popoverAnchorView` outlet of the template's placeholder) and an embed segue's
/// container view (`containerView`); a show segue opens a storyboard reference, a nib of its own
/// holding an `NSStoryboardControllerPlaceholder` (`NSStoryboardName`,
/// `NSReferencedControllerIdentifier`).
///
/// It is the compiled form of `Tests/NibCompiledTests/__Fixtures__/macos-containers.storyboard`.
extension CompiledFixtures {
    /// Writes `Library.storyboardc` at `url`.
    public static func writeMacContainersStoryboardc(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let window = "NSWindowController-W01-aa-001"
        let (popover, embedded, reference) = ("NSViewController-POP-aa-001", "NSViewController-EMB-aa-001", "NSController-REF-aa-001")
        let info = BinaryPlistWriter.encode(
            .dictionary([
                ("NSViewControllerIdentifiersToNibNames", .dictionary([window, popover, embedded, reference].map { ($0, .string($0)) })),
                ("NSStoryboardDesignatedEntryPointIdentifier", .string(window)), ("NSStoryboardVersion", .int(1)),
            ]))
        try Data(info).write(to: url.appendingPathComponent("Info.plist"))
        let files: [(String, ArchiveFixture)] = [
            (window, macContainersWindowScene(popover: popover, embedded: embedded, reference: reference)),
            ("SPL-aa-001-view-SPL-vw-001", macRootView("NSSplitView")),
            ("TAB-aa-001-view-TAB-vw-001", macRootView("NSTabView")),
            ("SID-aa-001-view-SID-vw-001", macSidebarView()),
            ("BKS-aa-001-view-BKS-vw-001", macView(control: nil, trigger: nil)),
            ("AUT-aa-001-view-AUT-vw-001", macView(control: nil, trigger: nil)),
            (popover, macPlainScene(customClass: nil, viewNib: "POP-aa-001-view-POP-vw-001")),
            ("POP-aa-001-view-POP-vw-001", macView(control: nil, trigger: nil)),
            (embedded, macPlainScene(customClass: "_TtC7Library19ShelfViewController", viewNib: "EMB-aa-001-view-EMB-vw-001")),
            ("EMB-aa-001-view-EMB-vw-001", macView(control: nil, trigger: nil)),
            (reference, macReferenceScene(storyboard: "Preferences", identifier: "Settings")),
        ]
        for (name, fixture) in files { try Data(KeyedArchiveWriter.encode(fixture)).write(to: url.appendingPathComponent(name + ".nib")) }
    }

    /// The window controller's nib: the window, its content split view controller with two
    /// `NSSplitViewItem`s (the sidebar, the tab view controller), the tab view controller's two
    /// `NSTabViewItem`s (Books, Authors).
    public static func macContainersWindowScene(popover: String, embedded: String, reference: String) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let storyboard = nib.externalPlaceholder("NSStoryboardPlaceholder")
        let controller = nib.add("NSWindowController")
        let window = nib.add("NSWindowTemplate", [("NSWindowTitle", .ref(nib.nib.string("Library")))], parent: controller)
        let content = nib.add("NSView", parent: window)
        nib.nib.append([("NSWindowView", .ref(content))], to: window)
        let split = nib.add("NSSplitViewController", [("NSNibName", .ref(nib.nib.string("SPL-aa-001-view-SPL-vw-001")))], parent: window)
        let splitItems = [nib.add("NSSplitViewItem", parent: split), nib.add("NSSplitViewItem", parent: split)]
        let templates = [
            template(&nib.nib, "NSStoryboardPopoverSegueTemplate", id: "info", to: popover, segueClass: nil),
            nib.nib.object("NSStoryboardEmbedSegueTemplate", [("NSDestinationControllerIdentifier", .ref(nib.nib.string(embedded)))]),
            template(&nib.nib, "NSStoryboardShowSegueTemplate", id: "preferences", to: reference, segueClass: nil),
        ]
        let placeholders = ["UpstreamPlaceholder-SID-sg-001", "UpstreamPlaceholder-SID-sg-002"]
        let external = nib.nib.add(.dictionary(zip(placeholders, templates).map { (nib.nib.string($0), $1) }))
        let sidebar = nib.swapped(
            "_TtC7Library21SidebarViewController", original: "NSViewController",
            [
                ("NSNibName", .ref(nib.nib.string("SID-aa-001-view-SID-vw-001"))),
                ("NSStoryboardSegueTemplates", .ref(nib.nib.array(templates))), ("NSExternalObjectsTableForViewLoading", .ref(external)),
            ], parent: splitItems[0])
        let tab = nib.add("NSTabViewController", [("NSNibName", .ref(nib.nib.string("TAB-aa-001-view-TAB-vw-001")))], parent: splitItems[1])
        let tabItems = ["Books", "Authors"].map { label in
            nib.add(
                "NSTabViewItem", [("NSLabel", .ref(nib.nib.string(label))), ("NSIdentifier", .ref(nib.nib.string(label.lowercased())))],
                parent: tab)
        }
        let books = nib.swapped(
            "_TtC7Library19BooksViewController", original: "NSViewController",
            [("NSNibName", .ref(nib.nib.string("BKS-aa-001-view-BKS-vw-001")))], parent: tabItems[0])
        let authors = nib.add("NSViewController", [("NSNibName", .ref(nib.nib.string("AUT-aa-001-view-AUT-vw-001")))], parent: tabItems[1])
        for (item, child) in zip(splitItems + tabItems, [sidebar, tab, books, authors]) {
            nib.nib.append([("NSViewController", .ref(child))], to: item)
        }
        nib.nib.append([("NSSplitViewItems", .ref(nib.nib.array(splitItems)))], to: split)
        nib.nib.append([("NSTabViewItems", .ref(nib.nib.array(tabItems)))], to: tab)
        nib.nib.append([("IBWindowTemplate", .ref(window)), ("IBWindowTemplateContentViewController", .ref(split))], to: controller)
        nib.outlet("sceneController", from: nib.owner, to: controller)
        for object in [controller, split, sidebar, tab, books, authors] { nib.outlet("storyboard", from: object, to: storyboard) }
        nib.outlet("window", from: controller, to: window)
        return nib.build()
    }

    /// A container controller's view nib: File's Owner's `view` is the split or tab view.
    static func macRootView(_ className: String) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        nib.outlet("view", from: nib.owner, to: nib.add(className))
        return nib.build()
    }

    /// The sidebar's view nib: a button that performs the popover segue anchored at a text field,
    /// and the container view the embed segue fills.
    static func macSidebarView() -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let view = nib.add("NSView")
        nib.outlet("view", from: nib.owner, to: view)
        let button = nib.add("NSButton", [("NSSuperview", .ref(view))], parent: view)
        nib.add("NSButtonCell", [("NSControlView", .ref(button))], parent: button)
        let field = nib.add("NSTextField", [("NSSuperview", .ref(view))], parent: view)
        nib.add("NSTextFieldCell", [("NSControlView", .ref(field))], parent: field)
        let container = nib.add("NSView", [("NSSuperview", .ref(view))], parent: view)
        let popover = nib.externalPlaceholder("UpstreamPlaceholder-SID-sg-001")
        let embed = nib.externalPlaceholder("UpstreamPlaceholder-SID-sg-002")
        nib.action("perform:", from: button, to: popover)
        nib.outlet("popoverAnchorView", from: popover, to: field)
        nib.outlet("containerView", from: embed, to: container)
        return nib.build()
    }

    /// A view controller's scene without a storyboard identifier or segues.
    static func macPlainScene(customClass: String?, viewNib: String) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let storyboard = nib.externalPlaceholder("NSStoryboardPlaceholder")
        let fields: [(String, ArchiveFixture.Value)] = [("NSNibName", .ref(nib.nib.string(viewNib)))]
        let controller =
            customClass.map { nib.swapped($0, original: "NSViewController", fields) } ?? nib.add("NSViewController", fields)
        nib.outlet("sceneController", from: nib.owner, to: controller)
        nib.outlet("storyboard", from: controller, to: storyboard)
        return nib.build()
    }

    /// A storyboard reference's scene: the placeholder naming the storyboard and controller it opens.
    static func macReferenceScene(storyboard: String, identifier: String) -> ArchiveFixture {
        var nib = AppKitNibBuilder()
        let reference = nib.add(
            "NSStoryboardControllerPlaceholder",
            [
                ("NSStoryboardName", .ref(nib.nib.string(storyboard))),
                ("NSReferencedControllerIdentifier", .ref(nib.nib.string(identifier))),
            ])
        nib.outlet("sceneController", from: nib.owner, to: reference)
        return nib.build()
    }
}
