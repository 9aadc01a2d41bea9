// The rules of SPEC §1–§7: loading a nib, instantiation, outlets, actions, bindings, awake,
// windows and the XML of storyboards. The engine's behaviour for each is in
// Sources/NibSimulation/Rules/<Section>Rules.swift, citing the same value.

extension Rule {
    /// SPEC §1.
    public static let nibLoad: [Rule] = [nib1, nib2, nib3, nib4, nib5, nib6, nib7, nib8]
    /// R-NIB-1: five phases P1 < P2 < P3 < P4 < P5 per load.
    public static let nib1 = Rule("R-NIB-1", "a load runs P1 read, P2 instantiate, P3 connect, P4 awake, P5 show windows")
    /// R-NIB-2: outlets, then actions, then bindings.
    public static let nib2 = Rule("R-NIB-2", "connections: outlets, then actions, then bindings, sources in SIM-ORDER")
    /// R-NIB-3: placeholders are resolved, never instantiated.
    public static let nib3 = Rule("R-NIB-3", "placeholders resolve to owner, nil target, NSApp, external objects")
    /// R-NIB-4: the loader returns the top-level objects.
    public static let nib4 = Rule("R-NIB-4", "top-level objects exclude placeholders")
    /// R-NIB-5: every load creates fresh instances.
    public static let nib5 = Rule("R-NIB-5", "each load instantiates and awakens anew")
    /// R-NIB-6: a missing nib raises.
    public static let nib6 = Rule("R-NIB-6", "a missing nib raises NSInternalInconsistencyException")
    /// R-NIB-7: a load never triggers another load.
    public static let nib7 = Rule("R-NIB-7", "archived view controllers load their views lazily")
    /// R-NIB-8: user-defined runtime attributes at the end of P3.
    public static let nib8 = Rule("R-NIB-8", "runtime attributes via setValue:forKeyPath: after connections")
}

extension Rule {
    /// SPEC §2.
    public static let instantiation: [Rule] = [init1, init2, init3, init4, init5, init6, init7, init8, init9, init10]
    /// R-INIT-1: initWithCoder:, macOS custom views initWithFrame:, custom objects init.
    public static let init1 = Rule("R-INIT-1", "initializer: initWithCoder:, else initWithFrame: (macOS custom view), else init")
    /// R-INIT-2: iOS NSCoding objects get initWithCoder:.
    public static let init2 = Rule("R-INIT-2", "iOS archived objects get initWithCoder:, never initWithFrame:")
    /// R-INIT-3: iOS class substitution (UIClassSwapper).
    public static let init3 = Rule("R-INIT-3", "iOS customClass swapped in and sent initWithCoder:")
    /// R-INIT-4: iOS generic Object gets init.
    public static let init4 = Rule("R-INIT-4", "iOS customObject is created with init")
    /// R-INIT-5: macOS library objects get initWithCoder:, even with a custom class.
    public static let init5 = Rule("R-INIT-5", "macOS library objects get initWithCoder:")
    /// R-INIT-6: macOS NSCustomView → initWithFrame:.
    public static let init6 = Rule("R-INIT-6", "macOS customView is created with initWithFrame:")
    /// R-INIT-7: macOS custom objects get init.
    public static let init7 = Rule("R-INIT-7", "macOS customObject is created with init")
    /// R-INIT-8: window templates (flag macWindowTemplateInit).
    public static let init8 = Rule("R-INIT-8", "macOS custom windows get initWithContentRect:styleMask:backing:defer: (flag)")
    /// R-INIT-9: awakeAfterUsingCoder: after initWithCoder:, may substitute.
    public static let init9 = Rule("R-INIT-9", "awakeAfterUsingCoder: follows initWithCoder: and may replace the object")
    /// R-INIT-10: SIM-ORDER instantiation.
    public static let init10 = Rule("R-INIT-10", "objects are instantiated in SIM-ORDER")
}

extension Rule {
    /// SPEC §3.
    public static let outlets: [Rule] = [out1, out2, out3, out4, out5, out6, out7]
    /// R-OUT-1: iOS setValue:forKey:, NSUnknownKeyException aborts the load.
    public static let out1 = Rule("R-OUT-1", "iOS outlets use setValue:forKey:; an unknown key raises and ends the load")
    /// R-OUT-2: macOS setter, else ivar, else LOG and continue.
    public static let out2 = Rule("R-OUT-2", "macOS outlets: setter, else instance variable, else LOG Failed to connect")
    /// R-OUT-3: Swift class names module-qualified in logs.
    public static let out3 = Rule("R-OUT-3", "Swift class names are module-qualified in log messages")
    /// R-OUT-4: File's Owner outlets connect to the owner passed in.
    public static let out4 = Rule("R-OUT-4", "File's Owner outlets connect to the owner object")
    /// R-OUT-5: KVO notifications when outlets are set (macOS from 10.5).
    public static let out5 = Rule("R-OUT-5", "setting an outlet notifies KVO observers (macOS 10.5+)")
    /// R-OUT-6: outlet collections set once with an array.
    public static let out6 = Rule("R-OUT-6", "outlet collections are gathered into one array")
    /// R-OUT-7: storyboard view outlets connect when the view nib loads.
    public static let out7 = Rule("R-OUT-7", "storyboard VC outlets into its view connect during loadView")
}

extension Rule {
    /// SPEC §4.
    public static let actions: [Rule] = [act1, act2, act3, act4, act5]
    /// R-ACT-1: iOS controls use addTarget:action:forControlEvents:; First Responder → nil target.
    public static let act1 = Rule("R-ACT-1", "iOS controls: addTarget:action:forControlEvents:, nil target for First Responder")
    /// R-ACT-2: gesture recognizers addTarget:action:, bar items setTarget:/setAction:.
    public static let act2 = Rule("R-ACT-2", "iOS gestures addTarget:action:, other sources setTarget: then setAction:")
    /// R-ACT-3: iOS never checks the target at load time.
    public static let act3 = Rule("R-ACT-3", "iOS does not check that the target implements the action")
    /// R-ACT-4: macOS setTarget:/setAction:, LOG when the target does not respond.
    public static let act4 = Rule("R-ACT-4", "macOS: setTarget: then setAction:; a target that does not respond is logged and skipped")
    /// R-ACT-5: actions are never sent during loading.
    public static let act5 = Rule("R-ACT-5", "loading wires actions but never sends them")
}

extension Rule {
    /// SPEC §5.
    public static let bindings: [Rule] = [bind1, bind2, bind3, bind4]
    /// R-BIND-1: macOS bind:toObject:withKeyPath:options:.
    public static let bind1 = Rule("R-BIND-1", "macOS bindings: bind:toObject:withKeyPath:options: in P3")
    /// R-BIND-2: iOS documents with bindings are rejected.
    public static let bind2 = Rule("R-BIND-2", "a binding in a CocoaTouch document is rejected before P1")
    /// R-BIND-3: option dictionaries are typed children.
    public static let bind3 = Rule("R-BIND-3", "binding options come from the options dictionary")
    /// R-BIND-4: S0's mixed list is a union across platforms.
    public static let bind4 = Rule("R-BIND-4", "no platform runs both addTarget: and bind:")
}

extension Rule {
    /// SPEC §6.
    public static let awake: [Rule] = [awake1, awake2, awake3, awake4, awake6, awake8]
    /// R-AWAKE-1: awakeFromNib after all objects are created and connected.
    public static let awake1 = Rule("R-AWAKE-1", "awakeFromNib only after every object is instantiated and connected")
    /// R-AWAKE-2: iOS never awakens placeholders.
    public static let awake2 = Rule("R-AWAKE-2", "iOS: only instantiated objects get awakeFromNib, never File's Owner")
    /// R-AWAKE-3: macOS awakens placeholders too.
    public static let awake3 = Rule("R-AWAKE-3", "macOS: File's Owner and other placeholders get awakeFromNib too")
    /// R-AWAKE-4: macOS owner awakened once per load.
    public static let awake4 = Rule("R-AWAKE-4", "macOS: the owner is awakened on every load it owns")
    /// R-AWAKE-6: order: objects in SIM-ORDER, then placeholders (owner last).
    public static let awake6 = Rule("R-AWAKE-6", "awake order: objects in SIM-ORDER, then macOS placeholders")
    /// R-AWAKE-8: prepareForInterfaceBuilder only at design time.
    public static let awake8 = Rule("R-AWAKE-8", "prepareForInterfaceBuilder only in design-time mode")
}

extension Rule {
    /// SPEC §7.
    public static let windows: [Rule] = [win1, win2, win3, win4, win5, win6]
    /// R-WIN-1: P5 shows visible-at-launch windows.
    public static let win1 = Rule("R-WIN-1", "P5 shows the windows marked Visible At Launch")
    /// R-WIN-2: a missing visibleAtLaunch means on.
    public static let win2 = Rule("R-WIN-2", "visibleAtLaunch=\"NO\" is off; a missing attribute is on")
    /// R-WIN-3: iOS legacy windows made visible after connections.
    public static let win3 = Rule("R-WIN-3", "iOS UINibVisibleWindowsKey windows are made visible")
    /// R-WIN-4: a visible window of a controller's nib appears during its load.
    public static let win4 = Rule("R-WIN-4", "visible-at-launch windows appear while their nib loads")
    /// R-WIN-6: the main storyboard's initial controller loads before applicationDidFinishLaunching:.
    public static let win6 = Rule(
        "R-WIN-6", "main storyboard: initial controller and content view load before applicationDidFinishLaunching:")
    /// R-WIN-5: the macOS main nib completes before the launch notifications.
    public static let win5 = Rule("R-WIN-5", "macOS main nib loads before applicationWillFinishLaunching:")
}

extension Rule {
    /// SPEC §15.
    public static let xml: [Rule] = [xml1, xml3, xml4, xml5, xml7, xml8, xml10, xml11, xml12]
    /// R-XML-1: the platform comes from `type`; a mismatched targetRuntime is an error.
    public static let xml1 = Rule("R-XML-1", "platform from the document type; targetRuntime must match")
    /// R-XML-3: iOS placeholders.
    public static let xml3 = Rule("R-XML-3", "iOS File's Owner -1, First Responder -2, others external objects")
    /// R-XML-4: macOS placeholders.
    public static let xml4 = Rule("R-XML-4", "macOS File's Owner -2, First Responder -1, Application -3")
    /// R-XML-5: storyboards have no File's Owner.
    public static let xml5 = Rule("R-XML-5", "storyboard scenes: first responder and exit placeholders")
    /// R-XML-7: connections live in the source's <connections>; control segues become perform: actions.
    public static let xml7 = Rule("R-XML-7", "connections belong to their source; control-triggered segues target a segue template")
    /// R-XML-8: every reference must resolve.
    public static let xml8 = Rule("R-XML-8", "destinations, targets and segue destinations must resolve")
    /// R-XML-10: storyboard compilation names.
    public static let xml10 = Rule("R-XML-10", "storyboard scenes compile to a controller nib and a <vcID>-view-<viewID> nib")
    /// R-XML-11: user-defined runtime attributes.
    public static let xml11 = Rule("R-XML-11", "userDefinedRuntimeAttributes are applied per R-NIB-8")
    /// R-XML-12: document validation before any event.
    public static let xml12 = Rule("R-XML-12", "invalid documents are rejected before any event")
}
