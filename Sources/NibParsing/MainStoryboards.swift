import Foundation
import NibModel

/// Which storyboards of a project the app loads at launch (R-LAUNCH-1) and which it loads from
/// code (R-SB-1), decided the way the app decides: by what its Info.plist names —
/// `UIMainStoryboardFile` (and its `~ipad`/`~iphone` variants), `NSMainStoryboardFile`, a scene
/// configuration's `UISceneStoryboardFile`, an extension's `NSExtensionMainStoryboard` — or, for
/// a generated Info.plist, an Xcode project's `INFOPLIST_KEY_…MainStoryboardFile` build setting.
/// A name is the storyboard nearest the file that names it (`StoryboardReferenceResolver`'s
/// rule: most shared folders; localizations tie). The launch screen (`UILaunchStoryboardName`)
/// is met at launch too, shown by the system. Without any app Info.plist in the inputs the
/// choice is an assumption, said on every page: storyboards named `Main` are main, else the only
/// storyboard, else none; one named `LaunchScreen` is the launch screen.
public enum MainStoryboards {
    /// The key naming the launch screen, which the system (not the app's code) shows at launch.
    static let launchScreenKey = "UILaunchStoryboardName"

    /// One name an Info.plist or project file gives a main storyboard.
    public struct Naming: Sendable, Hashable {
        /// The file that names it, relative like the storyboards (`App/Info.plist`).
        public var file: String
        /// The key (`UIMainStoryboardFile`, `INFOPLIST_KEY_NSMainStoryboardFile`…).
        public var key: String
        /// The storyboard's name, without extension.
        public var name: String
    }

    /// What the app files under the inputs say: the names they give, and whether any of them
    /// is an app's Info.plist at all (one that names no storyboard means none is main).
    public struct AppFiles: Sendable, Hashable {
        public var namings: [Naming] = []
        /// The app Info.plists and project files found (relative paths), in path order.
        public var files: [String] = []
    }

    /// The role of each storyboard, by its relative path (`storyboards`, relative the way
    /// `files` are).
    public static func roles(storyboards: [String], appFiles: AppFiles) -> [String: StoryboardRole] {
        var roles: [String: StoryboardRole] = [:]
        guard !appFiles.files.isEmpty else { return assumedRoles(storyboards) }
        var main: [String: Naming] = [:]
        for naming in appFiles.namings {
            // The nearest of the name; its localizations (`Base.lproj`, `en.lproj`) tie, and all are main.
            let candidates = storyboards.filter { names(ofPath: $0).contains(naming.name) }
            let score = { StoryboardReferenceResolver.sharedFolders($0, naming.file) }
            guard let best = candidates.map(score).max() else { continue }
            for nearest in candidates where score(nearest) == best && main[nearest] == nil { main[nearest] = naming }
        }
        let namings = appFiles.namings.filter { !$0.key.hasPrefix(launchScreenKey) }
        for storyboard in storyboards {
            if let naming = main[storyboard] {
                roles[storyboard] = StoryboardRole(
                    isMain: true, basis: "\(naming.file) names it (\(naming.key))", isAssumed: false,
                    isLaunchScreen: naming.key.hasPrefix(launchScreenKey))
                continue
            }
            // What the app files nearest this storyboard (its own target's) name instead, or that
            // they name none (an app that makes its window in code): not what other targets name.
            let nearness = { (file: String) in StoryboardReferenceResolver.sharedFolders(storyboard, file) }
            let best = appFiles.files.map(nearness).max() ?? 0
            let own = appFiles.files.filter { nearness($0) == best }
            let named = namings.filter { own.contains($0.file) }
            let why =
                named.isEmpty
                ? own.prefix(3).joined(separator: ", ") + (own.count > 3 ? "…" : "")
                    + " name\(own.count == 1 ? "s" : "") no main storyboard"
                : named.map { "\($0.file) names \($0.name) (\($0.key))" }.joined(separator: "; ")
            roles[storyboard] = StoryboardRole(isMain: false, basis: why, isAssumed: false)
        }
        return roles
    }

    /// Without any app Info.plist: storyboards named `Main`, else the only storyboard, are taken
    /// as main, and one named `LaunchScreen` (Xcode's template name) as the launch screen; every
    /// role says it is an assumption.
    static func assumedRoles(_ storyboards: [String]) -> [String: StoryboardRole] {
        let launchScreens = Set(storyboards.filter { names(ofPath: $0).contains("LaunchScreen") })
        let others = storyboards.filter { !launchScreens.contains($0) }
        let named = Set(others.filter { names(ofPath: $0).contains("Main") })
        let noPlist = "no app Info.plist among the inputs"
        var roles: [String: StoryboardRole] = [:]
        for storyboard in storyboards {
            let role: StoryboardRole
            if launchScreens.contains(storyboard) {
                role = StoryboardRole(
                    isMain: true, basis: noPlist + "; a storyboard named LaunchScreen is taken as the launch screen", isAssumed: true,
                    isLaunchScreen: true)
            } else if named.contains(storyboard) {
                role = StoryboardRole(isMain: true, basis: noPlist + "; a storyboard named Main is taken as the main one", isAssumed: true)
            } else if named.isEmpty && others.count == 1 {
                role = StoryboardRole(isMain: true, basis: noPlist + "; the only storyboard is taken as the main one", isAssumed: true)
            } else {
                role = StoryboardRole(
                    isMain: false, basis: noPlist + "; only a storyboard named Main is taken as the main one", isAssumed: true)
            }
            roles[storyboard] = role
        }
        return roles
    }

    /// The names a storyboard path answers to: its file name without extension and, for a
    /// flattened path (`App__Base.lproj__Main.storyboard`, as the test corpus stores them), the
    /// last part.
    static func names(ofPath path: String) -> [String] {
        let name = StoryboardDocument.name(ofPath: path)
        guard let range = name.ranges(of: "__").last, case let tail = String(name[range.upperBound...]), !tail.isEmpty else {
            return [name]
        }
        return [name, tail]
    }
}
