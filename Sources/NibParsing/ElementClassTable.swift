import NibModel

/// The framework class each document-format element implies (R-XML-6): `<button>` is a
/// UIButton in a CocoaTouch document and an NSButton in a Cocoa one.
///
/// Most names follow one rule (platform prefix + element name with a capital first letter);
/// the table lists every element IB is known to write, with the exceptions spelled out, so an
/// element missing from it is reported as unknown instead of guessed silently.
enum ElementClassTable {
    /// UIKit / AppKit class for an element; nil in a column means "the prefix rule".
    private struct Entry {
        var uikit: String?
        var appkit: String?
    }

    /// The class `element` implies on `platform`, or nil when the element is unknown.
    static func className(of element: String, platform: Platform) -> String? {
        if platform == .watchos, let name = watchTable[element] { return name }
        guard let entry = table[element] else { return nil }
        switch platform {
        case .macos: return entry.appkit ?? ruleName(element, prefix: "NS")
        case .ios, .tvos: return entry.uikit ?? ruleName(element, prefix: "UI")
        case .watchos: return entry.uikit ?? ruleName(element, prefix: "UI")
        }
    }

    /// The element a source storyboard writes for a controller of class `className` (the
    /// inverse of `className(of:platform:)`): `NSSplitViewController` → `splitViewController`;
    /// nil for other classes.
    static func controllerElement(ofClass className: String, platform: Platform) -> String? {
        guard className.hasSuffix("Controller"), className.count > 2, let first = className.dropFirst(2).first else { return nil }
        let element = first.lowercased() + className.dropFirst(3)
        return Self.className(of: element, platform: platform) == className ? element : nil
    }

    /// The class for an element the table does not know: the prefix rule.
    static func fallbackClassName(of element: String, platform: Platform) -> String {
        ruleName(element, prefix: platform == .watchos ? "WKInterface" : platform.classPrefix)
    }

    private static func ruleName(_ element: String, prefix: String) -> String {
        guard let first = element.first else { return prefix + "Object" }
        return prefix + first.uppercased() + element.dropFirst()
    }

    /// Entries written as "element" (prefix rule on both platforms) or with explicit classes.
    private static let table: [String: Entry] = {
        var table: [String: Entry] = [:]
        for name in ruleElements { table[name] = Entry() }
        for (name, uikit, appkit) in explicit { table[name] = Entry(uikit: uikit, appkit: appkit) }
        return table
    }()

    /// Elements whose class is the prefix rule on every platform.
    private static let ruleElements: [String] = [
        "actionCell", "activityIndicatorView", "application", "arrayController", "barButtonItem", "box",
        "browser", "button", "buttonCell", "clipView", "collectionReusableView", "collectionView",
        "collectionViewCell", "collectionViewController", "collectionViewFlowLayout", "collectionViewItem",
        "collectionViewLayout", "colorWell", "comboBox", "comboBoxCell", "comboButton", "control",
        "datePicker", "datePickerCell", "dictionaryController", "drawer", "form",
        "gridCell", "gridColumn", "gridRow", "gridView", "imageCell", "imageView", "label",
        "levelIndicator", "levelIndicatorCell", "matrix", "menu", "menuItem", "navigationBar",
        "navigationController", "navigationItem", "objectController", "outlineView",
        "pageControl", "pageViewController", "pathCell", "pathControl", "pickerView", "popUpButton",
        "popUpButtonCell", "popover", "predicateEditor", "progressIndicator", "progressView",
        "refreshControl", "ruleEditor", "scrollView", "scroller", "searchBar", "searchDisplayController",
        "searchField", "searchFieldCell", "secureTextField", "secureTextFieldCell", "segmentedCell",
        "segmentedControl", "slider", "sliderCell", "splitView", "splitViewController", "splitViewItem",
        "stackView", "stepper", "stepperCell", "switch", "tabBar", "tabBarController", "tabBarItem",
        "tabView", "tabViewController", "tabViewItem", "tableCellView", "tableColumn", "tableHeaderView",
        "tableView", "tableViewCell", "tableViewController", "textField", "textFieldCell", "textFinder",
        "textView", "toolbar", "toolbarItem", "tokenField", "tokenFieldCell", "treeController",
        "userDefaultsController", "view", "viewController", "visualEffectView", "window",
        "windowController", "tapGestureRecognizer", "panGestureRecognizer",
        "pinchGestureRecognizer", "rotationGestureRecognizer", "swipeGestureRecognizer",
        "longPressGestureRecognizer", "screenEdgePanGestureRecognizer", "clickGestureRecognizer",
        "magnificationGestureRecognizer", "pressGestureRecognizer", "inputViewController",
        "referenceLayoutGuide", "tableViewSection", "tableViewCellContentView", "textFieldCellView",
        "menuToolbarItem", "searchToolbarItem", "sharingServicePickerToolbarItem", "trackingSeparatorToolbarItem",
        "segmentedControlSegment", "opaqueView", "datePickerView", "hoverGestureRecognizer",
        "panel", "tableRowView", "formCell", "browserCell", "searchController",
        "touchBar", "scrubber", "sharingServicePicker", "textInputContextMenu",
        "collectionViewCellContentView", "splitViewDividerView", "windowTab", "imageButton",
        "statusBar", "titlebarAccessoryViewController", "collectionViewGridLayout",
        "collectionViewCompositionalLayout", "visualEffectBackdropView", "colorPicker",
    ]

    /// Elements whose class does not follow the rule on at least one platform.
    private static let explicit: [(String, String?, String?)] = [
        ("customView", "UIView", "NSView"),  // nib stores NSCustomView; NSView or the custom class is made
        ("customObject", "NSObject", "NSObject"),
        ("placeholder", "NSObject", "NSObject"),
        ("exit", "UIStoryboardUnwindSegueSource", "NSObject"),
        ("containerView", "UIView", "NSView"),
        ("constraint", "NSLayoutConstraint", "NSLayoutConstraint"),
        ("viewLayoutGuide", "UILayoutGuide", "NSLayoutGuide"),
        ("viewControllerLayoutGuide", "_UILayoutGuide", "NSLayoutGuide"),
        ("layoutGuide", "UILayoutGuide", "NSLayoutGuide"),
        ("viewControllerPlaceholder", "UIViewController", "NSViewController"),
        ("controllerPlaceholder", "UIViewController", "NSController"),
        ("customFormatter", "NSFormatter", "NSFormatter"),
        ("mapView", "MKMapView", "MKMapView"),
        ("webView", "UIWebView", "WebView"),
        ("wkWebView", "WKWebView", "WKWebView"),
        ("glkView", "GLKView", "GLKView"),
        ("glkViewController", "GLKViewController", "GLKViewController"),
        ("skView", "SKView", "SKView"),
        ("sceneKitView", "SCNView", "SCNView"),
        ("sceneView", "SCNView", "SCNView"),
        ("arscnView", "ARSCNView", "ARSCNView"),
        ("arskView", "ARSKView", "ARSKView"),
        ("mtkView", "MTKView", "MTKView"),
        ("avPlayerViewController", "AVPlayerViewController", "AVPlayerViewController"),
        ("avPlayerView", "AVPlayerView", "AVPlayerView"),
        ("hostingController", "UIHostingController", "NSHostingController"),
        ("pagecontroller", "UIPageViewController", "NSPageController"),
        ("pageController", "UIPageViewController", "NSPageController"),
        ("openGLView", "NSOpenGLView", "NSOpenGLView"),
        ("pdfView", "PDFView", "PDFView"),
        ("quickLookPreviewView", "QLPreviewView", "QLPreviewView"),
        ("imageWell", "UIImageView", "NSImageView"),
        ("ikImageView", "IKImageView", "IKImageView"),
        ("pathComponentCell", "NSPathComponentCell", "NSPathComponentCell"),
        ("command", "UICommand", "NSMenuItem"),
        ("customCell", "UITableViewCell", "NSCell"),
        ("arView", "ARView", "ARView"),
        ("imageBrowserView", "IKImageBrowserView", "IKImageBrowserView"),
        ("quartzComposerView", "QCView", "QCView"),
        ("measurementFormatter", "NSMeasurementFormatter", "NSMeasurementFormatter"),
        ("lengthFormatter", "NSLengthFormatter", "NSLengthFormatter"),
        ("massFormatter", "NSMassFormatter", "NSMassFormatter"),
        ("energyFormatter", "NSEnergyFormatter", "NSEnergyFormatter"),
        ("dateComponentsFormatter", "NSDateComponentsFormatter", "NSDateComponentsFormatter"),
        ("dateIntervalFormatter", "NSDateIntervalFormatter", "NSDateIntervalFormatter"),
        ("personNameComponentsFormatter", "NSPersonNameComponentsFormatter", "NSPersonNameComponentsFormatter"),
        ("numberFormatter", "NSNumberFormatter", "NSNumberFormatter"),
        ("dateFormatter", "NSDateFormatter", "NSDateFormatter"),
        ("byteCountFormatter", "NSByteCountFormatter", "NSByteCountFormatter"),
        ("touchBarItem", "NSCustomTouchBarItem", "NSCustomTouchBarItem"),
        ("customTouchBarItem", "NSCustomTouchBarItem", "NSCustomTouchBarItem"),
        ("touchBarGroupItem", "NSGroupTouchBarItem", "NSGroupTouchBarItem"),
        ("touchBarPopoverItem", "NSPopoverTouchBarItem", "NSPopoverTouchBarItem"),
        ("touchBarSpacerItem", "NSTouchBarItem", "NSTouchBarItem"),
        ("touchBarSliderItem", "NSSliderTouchBarItem", "NSSliderTouchBarItem"),
        ("touchBarColorPickerItem", "NSColorPickerTouchBarItem", "NSColorPickerTouchBarItem"),
        ("touchBarSharingServicePickerItem", "NSSharingServicePickerTouchBarItem", "NSSharingServicePickerTouchBarItem"),
        ("touchBarCandidateListItem", "NSCandidateListTouchBarItem", "NSCandidateListTouchBarItem"),
    ]

    /// WatchKit interface objects (`WKInterface…`).
    private static let watchTable: [String: String] = [
        "controller": "WKInterfaceController", "group": "WKInterfaceGroup", "label": "WKInterfaceLabel",
        "button": "WKInterfaceButton", "imageView": "WKInterfaceImage", "image": "WKInterfaceImage",
        "table": "WKInterfaceTable", "tableRow": "NSObject", "separator": "WKInterfaceSeparator",
        "switch": "WKInterfaceSwitch", "slider": "WKInterfaceSlider", "picker": "WKInterfacePicker",
        "map": "WKInterfaceMap", "timer": "WKInterfaceTimer", "date": "WKInterfaceDate",
        "menu": "WKInterfaceMenu", "menuItem": "WKInterfaceMenuItem",
        "notificationController": "WKUserNotificationInterfaceController",
        "glanceController": "WKInterfaceController", "movie": "WKInterfaceMovie",
        "textField": "WKInterfaceTextField", "hostingController": "WKHostingController",
        "notificationCategory": "UNNotificationCategory", "spriteKitScene": "WKInterfaceSKScene",
        "sceneKitScene": "WKInterfaceSCNScene", "inlineMovie": "WKInterfaceInlineMovie",
        "volumeControl": "WKInterfaceVolumeControl", "activityRing": "WKInterfaceActivityRing",
        "hmCameraView": "WKInterfaceHMCamera", "paymentButton": "WKInterfacePaymentButton",
        "authorizationAppleIDButton": "WKInterfaceAuthorizationAppleIDButton",
        "nowPlayingView": "WKInterfaceNowPlaying", "gestureRecognizer": "WKGestureRecognizer",
        "tapGestureRecognizer": "WKTapGestureRecognizer", "panGestureRecognizer": "WKPanGestureRecognizer",
        "swipeGestureRecognizer": "WKSwipeGestureRecognizer",
        "longPressGestureRecognizer": "WKLongPressGestureRecognizer",
    ]

    /// Elements that carry an `id` but are not run-time objects of the graph: connections,
    /// device descriptions and simulated metrics. Constraints and layout guides are listed in
    /// `layoutElements` instead.
    static let nonObjectElements: Set<String> = [
        "outlet", "outletCollection", "action", "binding", "segue", "accessibilityConnection",
        "connections", "device", "adaptation", "scene", "scenes", "objects", "document",
        "dependencies", "resources", "image", "systemColor", "namedColor", "point", "rect", "size",
        "color", "font", "fontDescription", "userDefinedRuntimeAttribute", "designable", "variation",
        "mask", "include", "exclude",
    ]

    /// Layout detail that is an object only when a connection points at it (an outlet to a
    /// constraint is a real `NSLayoutConstraint`; the thousands of others are layout noise).
    static let layoutElements: Set<String> = [
        "constraint", "viewLayoutGuide", "viewControllerLayoutGuide", "layoutGuide",
    ]

    /// Container elements whose subtree holds no run-time objects (R-XML-2).
    static let skippedSubtrees: Set<String> = [
        "dependencies", "resources", "designables", "inferredMetricsTieBreakers",
        "simulatedMetricsContainer", "device",
    ]
}
