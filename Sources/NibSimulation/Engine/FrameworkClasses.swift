/// What the simulator knows of UIKit and AppKit classes: superclass and the outlet keys they
/// are KVC-compliant for. Classes absent here are treated leniently (every key exists).
enum FrameworkClasses {
    /// A framework class entry.
    struct Entry {
        let superclass: String?
        let keys: [String]
        let actions: [String]
    }

    static func entry(_ name: String) -> Entry? { table[name] }

    private static func e(_ superclass: String?, _ keys: [String] = [], actions: [String] = []) -> Entry {
        Entry(superclass: superclass, keys: keys, actions: actions)
    }

    private static let table: [String: Entry] = [
        "NSObject": e(nil),
        // UIKit
        "UIResponder": e("NSObject"),
        "UIView": e("UIResponder", ["layer", "backgroundColor", "tintColor", "gestureRecognizers"]),
        "UIControl": e("UIView"),
        "UIButton": e("UIControl"),
        "UILabel": e("UIView"),
        "UIImageView": e("UIView"),
        "UIScrollView": e("UIView", ["delegate"]),
        "UITableView": e("UIScrollView", ["dataSource", "delegate", "tableHeaderView", "tableFooterView"]),
        "UICollectionView": e("UIScrollView", ["dataSource", "delegate"]),
        "UITextField": e("UIControl", ["delegate"]),
        "UITextView": e("UIScrollView", ["delegate"]),
        "UITableViewCell": e("UIView"),
        "UICollectionViewCell": e("UIView"),
        "UIWindow": e("UIView", ["rootViewController"]),
        "UIApplication": e("UIResponder", ["delegate"]),
        "UIViewController": e("UIResponder", ["view", "navigationItem", "tabBarItem", "toolbarItems", "searchDisplayController"]),
        "UITableViewController": e("UIViewController", ["tableView"]),
        "UICollectionViewController": e("UIViewController", ["collectionView"]),
        "UINavigationController": e("UIViewController", ["navigationBar", "toolbar", "viewControllers"]),
        "UITabBarController": e("UIViewController", ["tabBar", "viewControllers"]),
        // AppKit
        "NSResponder": e("NSObject", ["nextResponder", "menu"]),
        "NSView": e("NSResponder", ["layer", "nextKeyView", "menu"]),
        "NSControl": e("NSView", ["target", "delegate", "formatter"]),
        "NSButton": e("NSControl"),
        "NSTextField": e("NSControl", ["delegate"]),
        "NSTableView": e("NSControl", ["dataSource", "delegate"]),
        "NSTableCellView": e("NSView", ["textField", "imageView", "objectValue"]),
        "NSWindow": e(
            "NSResponder", ["delegate", "initialFirstResponder", "contentView"],
            actions: ["performClose:", "makeKeyAndOrderFront:", "orderOut:"]),
        "NSPanel": e("NSWindow"),
        "NSApplication": e(
            "NSResponder", ["delegate", "mainMenu", "windowsMenu", "servicesMenu"],
            actions: ["terminate:", "orderFrontStandardAboutPanel:", "hide:", "unhideAllApplications:", "hideOtherApplications:"]),
        "NSViewController": e("NSResponder", ["view", "representedObject"]),
        "NSWindowController": e("NSResponder", ["window"], actions: ["showWindow:"]),
        "NSMenu": e("NSObject", ["delegate"]),
        "NSMenuItem": e("NSObject", ["target", "submenu"]),
    ]
}
