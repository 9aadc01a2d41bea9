import NibModel

/// The words UIKit, AppKit and the Objective-C runtime print, in one place: the simulator's
/// events and `nibviz check`'s findings both quote them, so the two never drift.
public enum RuntimeMessages {
    /// R-OUT-1 / R-NIB-8: the reason of the `NSUnknownKeyException` `setValue:forKey:` raises.
    public static func unknownKey(className: String, key: String) -> String {
        "[<\(className) 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
    }

    /// R-OUT-2: AppKit's log for an outlet with neither setter nor instance variable.
    public static func failedToConnectOutlet(key: String, sourceClass: String, destinationClass: String, osVersion: OSVersion) -> String {
        let prefix = osVersion >= OSVersion(11, 0) ? "[Nib Loading] " : ""
        return
            "\(prefix)Failed to connect (\(key)) outlet from (\(sourceClass)) to (\(destinationClass)): missing setter or instance variable"
    }

    /// R-ACT-4: AppKit's log for a target that does not respond to the action.
    public static func actionNotConnected(selector: String, targetClass: String, osVersion: OSVersion) -> String {
        osVersion >= OSVersion(10, 11)
            ? "Could not connect action, target class \(targetClass) does not respond to -\(selector)"
            : "Could not connect the action \(selector) to target of class \(targetClass)"
    }

    /// R-CHK-2: the reason of the `NSInvalidArgumentException` `doesNotRecognizeSelector:` raises
    /// when UIKit sends an action the target does not implement (at the first event, R-ACT-3).
    public static func unrecognizedSelector(className: String, selector: String) -> String {
        "-[\(className) \(selector)]: unrecognized selector sent to instance 0xADDR"
    }

    /// R-CHK-6: `storyboardWithName:bundle:` for a storyboard the bundle does not hold.
    public static func missingStoryboard(name: String, bundlePath: String) -> String {
        "Could not find a storyboard named '\(name)' in bundle NSBundle <\(bundlePath)> (loaded)"
    }

    /// R-CHK-6: `instantiateViewControllerWithIdentifier:` for an identifier the storyboard lacks.
    public static func missingIdentifier(storyboard: String, identifier: String) -> String {
        "Storyboard (<UIStoryboard: 0xADDR>) doesn't contain a view controller with identifier '\(identifier)' (storyboard \(storyboard))"
    }

    /// R-CHK-7: `performSegueWithIdentifier:sender:` for a segue the controller's scene lacks.
    public static func missingSegue(className: String, identifier: String) -> String {
        "Receiver (<\(className): 0xADDR>) has no segue with identifier '\(identifier)'"
    }
}
