// The rules of SPEC §8–§14: view loading (R-VCI-5/6, R-NN, R-LOAD-1/2/3/10, R-MAC-2/3) and the
// lifecycle steps. The engine's behaviour is in Sources/NibSimulation/Rules and Steps.

extension Rule {
    /// The §8–§14 rules the lifecycle steps use.
    public static let lifecycleRules: [Rule] = [
        vci2, vci3, vci4, vci7, vci8, vci9, load5, load6, load7, load8, load9, mem5, nn7, nn9, app2, app3, app4, app5, app6, app8, app9,
        app10, mem1, mem2,
        mem3, mem4,
        mem6, mem7, mem9, rel1,
        mac1, mac5, mac6, mac7, mac9, mac10, mac11, mac12, mac13,
    ]
    /// R-VCI-2: `init` → `initWithNibName:nil bundle:nil` (entry order).
    public static let vci2 = Rule("R-VCI-2", "init calls initWithNibName:bundle: with nil, nil")
    /// R-VCI-3: code-created controllers get neither initWithCoder: nor awakeFromNib.
    public static let vci3 = Rule("R-VCI-3", "a code-created controller never gets initWithCoder: or awakeFromNib")
    /// R-VCI-4: initWithNibName:bundle: only records the name; the nib loads on view access.
    public static let vci4 = Rule("R-VCI-4", "initWithNibName:bundle: records nibName; nothing loads at init")
    /// R-VCI-7: a controller archived in a nib with an inline view: viewDidLoad after its awakeFromNib.
    public static let vci7 = Rule("R-VCI-7", "a nib-archived controller with an inline view gets viewDidLoad after its awakeFromNib")
    /// R-VCI-8: a storyboard creator block builds the controller with its own initWithCoder:-family initializer.
    public static let vci8 = Rule(
        "R-VCI-8", "a creator block (iOS 13+) builds the controller: its initWithCoder:-family initializer, then awakeFromNib")
    /// R-VCI-9: a loadView override without super never loads the nib.
    public static let vci9 = Rule("R-VCI-9", "a loadView override without super loads no nib")
    /// R-LOAD-5: a loadView override calling super gets the default load.
    public static let load5 = Rule("R-LOAD-5", "a loadView override calling super runs the default load")
    /// R-LOAD-6: a loadView leaving view nil: viewDidLoad still sent, access repeats, recursion crashes.
    public static let load6 = Rule("R-LOAD-6", "loadView without a view: viewDidLoad still sent; re-entry recurses to a crash")
    /// R-LOAD-7: loadViewIfNeeded loads only when needed; traced only when test code calls it.
    public static let load7 = Rule("R-LOAD-7", "loadViewIfNeeded (iOS 9+, macOS 14+) loads like a view access when not loaded")
    /// R-LOAD-8: a view getter override without super bypasses loadView and viewDidLoad.
    public static let load8 = Rule("R-LOAD-8", "a view getter override without super bypasses loadView and viewDidLoad")
    /// R-LOAD-9: a view assigned by hand before the first access: no loadView, no viewDidLoad.
    public static let load9 = Rule("R-LOAD-9", "a non-nil view assigned before the first access: no loadView, no viewDidLoad")
    /// R-MEM-5: viewDidUnload is never sent from dealloc.
    public static let mem5 = Rule("R-MEM-5", "viewDidUnload is not invoked as a result of dealloc")
    /// R-NN-7: a missing explicit nib raises (legacy flag: class-name fallback before iOS 6).
    public static let nn7 = Rule("R-NN-7", "a missing explicit nibName raises; legacyExplicitNibFallback falls back before iOS 6")
    /// R-NN-9: macOS Swift classes look up the module-qualified nib name (flag).
    public static let nn9 = Rule("R-NN-9", "macOS Swift classes look up Module.Class nibs (macQualifiedNibName)")
    /// R-APP-2: first appearance: view access, will appear, (isAppearing), layout, did appear.
    public static let app2 = Rule("R-APP-2", "appearance: view access, viewWillAppear:, layout pair, viewDidAppear:")
    /// R-APP-3: viewIsAppearing: gated on SDK 17 and OS 13.
    public static let app3 = Rule("R-APP-3", "viewIsAppearing: only with sdkVersion >= 17 and osVersion >= 13")
    /// R-APP-4: push and pop order.
    public static let app4 = Rule("R-APP-4", "push ends A didDisappear then B didAppear; pop mirrors it")
    /// R-APP-5: modal presentation, full screen versus sheets; the iOS 13 default.
    public static let app5 = Rule("R-APP-5", "full-screen modals hide the presenter; sheets (iOS 13+ default) do not")
    /// R-APP-6: tab switch order.
    public static let app6 = Rule("R-APP-6", "tab switch: new willAppear first")
    /// R-APP-8: a controller presenting from inside a popover gets no viewDidAppear: on the dismissal.
    public static let app8 = Rule(
        "R-APP-8", "a presenter inside a popover gets no viewDidAppear: after the presented controller is dismissed")
    /// R-APP-9: containment sends willMove on add and didMove(nil) on remove automatically.
    public static let app9 = Rule("R-APP-9", "addChild sends willMove…; removeFromParent sends didMove…(nil); neither loads the view")
    /// R-APP-10: children in the parent's view get its appearance callbacks after it.
    public static let app10 = Rule("R-APP-10", "appearance callbacks are forwarded to children after the parent")
    /// R-MEM-1: app delegate first, then every live controller in creation order.
    public static let mem1 = Rule("R-MEM-1", "memory warning: app delegate, then controllers in creation order")
    /// R-MEM-2: iOS 3.0–5.1 unload of a view with no superview.
    public static let mem2 = Rule("R-MEM-2", "iOS 3–5: an off-screen view unloads (viewWillUnload on 5.x, setView:, viewDidUnload)")
    /// R-MEM-3: iOS 2.x releases the view without callbacks.
    public static let mem3 = Rule("R-MEM-3", "iOS 2.x: the view may be released, with no unload callbacks")
    /// R-MEM-4: iOS 6+ never unloads.
    public static let mem4 = Rule("R-MEM-4", "iOS 6+: didReceiveMemoryWarning never clears the view")
    /// R-MEM-6: a manual view = nil sends no unload callbacks; the next access reloads.
    public static let mem6 = Rule("R-MEM-6", "view = nil by hand sends no unload callbacks")
    /// R-MEM-7: the naive iOS 6 guard loads the view first.
    public static let mem7 = Rule("R-MEM-7", "the naive self.view.window guard loads an unloaded view")
    /// R-MEM-9: macOS has no memory-warning unloading.
    public static let mem9 = Rule("R-MEM-9", "NSViewController has no memory warning and no unload")
    /// R-REL-1: after an unload the next access reloads with new nib objects.
    public static let rel1 = Rule("R-REL-1", "after an unload the next view access runs a full load with new nib objects")
    /// R-MAC-1: NSViewController init paths.
    public static let mac1 = Rule("R-MAC-1", "NSViewController: init → initWithNibName:bundle:")
    /// R-MAC-5: AppKit appearance selectors take no argument (10.10+).
    public static let mac5 = Rule("R-MAC-5", "NSViewController appearance (10.10+), no animated: argument")
    /// R-MAC-6: AppKit containment has no willMove/didMove; it goes through insert/remove at an index.
    public static let mac6 = Rule(
        "R-MAC-6", "NSViewController containment: addChild → insertChildViewController:atIndex:, remove → removeChildViewControllerAtIndex:"
    )
    /// R-MAC-7: NSViewController's loadViewIfNeeded exists from macOS 14.
    public static let mac7 = Rule("R-MAC-7", "NSViewController loadViewIfNeeded and viewIfLoaded exist from macOS 14.0")
    /// R-MAC-9: window loading order.
    public static let mac9 = Rule("R-MAC-9", "window access: windowWillLoad, loadWindow, windowDidLoad")
    /// R-MAC-10: loadWindow loads the nib with the owner.
    public static let mac10 = Rule("R-MAC-10", "loadWindow loads the window nib with the owner")
    /// R-MAC-11: initWithWindowNibName: → …:owner: → initWithWindow:.
    public static let mac11 = Rule("R-MAC-11", "initWithWindowNibName: → initWithWindowNibName:owner: → initWithWindow:")
    /// R-MAC-12: showWindow: loads the window if needed.
    public static let mac12 = Rule("R-MAC-12", "showWindow: loads the window if needed, then shows it")
    /// R-MAC-13: a storyboard window controller's content controller loads its view with the window.
    public static let mac13 = Rule(
        "R-MAC-13",
        "storyboard window controller: the content controller is decoded while the window loads; its viewDidLoad before windowDidLoad (flag)"
    )
}

extension Rule {
    /// The §8–§14 rules the nib-loading goldens use.
    public static let viewLoading: [Rule] = [vci5, vci6, nn2, nn4, nn6, nn8, load1, load2, load3, load10, mac2, mac3]
    /// R-VCI-5: storyboard controllers: initWithCoder: then awakeFromNib; nibName `<vcID>-view-<viewID>`.
    public static let vci5 = Rule("R-VCI-5", "storyboard controllers are decoded with initWithCoder: then awakeFromNib")
    /// R-VCI-6: a new instance per call; a missing identifier raises.
    public static let vci6 = Rule("R-VCI-6", "instantiate… creates a new instance; a missing identifier raises")
    /// R-NN-2: nil nibName → `…View` then `…ViewController` nib.
    public static let nn2 = Rule("R-NN-2", "nil nibName searches the class name without Controller, then the class name")
    /// R-NN-4: device-suffixed variants first.
    public static let nn4 = Rule("R-NN-4", "~iphone/~ipad variants are tried before each plain name")
    /// R-NN-6: no nib → plain UIView.
    public static let nn6 = Rule("R-NN-6", "with no nib the default loadView creates a plain UIView")
    /// R-NN-8: macOS nil nibName (⏱ 10.10).
    public static let nn8 = Rule("R-NN-8", "macOS nil nibName: raises before 10.10, class-name nib from 10.10")
    /// R-LOAD-1: the view getter runs loadView then viewDidLoad.
    public static let load1 = Rule("R-LOAD-1", "view access loads: loadView then viewDidLoad")
    /// R-LOAD-2: the default loadView loads the nib with owner = self.
    public static let load2 = Rule("R-LOAD-2", "default loadView loads nibName with the controller as owner")
    /// R-LOAD-3: the view outlet must be set.
    public static let load3 = Rule("R-LOAD-3", "a nib that leaves the view outlet unset raises")
    /// R-LOAD-10: storyboard view nib.
    public static let load10 = Rule("R-LOAD-10", "storyboard controllers load <vcID>-view-<viewID> in loadView")
    /// R-MAC-2: NSViewController viewDidLoad from 10.10.
    public static let mac2 = Rule("R-MAC-2", "NSViewController: loadView, then viewDidLoad (10.10+)")
    /// R-MAC-3: NSViewController default loadView loads its nib as owner.
    public static let mac3 = Rule("R-MAC-3", "NSViewController default loadView loads the nib; the owner is awakened inside")
}
