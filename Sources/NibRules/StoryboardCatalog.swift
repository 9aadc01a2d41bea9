// Storyboards loaded as an app loads them (issue 14). SPEC covers how one scene is decoded
// (R-VCI-5, R-XML-10, E.3) and the macOS main storyboard (R-WIN-6, R-MAC-13); these rules add
// what the app does around it, each citing Apple's documentation (URLs in `Rule.sources`,
// from `Rule.AppleDocs`); what each page says:
//   [A-UIMainSB]  UIMainStoryboardFile (Information Property List): the app's main storyboard.
//   [A-NSMainSB]  NSStoryboard.main / NSMainStoryboardFile.
//   [A-SBinitial] UIStoryboard.instantiateInitialViewController(): a new instance through
//                 init(coder:), "typically … the root view controller for a window".
//   [A-NSSBinit]  NSStoryboard.instantiateInitialController(): for the main storyboard "the
//                 initial view controller is loaded into memory and presented automatically".
//   [A-VCPG]      View Controller Programming Guide, "Using View Controllers in Your App": at
//                 launch iOS instantiates the initial controller and makes it the window's
//                 rootViewController; "if the relationship is a segue, the destination view
//                 controller is instantiated when the segue is triggered; if the relationship
//                 represents containment, the child view controller is instantiated when its
//                 parent is instantiated; if the controller is not the destination or child of
//                 another controller, it is never instantiated automatically".
//   [A-UIVCview]  UIViewController.view: loaded lazily, the first time it is accessed; a
//                 container shows only its visible children (UINavigationController: the top
//                 controller; UITabBarController: the selected one).
//   [A-SBSegue]   UIStoryboardSegue / NSStoryboardSegue, UIViewController.show(_:sender:)
//                 ("in a navigation controller, pushes; otherwise presents"), and
//                 performSegue(withIdentifier:sender:) / unwind segues (the source's
//                 prepare(for:sender:), then the destination's unwind action).
//   [A-dequeue]   UITableView.dequeueReusableCell(withIdentifier:for:): "when creating cells from
//                 a storyboard or nib file … initializes the cell with its init(coder:)"; a cell
//                 of a storyboard prototype comes from its own nib (-[UINib
//                 instantiateWithOwner:options:] under -[UITableView
//                 dequeueReusableViewOfType:withIdentifier:], Apple developer forums thread 657076).
//   [A-disappear] UIViewController / NSViewController viewWillDisappear: "the view is about to
//                 be removed from a view hierarchy" (R-MAC-5 for AppKit).
//   [A-UINib]     UINib.instantiate(withOwner:options:) / UINibExternalObjects: external
//                 placeholders are replaced by the objects the caller supplies.

extension Rule {
    /// Documents as an app loads them (R-LAUNCH, R-XIB, R-SB).
    public static let storyboards: [Rule] = [launch1, launch2, xib1, sb1, sb2, sb3, sb4, sb5, sb6, sb7, sb8, sb9, sb10, sb11]

    /// Apple's pages the storyboard rules follow (see the key list at the top of this file).
    enum AppleDocs {
        static let uiMainStoryboardFile =
            "https://developer.apple.com/documentation/bundleresources/information-property-list/uimainstoryboardfile"
        static let nsStoryboardMain = "https://developer.apple.com/documentation/appkit/nsstoryboard/main"
        static let instantiateInitial = "https://developer.apple.com/documentation/uikit/uistoryboard/instantiateinitialviewcontroller()"
        static let nsInstantiateInitial = "https://developer.apple.com/documentation/appkit/nsstoryboard/instantiateinitialcontroller()"
        static let viewControllerGuide =
            "https://developer.apple.com/library/archive/featuredarticles/ViewControllerPGforiPhoneOS/UsingViewControllersinYourApplication/UsingViewControllersinYourApplication.html"
        static let view = "https://developer.apple.com/documentation/uikit/uiviewcontroller/view"
        static let storyboardSegue = "https://developer.apple.com/documentation/uikit/uistoryboardsegue"
        static let show = "https://developer.apple.com/documentation/uikit/uiviewcontroller/show(_:sender:)"
        static let performSegue = "https://developer.apple.com/documentation/uikit/uiviewcontroller/performsegue(withidentifier:sender:)"
        static let unwindAction = "https://developer.apple.com/documentation/uikit/uistoryboardunwindseguesource/unwindaction"
        static let canPerformUnwind =
            "https://developer.apple.com/documentation/uikit/uiviewcontroller/canperformunwindsegueaction(_:from:withsender:)"
        static let dequeue = "https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)"
        static let dequeueTrace = "https://forums.developer.apple.com/forums/thread/657076"
        static let makeView = "https://developer.apple.com/documentation/appkit/nstableview/makeview(withidentifier:owner:)"
        static let instantiateNib = "https://developer.apple.com/documentation/uikit/uinib/instantiate(withowner:options:)"
        static let viewWillDisappear = "https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)"
        static let nsViewWillDisappear = "https://developer.apple.com/documentation/appkit/nsviewcontroller/viewwilldisappear()"
        static let storyboard = "https://developer.apple.com/documentation/uikit/uistoryboard"
        static let tableViewStoryboard =
            "https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/TableView_iPhone/CreateConfigureTableView/CreateConfigureTableView.html"
        static let initNib = "https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)"
        static let nsInitNib = "https://developer.apple.com/documentation/appkit/nsviewcontroller/init(nibname:bundle:)"
        static let initWindowNib = "https://developer.apple.com/documentation/appkit/nswindowcontroller/init(windownibname:)"
        static let loadNibNamed = "https://developer.apple.com/documentation/foundation/bundle/loadnibnamed(_:owner:options:)"
        static let staticContents = "https://developer.apple.com/documentation/appkit/nstableview/usesstaticcontents"
    }

    /// R-LAUNCH-1: the main storyboard's initial controller becomes the window's root and appears.
    public static let launch1 = Rule(
        "R-LAUNCH-1",
        "main storyboard (UIMainStoryboardFile / NSMainStoryboardFile): the initial controller is instantiated with its relationship children, becomes the window's root, the app delegate hears didFinishLaunching, then it is shown",
        sources: [
            AppleDocs.uiMainStoryboardFile, AppleDocs.instantiateInitial, AppleDocs.viewControllerGuide, AppleDocs.nsStoryboardMain,
            AppleDocs.nsInstantiateInitial,
        ])
    /// R-LAUNCH-2: only the visible chain loads its views and appears.
    public static let launch2 = Rule(
        "R-LAUNCH-2",
        "only the visible chain loads its views and appears: a navigation root, a tab bar's selected child, split children, a window's content",
        sources: [AppleDocs.view, AppleDocs.viewControllerGuide])
    /// R-XIB-1: a xib is loaded by its File's Owner: a view controller's view nib in `loadView`,
    /// a window controller's window nib in `loadWindow`, any other owner's with `loadNibNamed:owner:`.
    public static let xib1 = Rule(
        "R-XIB-1",
        "a xib is loaded by its File's Owner: a view controller made with initWithNibName:bundle: loads it when its view is first accessed, a window controller made with initWithWindowNibName: when its window is, any other owner with loadNibNamed:owner:",
        sources: [AppleDocs.initNib, AppleDocs.nsInitNib, AppleDocs.initWindowNib, AppleDocs.loadNibNamed, AppleDocs.view])
    /// R-SB-1: a scene nothing reaches at launch is instantiated only by a segue or by identifier.
    public static let sb1 = Rule(
        "R-SB-1", "scenes outside the launch are instantiated only when a segue fires or instantiate…WithIdentifier: runs",
        sources: [AppleDocs.viewControllerGuide, AppleDocs.storyboard])
    /// R-SB-2: a segue can be named by the object it starts from.
    public static let sb2 = Rule(
        "R-SB-2", "a segue fires from its source object (control, cell, bar item) or by identifier from code",
        sources: [AppleDocs.storyboardSegue, AppleDocs.performSegue])
    /// R-SB-3: how each segue kind shows its destination.
    public static let sb3 = Rule(
        "R-SB-3", "show pushes inside a navigation stack, else presents; presentation and popover segues present with their style",
        sources: [AppleDocs.show, AppleDocs.storyboardSegue])
    /// R-SB-4: unwind segues.
    public static let sb4 = Rule(
        "R-SB-4",
        "unwind: prepareForSegue:sender: to the source, the unwind action to the nearest controller implementing it, then back to it",
        sources: [AppleDocs.unwindAction, AppleDocs.canPerformUnwind])
    /// R-SB-5: going back without an unwind segue.
    public static let sb5 = Rule(
        "R-SB-5", "back: a pushed controller is popped, a presented one dismissed", sources: [AppleDocs.storyboardSegue])
    /// R-SB-6: an unknown reuse identifier raises (UIKit) or returns nil (AppKit).
    public static let sb6 = Rule(
        "R-SB-6", "dequeue with a reuse identifier no prototype or registration has raises; AppKit's makeView returns nil",
        sources: [AppleDocs.dequeue, AppleDocs.makeView])
    /// R-SB-7: prototype cells come from their own nib at dequeue, never with the controller's view.
    public static let sb7 = Rule(
        "R-SB-7", "prototype cells are instantiated at dequeue from their own nib inside the storyboard, never during the view load",
        sources: [AppleDocs.dequeue, AppleDocs.dequeueTrace, AppleDocs.makeView])
    /// R-SB-8: a missing external object is reported, never a silent nil.
    public static let sb8 = Rule(
        "R-SB-8", "an external object or storyboard reference the run cannot supply resolves to nothing, and the run says so",
        sources: [AppleDocs.instantiateNib])
    /// R-SB-9: a controller's view leaving its window gets the disappear calls.
    public static let sb9 = Rule(
        "R-SB-9", "a view removed from its window: viewWillDisappear, viewDidDisappear, no unload",
        sources: [AppleDocs.viewWillDisappear, AppleDocs.nsViewWillDisappear])
    /// R-SB-10: a document of the other platform is rejected, never simulated as this one.
    public static let sb10 = Rule(
        "R-SB-10", "a document of the other platform is rejected, never mixed into a run", sources: [AppleDocs.storyboard])
    /// R-SB-11: static cells are part of the table view's nib, so they load with the view (their
    /// outlets to the controller are allowed); only prototypes wait for a dequeue (R-SB-7).
    public static let sb11 = Rule(
        "R-SB-11", "static table cells are instantiated, connected and awakened with the table view when the view loads",
        sources: [AppleDocs.tableViewStoryboard, AppleDocs.staticContents])
}
