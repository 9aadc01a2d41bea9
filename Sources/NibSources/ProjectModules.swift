import Foundation

/// Which modules files are compiled into, as the project files say (R-SRC-5): an Xcode target's
/// build phases and synchronized folders with its `PRODUCT_MODULE_NAME`, a Swift package
/// target's folder, a CocoaPods pod's folder. A file none of them names, or a target whose
/// module name the project file does not decide, has no known module: checks that need one
/// say nothing rather than guess.
public struct ProjectModules: Sendable, Equatable {
    /// What a project file says about one file.
    struct Membership: Sendable, Equatable {
        var modules: Set<String> = []
        /// A target whose module name is undecidable also holds the file.
        var hasUnknown = false
    }

    /// A folder whose files (but the excluded ones) belong to `module` (nil: undecidable).
    struct FolderRule: Sendable, Equatable {
        var folder: String
        var module: String?
        var excluded: Set<String> = []
    }

    /// Absolute path → the targets listing it in a build phase (Xcode).
    var files: [String: Membership] = [:]
    /// Xcode synchronized folders (checked before the others, like Xcode does).
    var xcodeFolders: [FolderRule] = []
    /// Swift package target folders and pod folders.
    var folders: [FolderRule] = []
    /// Every module a project file names.
    public internal(set) var declared: Set<String> = []
    /// The project files read (`…/project.pbxproj`, `…/Package.swift`, `…/Pods`), for messages.
    public internal(set) var projectFiles: [String] = []
    /// Modules of targets built as Swift 2 (`SWIFT_VERSION = 2.3`, or a project last saved by
    /// Xcode 7, which wrote no `SWIFT_VERSION`): their methods' selectors follow Swift 2's rules
    /// (`SourceMember.swift2Name`).
    public internal(set) var swift2Modules: Set<String> = []
    /// The project files the walk found, each list sorted: what `read` was given.
    public internal(set) var found = Found()
    /// Every answer the disk gave while they were read, in the order first asked: while each
    /// is the same, a read of `found` gives these modules again (`SourceScanner.survey`).
    public internal(set) var reads: [ProjectRead] = []

    /// The project files a walk of the sources found, by path.
    public struct Found: Hashable, Sendable {
        public var xcodeProjects: [String] = []
        public var packageManifests: [String] = []
        public var podFolders: [String] = []

        public init(xcodeProjects: [String] = [], packageManifests: [String] = [], podFolders: [String] = []) {
            self.xcodeProjects = xcodeProjects
            self.packageManifests = packageManifests
            self.podFolders = podFolders
        }
    }

    /// No project file read.
    public init() {}

    /// The absolute, standardised form of `path` that the map's keys use.
    public static func key(_ path: String) -> String {
        // Foundation's URL work was a tenth of a no-change site rebuild of a 3,700-file app, for
        // paths that are nearly all standard already.
        isStandardAbsolute(path) ? path : foundationKey(path)
    }

    /// `key` through Foundation. No directory hint would make it ask the disk (a stat per
    /// source file).
    static func foundationKey(_ path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path
    }

    /// Whether `path` is absolute with every component neither empty, `.` nor `..` (no `//`, no
    /// trailing `/`): what standardising gives back as it is.
    static func isStandardAbsolute(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        var component = 0
        var dots = 0
        while true {
            let byte = bytes.next()
            if byte == nil || byte == UInt8(ascii: "/") {
                if component == 0 || component == dots && dots <= 2 { return false }
                if byte == nil { return true }
                (component, dots) = (0, 0)
            } else {
                component += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
    }

    /// The modules `path` is compiled into (or, for a document, bundled with); empty when the
    /// project files do not decide it. A file several project files name (an Xcode framework
    /// target and the Swift package beside it) may be in any of their modules.
    public func modules(of path: String) -> Set<String> {
        let membership = self.membership(of: path)
        return membership.undecided ? [] : membership.modules
    }

    /// Whether a target of the project files holds `path` with a module they cannot decide (a
    /// conditional or per-configuration product name, an unreadable xcconfig): the file may be
    /// of any module, unlike a file no project file names.
    public func isUndecided(_ path: String) -> Bool { membership(of: path).undecided }

    private func membership(of path: String) -> (modules: Set<String>, undecided: Bool) {
        let path = Self.key(path)
        var result: Set<String> = []
        if let membership = files[path] {
            if membership.hasUnknown { return ([], true) }
            result = membership.modules
        }
        for rules in [xcodeFolders, folders] {
            let matching = rules.filter { path.hasPrefix($0.folder + "/") && !$0.excluded.contains(path) }
            guard let longest = matching.map(\.folder.count).max() else { continue }
            let chosen = matching.filter { $0.folder.count == longest }
            if chosen.contains(where: { $0.module == nil }) { return ([], true) }
            result.formUnion(chosen.compactMap(\.module))
        }
        return (result, false)
    }

    mutating func add(file path: String, module: String?) {
        var membership = files[path] ?? Membership()
        if let module { membership.modules.insert(module) } else { membership.hasUnknown = true }
        files[path] = membership
        if let module { declared.insert(module) }
    }

    mutating func add(folder: String, module: String?, excluded: Set<String> = [], xcode: Bool) {
        let rule = FolderRule(folder: folder, module: module, excluded: excluded)
        if xcode { xcodeFolders.append(rule) } else { folders.append(rule) }
        if let module { declared.insert(module) }
    }

    /// Xcode's `c99extidentifier`: every character that cannot appear in a C identifier becomes
    /// `_`, and a leading digit gets a `_` before it (how `PRODUCT_MODULE_NAME` and SwiftPM's
    /// module names are derived from target names).
    public static func c99Identifier(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.map { scalar -> Character in
                let isASCIIWord = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
                return isASCIIWord || (!scalar.isASCII && CharacterSet.letters.contains(scalar)) ? Character(scalar) : "_"
            })
        if let first = result.unicodeScalars.first, CharacterSet.decimalDigits.contains(first) { result = "_" + result }
        return result
    }

    /// Reads the project files found while walking the `--sources` folders.
    static func read(_ found: Found) -> ProjectModules {
        var map = ProjectModules()
        map.found = found
        let disk = ProjectFileReads()
        for bundle in found.xcodeProjects {
            let url = URL(fileURLWithPath: bundle, isDirectory: true)
            if XcodeProjectReader.read(bundle: url, into: &map, disk: disk) {
                map.projectFiles.append(url.appendingPathComponent("project.pbxproj").path)
            }
        }
        for manifest in found.packageManifests {
            PackageManifestReader.read(manifest: URL(fileURLWithPath: manifest, isDirectory: false), into: &map, disk: disk)
            map.projectFiles.append(manifest)
        }
        for pods in found.podFolders {
            let names = disk.names(inFolder: pods) ?? []
            for name in names.sorted() where !Self.podSupportFolders.contains(name) && !name.hasPrefix(".") {
                let folder = pods + "/" + name
                guard disk.isFolder(folder), !name.hasSuffix(".xcodeproj") else { continue }
                map.add(folder: key(folder), module: c99Identifier(name), xcode: false)
            }
            map.projectFiles.append(pods)
        }
        map.reads = disk.reads
        return map
    }

    /// Folders of a `Pods` folder that are no pod.
    static let podSupportFolders: Set<String> = ["Target Support Files", "Headers", "Local Podspecs"]

    /// Whether `folder` (named `Pods`) is CocoaPods' (its marker files, or a `Podfile` beside it).
    static func isCocoaPodsFolder(_ folder: URL) -> Bool {
        let manager = FileManager.default
        return ["Manifest.lock", "Pods.xcodeproj", "Target Support Files"].contains {
            manager.fileExists(atPath: folder.appendingPathComponent($0).path)
        } || manager.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("Podfile").path)
    }
}
