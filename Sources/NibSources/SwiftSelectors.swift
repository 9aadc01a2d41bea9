/// How a Swift method name becomes the Objective-C selector the runtime (and IB) uses (R-SRC-1).
enum SwiftSelectors {
    /// Selectors of UIKit/AppKit methods whose Swift names were renamed on import: an override
    /// keeps the Objective-C selector of the method it overrides.
    static let imported: [String: String] = [
        "willMove(toParent:)": "willMoveToParentViewController:",
        "didMove(toParent:)": "didMoveToParentViewController:",
        "willMove(toSuperview:)": "willMoveToSuperview:",
        "willMove(toWindow:)": "willMoveToWindow:",
        "awakeAfter(using:)": "awakeAfterUsingCoder:",
        "prepare(for:sender:)": "prepareForSegue:sender:",
        "shouldPerformSegue(withIdentifier:sender:)": "shouldPerformSegueWithIdentifier:sender:",
        "performSegue(withIdentifier:sender:)": "performSegueWithIdentifier:sender:",
        "viewWillTransition(to:with:)": "viewWillTransitionToSize:withTransitionCoordinator:",
        "willTransition(to:with:)": "willTransitionToTraitCollection:withTransitionCoordinator:",
        "encode(with:)": "encodeWithCoder:",
        "setValue(_:forUndefinedKey:)": "setValue:forUndefinedKey:",
        "value(forUndefinedKey:)": "valueForUndefinedKey:",
        "responds(to:)": "respondsToSelector:",
        "forwardingTarget(for:)": "forwardingTargetForSelector:",
        "dismiss(animated:completion:)": "dismissViewControllerAnimated:completion:",
        "present(_:animated:completion:)": "presentViewController:animated:completion:",
        "draw(_:)": "drawRect:",
        "observeValue(forKeyPath:of:change:context:)": "observeValueForKeyPath:ofObject:change:context:",
        "validateMenuItem(_:)": "validateMenuItem:",
        "target(forAction:withSender:)": "targetForAction:withSender:",
        "canPerformAction(_:withSender:)": "canPerformAction:withSender:",
        "unwind(for:towards:)": "unwindForSegue:towardsViewController:",
        "canPerformUnwindSegueAction(_:from:sender:)": "canPerformUnwindSegueAction:fromViewController:sender:",
        "setEditing(_:animated:)": "setEditing:animated:",
    ]

    /// First argument labels Swift does not prefix with `With` (`move(to:)` → `moveTo:`).
    static let prepositions: Set<String> = [
        "to", "for", "at", "in", "from", "by", "on", "of", "with", "into", "onto", "over", "under", "after", "before", "as",
        "using", "within", "without", "via", "toward", "towards", "upon",
    ]

    /// The selector of a method named `base` with first-argument labels `labels` (`_` for none).
    static func selector(base: String, labels: [String], isInitializer: Bool = false) -> String {
        let swiftName = isInitializer ? "init(\(labels.map { $0 + ":" }.joined()))" : "\(base)(\(labels.map { $0 + ":" }.joined()))"
        if let renamed = imported[swiftName] { return renamed }
        let name = isInitializer ? "init" : base
        guard let first = labels.first else { return name }
        var result: String
        if first == "_" {
            result = name + ":"
        } else if isInitializer {
            result = name + "With" + capitalized(first) + ":"
        } else if prepositions.contains(first) || first.hasPrefix("with") {
            result = name + capitalized(first) + ":"
        } else {
            result = name + "With" + capitalized(first) + ":"
        }
        for label in labels.dropFirst() { result += (label == "_" ? "" : label) + ":" }
        return result
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
