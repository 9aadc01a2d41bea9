import Foundation

/// Reads an Xcode project's `project.pbxproj` (an OpenStep property list, which Foundation
/// parses) into `ProjectModules`: for every native target, its module name
/// (`PRODUCT_MODULE_NAME`, by default `$(PRODUCT_NAME:c99extidentifier)`, `PRODUCT_NAME` by
/// default `$(TARGET_NAME)`; target settings over its xcconfig over the project's) and the files
/// of its Sources and Resources phases and synchronized folders. A name that depends on
/// anything else (an unreadable xcconfig, a conditional setting, another variable) is unknown.
enum XcodeProjectReader {
    typealias Object = [String: Any]

    /// Reads `bundle` (a `.xcodeproj` folder); false when its project file is unreadable.
    static func read(bundle: URL, into map: inout ProjectModules, disk: ProjectFileReads) -> Bool {
        guard let data = disk.contents(bundle.appendingPathComponent("project.pbxproj").path),
            let plist = (OpenStepPropertyList.read(data) ?? (try? PropertyListSerialization.propertyList(from: data, format: nil)))
                as? Object,
            let objects = plist["objects"] as? Object, let rootID = plist["rootObject"] as? String,
            let root = objects[rootID] as? Object
        else { return false }
        var projectDirectory = bundle.deletingLastPathComponent().path
        if let directory = root["projectDirPath"] as? String, !directory.isEmpty {
            projectDirectory = directory.hasPrefix("/") ? directory : projectDirectory + "/" + directory
        }
        let project = Project(objects: objects, directory: ProjectModules.key(projectDirectory), root: root, disk: disk)
        for targetID in root["targets"] as? [String] ?? [] {
            guard let target = objects[targetID] as? Object, target["isa"] as? String == "PBXNativeTarget" else { continue }
            project.add(target: target, targetID: targetID, into: &map)
        }
        return true
    }

    /// One project: its objects and the absolute path of every group and file reference.
    struct Project {
        let objects: Object
        let directory: String
        let root: Object
        /// Where the xcconfigs and localisation folders are read.
        let disk: ProjectFileReads
        let paths: [String: String]
        /// Every synchronized folder group, once for all the targets.
        let synchronizedGroups: [String]

        init(objects: Object, directory: String, root: Object, disk: ProjectFileReads) {
            self.objects = objects
            self.directory = directory
            self.root = root
            self.disk = disk
            var paths: [String: String] = [:]
            if let main = root["mainGroup"] as? String {
                Self.walk(main, parent: directory, sourceRoot: directory, objects, &paths, depth: 0)
            }
            self.paths = paths
            synchronizedGroups = objects.compactMap { id, object in
                (object as? Object)?["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" ? id : nil
            }
        }

        /// Group paths: `<group>` relative to the parent group, `SOURCE_ROOT` to the project folder,
        /// `<absolute>` as written; other trees (SDK, build products) are not the project's files.
        static func walk(
            _ id: String, parent: String, sourceRoot: String, _ objects: Object, _ paths: inout [String: String], depth: Int
        ) {
            guard depth < 64, paths[id] == nil, let object = objects[id] as? Object else { return }
            let tree = object["sourceTree"] as? String ?? "<group>"
            let base: String
            switch tree {
            case "<group>": base = parent
            case "SOURCE_ROOT": base = sourceRoot
            case "<absolute>": base = ""
            default: return
            }
            let path: String
            if let own = object["path"] as? String, !own.isEmpty {
                path = ProjectModules.key(own.hasPrefix("/") ? own : base + "/" + own)
            } else {
                path = base
            }
            paths[id] = path
            for child in object["children"] as? [String] ?? [] {
                walk(child, parent: path, sourceRoot: sourceRoot, objects, &paths, depth: depth + 1)
            }
        }

        func add(target: Object, targetID: String, into map: inout ProjectModules) {
            let name = target["name"] as? String ?? ""
            let module = moduleName(target: target, name: name)
            if let module, isSwift2(target: target) { map.swift2Modules.insert(module) }
            for phaseID in target["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID] as? Object,
                    ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"].contains(phase["isa"] as? String ?? "")
                else { continue }
                for fileID in phase["files"] as? [String] ?? [] {
                    guard let file = objects[fileID] as? Object, let reference = file["fileRef"] as? String else { continue }
                    for path in filePaths(reference) { map.add(file: path, module: module) }
                }
            }
            let ownGroups = target["fileSystemSynchronizedGroups"] as? [String] ?? []
            for groupID in ownGroups {
                guard let folder = paths[groupID] else { continue }
                let excluded = Set(exceptions(of: groupID, for: targetID).flatMap { expanded($0, in: folder) })
                map.add(folder: folder, module: module, excluded: excluded, xcode: true)
            }
            // A file of another target's synchronized folder that an exception set names for this
            // target is one of this target's files (Xcode's membership of a single file).
            for groupID in synchronizedGroups where !ownGroups.contains(groupID) {
                guard let folder = paths[groupID] else { continue }
                for relative in exceptions(of: groupID, for: targetID) {
                    for path in expanded(relative, in: folder) { map.add(file: path, module: module) }
                }
            }
        }

        /// The paths (relative to the folder) the exception sets of synchronized group `groupID`
        /// name for target `targetID`.
        func exceptions(of groupID: String, for targetID: String) -> [String] {
            let group = objects[groupID] as? Object
            return (group?["exceptions"] as? [String] ?? []).flatMap { exceptionID -> [String] in
                guard let exception = objects[exceptionID] as? Object, exception["target"] as? String == targetID else { return [] }
                return exception["membershipExceptions"] as? [String] ?? []
            }
        }

        /// The absolute paths an exception names: `Sub/File.swift`, or `/Localized/Sub/Panel.xib`
        /// for every localisation of the file (`Sub/Base.lproj/Panel.xib`, `Sub/de.lproj/…`).
        func expanded(_ relative: String, in folder: String) -> [String] {
            let localized = "/Localized/"
            guard relative.hasPrefix(localized) else { return [ProjectModules.key(folder + "/" + relative)] }
            let rest = relative.dropFirst(localized.count)
            let slash = rest.lastIndex(of: "/")
            let directory = folder + (slash.map { "/" + rest[..<$0] } ?? "")
            let name = slash.map { String(rest[rest.index(after: $0)...]) } ?? String(rest)
            let variants = disk.names(inFolder: directory)?.filter { $0.hasSuffix(".lproj") } ?? []
            return variants.sorted().map { ProjectModules.key(directory + "/" + $0 + "/" + name) }
        }

        /// A file reference's path; a variant group (a localised storyboard) gives its children's.
        func filePaths(_ id: String) -> [String] {
            guard let object = objects[id] as? Object else { return [] }
            if object["isa"] as? String == "PBXVariantGroup" {
                return (object["children"] as? [String] ?? []).compactMap { paths[$0] }
            }
            return paths[id].map { [$0] } ?? []
        }

        /// Whether the target compiles its Swift as Swift 2: a configuration's `SWIFT_VERSION`
        /// (target over project, settings over xcconfig) is 1.x or 2.x; or none sets one in a
        /// project Xcode 7 or earlier last saved (`LastSwiftUpdateCheck`/`LastUpgradeCheck` below
        /// 0800: Xcode 8 made every Swift target state its version, 2.3 or 3.0).
        func isSwift2(target: Object) -> Bool {
            let versions = layers(of: target).compactMap { Self.setting("SWIFT_VERSION", in: $0) ?? nil }
            if !versions.isEmpty { return versions.contains { $0.hasPrefix("1") || $0.hasPrefix("2") } }
            let attributes = root["attributes"] as? Object ?? [:]
            let saved = ["LastSwiftUpdateCheck", "LastUpgradeCheck"].compactMap { (attributes[$0] as? String).flatMap { Int($0) } }
            return !saved.isEmpty && saved.allSatisfy { $0 < 800 }
        }

        /// Each of the target's configurations with the project's of the same name behind it:
        /// the layers a build setting is looked up through.
        func layers(of target: Object) -> [[Configuration]] {
            let projectConfigurations = Dictionary(
                configurations(root["buildConfigurationList"]).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            return configurations(target["buildConfigurationList"]).map { [$0, projectConfigurations[$0.name]].compactMap { $0 } }
        }

        /// The target's module name when every configuration decides the same one; nil otherwise.
        func moduleName(target: Object, name: String) -> String? {
            var names: Set<String?> = []
            for layers in layers(of: target) { names.insert(moduleName(layers: layers, targetName: name)) }
            guard names.count == 1, let only = names.first else { return nil }
            return only
        }

        struct Configuration {
            var name: String
            var settings: Object
            /// The xcconfig's settings; nil when it is named but unreadable.
            var xcconfig: [String: String]?
        }

        func configurations(_ listID: Any?) -> [Configuration] {
            guard let listID = listID as? String, let list = objects[listID] as? Object else { return [] }
            return (list["buildConfigurations"] as? [String] ?? []).compactMap { id in
                guard let object = objects[id] as? Object else { return nil }
                var xcconfig: [String: String]? = [:]
                if let reference = object["baseConfigurationReference"] as? String {
                    let path = paths[reference]
                    // CocoaPods' generated `Pods-<Target>.<config>.xcconfig` (often not checked in)
                    // sets search paths and flags, never the product or module name.
                    let isCocoaPods = path.map { ($0 as NSString).lastPathComponent.hasPrefix("Pods-") } ?? false
                    xcconfig = path.flatMap { XcconfigReader.settings(at: $0, depth: 0, disk: disk) } ?? (isCocoaPods ? [:] : nil)
                }
                return Configuration(
                    name: object["name"] as? String ?? "", settings: object["buildSettings"] as? Object ?? [:], xcconfig: xcconfig)
            }
        }

        /// `PRODUCT_MODULE_NAME` through the layers (target, then project; each its settings, then its xcconfig).
        func moduleName(layers: [Configuration], targetName: String) -> String? {
            guard let product = Self.setting("PRODUCT_NAME", in: layers) ?? "$(TARGET_NAME)",
                let module = Self.setting("PRODUCT_MODULE_NAME", in: layers) ?? "$(PRODUCT_NAME:c99extidentifier)",
                let expandedProduct = BuildSettingExpander.expand(product, ["TARGET_NAME": targetName]),
                let expanded = BuildSettingExpander.expand(module, ["TARGET_NAME": targetName, "PRODUCT_NAME": expandedProduct]),
                !expanded.isEmpty
            else { return nil }
            return expanded
        }

        /// Build setting `key` through `layers` (target, then project; each its settings, then
        /// its xcconfig): nil when no layer sets it, `.some(nil)` when its value cannot be known
        /// here (a conditional `KEY[sdk=…]` setting, an unreadable xcconfig).
        static func setting(_ key: String, in layers: [Configuration]) -> String?? {
            for layer in layers {
                if layer.settings.keys.contains(where: { $0.hasPrefix(key + "[") }) { return .some(nil) }
                if let value = layer.settings[key] as? String { return .some(value) }
                guard let xcconfig = layer.xcconfig else { return .some(nil) }
                if xcconfig.keys.contains(where: { $0.hasPrefix(key + "[") }) { return .some(nil) }
                if let value = xcconfig[key] { return .some(value) }
            }
            return .none
        }
    }
}
