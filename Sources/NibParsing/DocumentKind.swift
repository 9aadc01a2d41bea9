import NibModel

/// What the root `type` and `targetRuntime` say about a document (R-XML-1).
struct DocumentKind {
    /// The platform, decided from `type`, else from `targetRuntime`.
    var platform: Platform
    /// True for `….Storyboard.XIB` and `….Storyboard` types.
    var isStoryboard: Bool
    /// Set when `type` and `targetRuntime` disagree or neither names a platform.
    var problem: String?

    init(type: String, targetRuntime: String?) {
        let fromType = Self.platform(ofType: type)
        let fromRuntime = targetRuntime.flatMap(Self.platform(ofRuntime:))
        platform = fromType ?? fromRuntime ?? .ios
        isStoryboard = type.contains("Storyboard")
        if fromType == nil && fromRuntime == nil {
            problem = "unknown document type \(quote(type)); assuming iOS"
        } else if let fromType, let fromRuntime, fromType != fromRuntime, let targetRuntime {
            problem = "targetRuntime \(plain(targetRuntime)) does not match document type \(plain(type))"
        }
    }

    /// `com.apple.InterfaceBuilder3.CocoaTouch.XIB` → iOS, `….Cocoa.XIB` → macOS, …
    static func platform(ofType type: String) -> Platform? {
        if type.contains("CocoaTouch") { return .ios }
        if type.contains("AppleTV") { return .tvos }
        if type.contains("WatchKit") { return .watchos }
        if type.contains("Cocoa") { return .macos }
        return nil
    }

    /// `iOS.CocoaTouch` → iOS, `MacOSX.Cocoa` → macOS, `AppleTV`, `watchKit`; archives write
    /// `IBCocoaTouchFramework` / `IBCocoaFramework`.
    static func platform(ofRuntime runtime: String) -> Platform? {
        let lower = runtime.lowercased()
        if lower.contains("cocoatouch") { return .ios }
        if lower.contains("appletv") { return .tvos }
        if lower.contains("watch") { return .watchos }
        if lower.contains("cocoa") || lower.contains("macosx") { return .macos }
        return nil
    }
}
