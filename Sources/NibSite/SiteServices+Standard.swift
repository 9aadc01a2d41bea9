import Foundation
import NibModel

extension SiteServices {
    /// The real parser, simulator and diagrams where they exist in this build, the built-in
    /// fallbacks elsewhere. (Rewired as the other modules land.)
    public static func standard(toolVersion: String) -> SiteServices {
        .fallback(toolVersion: "site-1/" + toolVersion)
    }
}
