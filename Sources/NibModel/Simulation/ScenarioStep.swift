/// One step of a scenario, with where it is written.
public struct ScenarioStep: Hashable, Sendable {
    /// What the step does.
    public var action: StepAction
    /// Where the step is written (for errors about it).
    public var location: FileLocation

    /// Creates a step.
    public init(_ action: StepAction, at location: FileLocation = FileLocation(file: "")) {
        self.action = action
        self.location = location
    }
}

/// The user and system actions a scenario can script. Object references are scenario object
/// names (`owner`) or names given to results (`as:`); `nil` where an argument may be nil.
public enum StepAction: Hashable, Sendable {
    // MARK: nib loading (SPEC §1–7, §15)

    /// `-[UINib instantiateWithOwner:options:]` / `-[NSNib instantiateWithOwner:topLevelObjects:]`:
    /// load the nib `nib` with `owner` and external objects (placeholder identifier → object name).
    case loadNib(nib: String, owner: String?, externals: [String: String], result: String?)
    /// `-[UIStoryboard instantiateInitialViewController]` / `-[NSStoryboard instantiateInitialController]`.
    case instantiateInitialController(storyboard: String, result: String?)
    /// `instantiateViewControllerWithIdentifier:` / `instantiateControllerWithIdentifier:` (R-VCI-6).
    case instantiateController(storyboard: String, identifier: String, result: String?)
    /// iOS 13+ `instantiateViewControllerWithIdentifier:creator:` (or the initial controller's
    /// `instantiateInitialViewControllerWithCreator:` when `identifier` is nil): the creator block
    /// builds the controller with `initializer`, an `initWithCoder:`-family initializer (R-VCI-8).
    case instantiateWithCreator(storyboard: String, identifier: String?, initializer: String, result: String?)
    /// `-[NSTableView makeViewWithIdentifier:owner:]` with no reusable view, `count` times; each
    /// returned view is released before the next call (R-AWAKE-4, G-AWAKE-2).
    case makeView(nib: String, owner: String?, count: Int)
    /// App launch: the main nib (macOS `NSMainNibFile`, owner `NSApp`), then the launch
    /// notifications to the application delegate (R-WIN-5); a storyboard launches as the main
    /// storyboard (R-LAUNCH-1/2, R-WIN-6).
    case launch(mainNib: String)
    /// Load a whole document: a xib once with its File's Owner class (bare `.xib` runs); on a
    /// storyboard, a tour that decodes every scene and accesses its view in document order (not
    /// what an app does: bare storyboard runs use `launch`).
    case loadDocument(nib: String)
    /// Release an object or a load result (its objects stop counting as live, R-CONV-1 suffixes).
    case release(String)

    // MARK: view-controller lifecycle (SPEC §8–§14)

    /// Create a controller from code: `init`, `initWithNibName:bundle:`, `initWithWindowNibName:`.
    case instantiate(name: String, className: String, initializer: String, nibName: String?)
    /// Read `vc.view` (R-LOAD-1).
    case accessView(String)
    /// Show `controller` as the window's root (R-APP-2).
    case showRoot(String)
    /// Push `controller` on the navigation stack (R-APP-4).
    case push(String)
    /// Pop the top controller (R-APP-4).
    case pop
    /// Present `controller` modally with a style (nil: the default for the SDK and OS, R-APP-5).
    case present(String, style: String?)
    /// Dismiss the presented controller (R-APP-5).
    case dismiss
    /// Select tab `index` of a tab bar controller (R-APP-6).
    case selectTab(Int)
    /// `addChildViewController:` (+ view and `didMove…`) (R-APP-9).
    case addChild(child: String, parent: String)
    /// `willMove…(nil)`, view removal and `removeFromParentViewController` (R-APP-9).
    case removeChild(String)
    /// A simulated memory warning (R-MEM-1).
    case memoryWarning
    /// `vc.view = nil` by hand (R-MEM-6).
    case setViewNil(String)
    /// `vc.view = someView` (non-nil) by hand: the view counts as loaded, with no `loadView` and no
    /// `viewDidLoad` (R-LOAD-9).
    case setView(String)
    /// `-[NSWindowController showWindow:]` (R-MAC-12).
    case showWindow(String)
    /// Tracing starts here: earlier steps set the stage and print nothing (E.1 "tracing starts at
    /// the first step the golden describes").
    case startTrace
    /// A storyboard segue from `controller` (R-VCI-5, G-VCI-3, R-SB-3): triggered by its control in the
    /// storyboard (`shouldPerformSegueWithIdentifier:sender:` first, iOS 6+) or by
    /// `performSegueWithIdentifier:sender:` from code (`fromCode`). The segue is named by its
    /// `identifier`, or by `sourceObject`, the XML id of the object it starts from (a button, a
    /// cell, the controller itself); the destination controller is named `result`.
    case segue(controller: String, identifier: String?, sourceObject: String?, fromCode: Bool, result: String?)
    /// Back from the top controller (R-SB-5): an unwind segue by identifier (`unwind`; triggered
    /// by its control, or by `performSegueWithIdentifier:sender:` when `fromCode`), else a pop
    /// when it was pushed, a dismissal when it was presented.
    case back(unwind: String?, fromCode: Bool)
    /// `dequeueReusableCellWithIdentifier:forIndexPath:` on a table (or collection) view of
    /// `controller`, `count` times with no cell to reuse: each cell comes from its prototype's own
    /// nib inside the storyboard (R-SB-6, R-SB-7); the cells are named `result`.
    case dequeueCell(controller: String, identifier: String, count: Int, result: String?)
    /// The controller's view leaves its window (a window ordered out, the view removed): the
    /// disappear calls of R-MAC-5 / R-SB-9, no unload.
    case removeFromWindow(String)
    /// `[document addWindowController:controller]`: the document hears the window load (R-MAC-9).
    case setDocument(controller: String, document: String)
    /// A tab bar controller with these tabs is the window root; the first tab appears (R-APP-2).
    case showTabs([String])
    /// `[vc loadViewIfNeeded]` from test code (R-LOAD-7; iOS 9+, macOS 14+).
    case loadViewIfNeeded(String)

    /// The step's name as written in a scenario.
    public var name: String {
        switch self {
        case .loadNib: "loadNib"
        case .instantiateInitialController: "instantiateInitialController"
        case .instantiateController: "instantiateController"
        case .instantiateWithCreator(_, let identifier, _, _):
            identifier == nil ? "instantiateInitialController" : "instantiateController"
        case .makeView: "makeView"
        case .launch: "launch"
        case .loadDocument: "loadDocument"
        case .release: "release"
        case .instantiate: "instantiate"
        case .accessView: "accessView"
        case .showRoot: "showRoot"
        case .push: "push"
        case .pop: "pop"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .addChild: "addChild"
        case .removeChild: "removeChild"
        case .memoryWarning: "memoryWarning"
        case .setViewNil: "setViewNil"
        case .setView: "setView"
        case .showWindow: "showWindow"
        case .startTrace: "startTrace"
        case .segue: "segue"
        case .back: "back"
        case .dequeueCell: "dequeueCell"
        case .removeFromWindow: "removeFromWindow"
        case .setDocument: "setDocument"
        case .showTabs: "showTabs"
        case .loadViewIfNeeded: "loadViewIfNeeded"
        }
    }
}
