/// What nibviz knows of UIKit and AppKit classes: superclass, the KVC keys (outlets IB offers on
/// them) and the action selectors they implement, so outlets and actions a user class inherits
/// resolve (R-SRC-3). Curated from Apple's class references (each key is a settable property of
/// the class as documented at developer.apple.com/documentation/uikit and …/appkit); a key the
/// table lacks on a class it knows is `missing`, a class it does not know makes every answer
/// `unknown` (never an error). UIKit here, AppKit in FrameworkClasses+AppKit.swift.
enum FrameworkClasses {
    /// A framework class entry.
    struct Entry {
        let superclass: String?
        let keys: [String]
        let actions: [String]
    }

    static func entry(_ name: String) -> Entry? { uiKit[name] ?? appKit[name] }

    /// Documented read-only properties an outlet can still name (a cell's `textLabel`): KVC finds
    /// no setter, then looks for a `_key` instance variable (accessInstanceVariablesDirectly),
    /// which only the framework's private implementation has or lacks, so the answer is unknown,
    /// never an error. Source: the UIKit class references (`textLabel`, `contentView`, … are
    /// `readonly`); Key-Value Coding Programming Guide, "Search Pattern for the Basic Setter".
    static let readOnlyKeys: [String: Set<String>] = [
        "UITableViewCell": ["textLabel", "detailTextLabel", "imageView", "contentView"],
        "UITableViewHeaderFooterView": ["textLabel", "detailTextLabel", "contentView"],
        "UICollectionViewCell": ["contentView"],
        "UIButton": ["titleLabel", "imageView"],
    ]

    static func e(_ superclass: String?, _ keys: [String] = [], actions: [String] = []) -> Entry {
        Entry(superclass: superclass, keys: keys, actions: actions)
    }

    /// UIResponderStandardEditActions and the other responder actions UIKit classes implement.
    static let uiResponderActions = [
        "cut:", "copy:", "paste:", "pasteAndMatchStyle:", "select:", "selectAll:", "delete:", "toggleBoldface:",
        "toggleItalics:", "toggleUnderline:", "increaseSize:", "decreaseSize:", "makeTextWritingDirectionLeftToRight:",
        "makeTextWritingDirectionRightToLeft:", "find:", "findNext:", "findPrevious:", "findAndReplace:",
        "useSelectionForFind:", "print:", "rename:", "duplicate:", "move:", "export:",
    ]

    private static let view = ["layer", "backgroundColor", "tintColor", "gestureRecognizers", "maskView"]
    private static let inputs = ["inputView", "inputAccessoryView"]

    static let uiKit: [String: Entry] = [
        "NSObject": e(nil),
        "UIResponder": e("NSObject", actions: uiResponderActions),
        "UIView": e("UIResponder", view),
        "UIControl": e("UIView"),
        "UIButton": e("UIControl"),
        "UILabel": e("UIView"),
        "UIImageView": e("UIView", ["image", "highlightedImage"]),
        "UISwitch": e("UIControl"),
        "UISlider": e("UIControl"),
        "UIStepper": e("UIControl"),
        "UISegmentedControl": e("UIControl"),
        "UIPageControl": e("UIControl"),
        "UIDatePicker": e("UIControl"),
        "UIColorWell": e("UIControl"),
        "UIProgressView": e("UIView"),
        "UIActivityIndicatorView": e("UIView"),
        "UIStackView": e("UIView"),
        "UIVisualEffectView": e("UIView"),
        "UIPickerView": e("UIView", ["dataSource", "delegate"]),
        "UIScrollView": e("UIView", ["delegate", "refreshControl"]),
        "UITableView": e(
            "UIScrollView",
            [
                "dataSource", "delegate", "tableHeaderView", "tableFooterView", "backgroundView", "prefetchDataSource", "dragDelegate",
                "dropDelegate",
            ]),
        "UICollectionView": e(
            "UIScrollView",
            ["dataSource", "delegate", "collectionViewLayout", "backgroundView", "prefetchDataSource", "dragDelegate", "dropDelegate"]),
        "UITextField": e("UIControl", ["delegate", "leftView", "rightView"] + inputs),
        "UISearchTextField": e("UITextField"),
        "UITextView": e("UIScrollView", ["delegate"] + inputs),
        "UISearchBar": e("UIView", ["delegate", "inputAccessoryView"]),
        "UIWebView": e("UIView", ["delegate"]),
        "WKWebView": e("UIView", ["navigationDelegate", "UIDelegate"]),
        "MKMapView": e("UIView", ["delegate"]),
        "UITableViewCell": e("UIView", ["accessoryView", "editingAccessoryView", "backgroundView", "selectedBackgroundView"]),
        "UITableViewHeaderFooterView": e("UIView", ["backgroundView"]),
        "UICollectionReusableView": e("UIView"),
        "UICollectionViewCell": e("UICollectionReusableView", ["backgroundView", "selectedBackgroundView"]),
        "UINavigationBar": e("UIView", ["delegate", "items"]),
        "UIToolbar": e("UIView", ["delegate", "items"]),
        "UITabBar": e("UIView", ["delegate", "items", "selectedItem"]),
        "UIWindow": e("UIView", ["rootViewController"]),
        "UIApplication": e("UIResponder", ["delegate"]),
        "UIRefreshControl": e("UIControl"),
        "UINavigationItem": e(
            "NSObject",
            ["titleView", "leftBarButtonItem", "rightBarButtonItem", "backBarButtonItem", "leftBarButtonItems", "rightBarButtonItems"]),
        "UIBarItem": e("NSObject", ["image"]),
        "UIBarButtonItem": e("UIBarItem", ["customView", "target", "menu"]),
        "UITabBarItem": e("UIBarItem", ["selectedImage"]),
        "UIGestureRecognizer": e("NSObject", ["delegate"]),
        "UITapGestureRecognizer": e("UIGestureRecognizer"),
        "UIPanGestureRecognizer": e("UIGestureRecognizer"),
        "UIScreenEdgePanGestureRecognizer": e("UIPanGestureRecognizer"),
        "UILongPressGestureRecognizer": e("UIGestureRecognizer"),
        "UISwipeGestureRecognizer": e("UIGestureRecognizer"),
        "UIPinchGestureRecognizer": e("UIGestureRecognizer"),
        "UIRotationGestureRecognizer": e("UIGestureRecognizer"),
        "NSLayoutConstraint": e("NSObject", ["firstItem", "secondItem"]),
        // `preferredFocusedView`: Interface Builder offers it as an outlet of a tvOS view
        // controller (UIFocusEnvironment; VLC's tvOS nibs connect it).
        "UIViewController": e(
            "UIResponder",
            [
                "view", "navigationItem", "tabBarItem", "toolbarItems", "searchDisplayController", "transitioningDelegate",
                "preferredFocusedView",
            ]),
        "UITableViewController": e("UIViewController", ["tableView", "refreshControl"]),
        "UICollectionViewController": e("UIViewController", ["collectionView"]),
        "UINavigationController": e("UIViewController", ["navigationBar", "toolbar", "viewControllers", "delegate"]),
        "UITabBarController": e("UIViewController", ["tabBar", "viewControllers", "delegate", "selectedViewController"]),
        "UISplitViewController": e("UIViewController", ["viewControllers", "delegate"]),
        "UIPageViewController": e("UIViewController", ["dataSource", "delegate"]),
        "UISearchController": e("UIViewController", ["searchBar", "delegate", "searchResultsUpdater"]),
        "UISearchDisplayController": e(
            "NSObject", ["searchBar", "delegate", "searchResultsDataSource", "searchResultsDelegate", "searchContentsController"]),
        "AVPlayerViewController": e("UIViewController", ["player", "delegate"]),
    ]
}
