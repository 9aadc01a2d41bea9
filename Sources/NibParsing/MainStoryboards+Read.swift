import CStringSearch
import Foundation
import NibModel

extension MainStoryboards {
    /// Keys of an Info.plist that name the storyboard the app (or extension) loads at launch.
    static let namingKeys = ["UIMainStoryboardFile", "NSMainStoryboardFile", "NSExtensionMainStoryboard", "UILaunchStoryboardName"]
    /// Keys only an app's or extension's Info.plist has: with one of them and no naming key, the
    /// app loads every storyboard from code.
    static let appKeys = ["LSRequiresIPhoneOS", "UIApplicationSceneManifest", "NSExtension"]
    /// Larger files are not an Info.plist or project file nibviz reads.
    static let sizeLimit = 4 << 20

    /// The app Info.plists (`Info.plist`, `*-Info.plist`) and Xcode project files under the
    /// folders among `inputs`, except those `exclusion` leaves out, relative to each input's
    /// parent folder (as the site names documents).
    public static func appFiles(under inputs: [URL], exclusion: InputExclusion = InputExclusion([])) -> AppFiles {
        var result = AppFiles()
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder), isFolder.boolValue,
                InputClassifier.kind(of: input) == nil
            else { continue }
            let base = input.lastPathComponent
            var paths: [String] = []
            FolderWalk.walk(input.path) { path, name, type in
                // Not into hidden folders, inputs (a nib bundle's own Info.plist is no app's) or
                // what the user excluded.
                let isInput =
                    InputClassifier.kind(named: name) != nil
                    && InputClassifier.kind(of: input.appendingPathComponent(path, isDirectory: type == .directory)) != nil
                if name.hasPrefix(".") || isInput || exclusion.pattern(excluding: path) != nil {
                    return false
                }
                if name == "Info.plist" || name.hasSuffix("-Info.plist") || (name == "project.pbxproj" && path.contains(".xcodeproj/")) {
                    paths.append(path)
                }
                return type == .directory
            }
            for path in paths.sorted() {
                let url = input.appendingPathComponent(path)
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                    let size = attributes[.size] as? Int, size <= sizeLimit, let data = FileManager.default.contents(atPath: url.path)
                else { continue }
                let relative = base + "/" + path
                let found = path.hasSuffix("project.pbxproj") ? projectNamings(data, file: relative) : plistNamings(data, file: relative)
                guard let found else { continue }
                result.files.append(relative)
                result.namings += found
            }
        }
        return result
    }

    /// The names an Info.plist gives; nil when it is not an app's or extension's Info.plist.
    static func plistNamings(_ data: Data, file: String) -> [Naming]? {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return nil }
        var namings: [Naming] = []
        for (key, value) in plist.sorted(by: { $0.key < $1.key }) {
            let base = key.split(separator: "~").first.map(String.init) ?? key
            if namingKeys.contains(base), let name = value as? String { namings.append(Naming(file: file, key: key, name: name)) }
        }
        if let manifest = plist["UIApplicationSceneManifest"] {
            namings += strings(for: "UISceneStoryboardFile", in: manifest).map {
                Naming(file: file, key: "UISceneStoryboardFile", name: $0)
            }
        }
        if let extensionInfo = plist["NSExtension"] {
            namings += strings(for: "NSExtensionMainStoryboard", in: extensionInfo).map {
                Naming(file: file, key: "NSExtensionMainStoryboard", name: $0)
            }
        }
        // Build-setting values (`$(…)`) cannot be read without the build: not a name.
        namings = namings.filter { !$0.name.isEmpty && !$0.name.contains("$(") }
        let isApp =
            !namings.isEmpty || appKeys.contains { plist[$0] != nil } || (plist["CFBundlePackageType"] as? String) == "APPL"
            || ((plist["NSPrincipalClass"] as? String)?.hasSuffix("Application") ?? false)
        return isApp ? namings : nil
    }

    /// Every string value of `key` inside `value` (dictionaries and arrays, depth first, keys in order).
    static func strings(for key: String, in value: Any) -> [String] {
        if let dictionary = value as? [String: Any] {
            return dictionary.keys.sorted().flatMap { name -> [String] in
                if name == key, let text = dictionary[name] as? String { return [text] }
                return dictionary[name].map { strings(for: key, in: $0) } ?? []
            }
        }
        if let array = value as? [Any] { return array.flatMap { strings(for: key, in: $0) } }
        return []
    }

    /// The names a generated Info.plist gets from an Xcode project's build settings
    /// (`INFOPLIST_KEY_UIMainStoryboardFile = Main;`); nil when it sets none.
    static func projectNamings(_ data: Data, file: String) -> [Naming]? {
        // Only the lines holding the marker are decoded and trimmed: splitting and trimming every
        // line of a megabyte's project file was a quarter of a no-change rebuild of a real app.
        let marker = Array("INFOPLIST_KEY_".utf8)
        let lines: [Substring] = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return [] }
            func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C }
            var found: [Substring] = []
            var offset = 0
            while offset < bytes.count, let hit = memmem(base + offset, bytes.count - offset, marker, marker.count) {
                let position = base.distance(to: UnsafeRawPointer(hit))
                var start = position
                while start > 0, !isNewline(bytes[start - 1]) { start -= 1 }
                var end = position + marker.count
                while end < bytes.count, !isNewline(bytes[end]) { end += 1 }
                found.append(Substring(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
                offset = end
            }
            return found
        }
        var namings: [Naming] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("INFOPLIST_KEY_"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals]).trimmingCharacters(in: .whitespaces)
            let setting = String(key.dropFirst("INFOPLIST_KEY_".count))
            let base = setting.split(separator: "~").first.map(String.init) ?? setting
            guard namingKeys.contains(base) else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            guard !value.isEmpty, !value.contains("$("),
                !namings.contains(where: { $0.name == value && $0.key == key })
            else { continue }
            namings.append(Naming(file: file, key: key, name: value))
        }
        return namings.isEmpty ? nil : namings
    }
}
