/// How an app meets a storyboard (R-LAUNCH-1, R-SB-1): as its main storyboard, loaded at
/// launch, or loaded from code (`UIStoryboard(name:bundle:)` / `NSStoryboard(name:bundle:)`),
/// its initial controller made only by `instantiateInitialController`. Only the storyboard the
/// app's Info.plist names (`UIMainStoryboardFile`, `NSMainStoryboardFile`, a scene
/// configuration's `UISceneStoryboardFile`) is main.
public struct StoryboardRole: Hashable, Sendable {
    /// True for the storyboard the app loads at launch.
    public var isMain: Bool
    /// Why nibviz takes it so, for pages and notes: what the Info.plist names
    /// (`App/Info.plist names it (UIMainStoryboardFile)`), or the assumption made without one.
    public var basis: String
    /// True when no Info.plist decided it (a documented fallback).
    public var isAssumed: Bool
    /// The launch screen (`UILaunchStoryboardName`): the system shows its initial controller
    /// while the app starts (`isMain` is true: it is met at launch, never from the app's code).
    public var isLaunchScreen: Bool

    /// Creates a role.
    public init(isMain: Bool, basis: String, isAssumed: Bool, isLaunchScreen: Bool = false) {
        self.isMain = isMain
        self.basis = basis
        self.isAssumed = isAssumed
        self.isLaunchScreen = isLaunchScreen
    }

    /// A storyboard simulated on its own (`nibviz simulate Main.storyboard`): launched as the
    /// app's main storyboard.
    public static let assumedMain = StoryboardRole(isMain: true, basis: "simulated on its own, no Info.plist read", isAssumed: true)

    /// How the app loads the storyboard and why: `at launch, as the app's main storyboard:
    /// App/Info.plist names it (UIMainStoryboardFile)`, `from code (assumed): …`.
    public var summary: String {
        var how = isMain ? "at launch, as the app's main storyboard" : "from code, not as the main storyboard"
        if isLaunchScreen { how = "at launch, as the app's launch screen" }
        return how + (isAssumed ? " (assumed)" : "") + ": " + basis
    }
}
