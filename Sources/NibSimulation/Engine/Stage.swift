/// Navigation, presentation and recursion state of a run's lifecycle steps.
struct Stage {
    /// Index of the first event shown (`startTrace`).
    var traceStart = 0
    /// Nested view-getter entries (R-LOAD-6, E.3).
    var loadDepth = 0
    /// The navigation stack; its first element is the window's root.
    var navigation: [Int] = []
    /// Presented controllers, innermost last, with whether their style is full screen.
    var presented: [(controller: Int, fullScreen: Bool)] = []
    /// Children in `addChildViewController:` order (R-APP-10).
    var childOrder: [Int] = []
    /// The tab bar's controllers (`showTabs`, a launched tab bar controller), R-APP-6; nil for a
    /// tab that refers to another storyboard (R-SB-8).
    var tabs: [Int?] = []
    /// The selected tab's index, when a tab bar is shown.
    var selectedTab: Int?

    /// Controllers presented with the popover style (R-APP-8).
    var popovers: Set<Int> = []
    /// The creator block's initializer while an `instantiate…WithCreator` step decodes its
    /// controller (R-VCI-8); used once, by the first controller decoded.
    var creatorInitializer: String?

    /// The navigation stack inside each presented controller (a presented navigation controller
    /// pushes there, R-SB-3), parallel to `presented`; each starts with the presented controller's
    /// visible leaf.
    var presentedStacks: [[Int]] = []

    /// The controller on top: the top of the innermost presented level, else of the navigation stack.
    var top: Int? { presented.isEmpty ? navigation.last : presentedStacks.last?.last ?? presented.last?.controller }

    /// The navigation stack of the innermost level: the presented one, else the window's.
    var stack: [Int] {
        get { presentedStacks.last ?? navigation }
        set {
            if presentedStacks.isEmpty { navigation = newValue } else { presentedStacks[presentedStacks.count - 1] = newValue }
        }
    }

    /// Drops every presented level.
    mutating func clearPresented() {
        presented = []
        presentedStacks = []
    }
}
