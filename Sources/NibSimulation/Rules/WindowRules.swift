import NibModel

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

extension SimulationRun {
    /// P5 (R-WIN-1/2/3): windows whose Visible At Launch is set, in SIM-ORDER.
    func showVisibleWindows(_ unit: NibUnit, instances: [ObjectID: Int]) {
        for object in unit.objects where isWindow(object) {
            guard let instance = instances[object.id], object.attributes["visibleAtLaunch"] != "NO" else { continue }
            emit(.showWindow, isMac ? .win1 : .win3, receiver: instance, level: .l2)
        }
    }

    private func isWindow(_ object: NibObject) -> Bool {
        guard !NibUnit.isPlaceholder(object) else { return false }
        return ["window", "panel", "NSWindowTemplate", "IBUIWindow"].contains(object.element)
    }
}
