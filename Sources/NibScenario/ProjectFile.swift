import Foundation
import NibModel
import NibParsing
import Yams

/// `.nibviz.yml` at the root of an input folder: the project's settings for `site` and
/// `inspect` (command-line options win over it).
///
/// ```yaml
/// title: AltStore
/// exclude: [Pods, "*/Tests/*"]
/// sources: [AltStore, AltKit]        # folders of Swift/Objective-C sources, relative to this file
/// platform: { name: ios, osVersion: "16.0", idiom: pad }   # or just `platform: ios`
/// ```
/// Unknown keys are errors that list the known ones.
public struct ProjectFile: Sendable, Hashable {
    /// The platform a project's app runs on, and the OS version and idiom its documents are
    /// simulated at (what `simulate --platform --os --idiom` set for one run).
    public struct PlatformDefaults: Sendable, Hashable {
        /// `ios` or `macos`: the documents these defaults apply to.
        public var platform: Platform
        /// The OS version those documents are simulated at (nil: nibviz's default for the platform).
        public var osVersion: OSVersion?
        /// The iOS idiom (nil: phone).
        public var idiom: Idiom?

        /// Creates defaults.
        public init(platform: Platform, osVersion: OSVersion? = nil, idiom: Idiom? = nil) {
            self.platform = platform
            self.osVersion = osVersion
            self.idiom = idiom
        }
    }

    /// The file name looked for at an input folder's root.
    public static let name = ".nibviz.yml"

    /// The project's name on the site's home page.
    public var title: String?
    /// Glob patterns of inputs left out (`InputExclusion`).
    public var exclude: [String] = []
    /// Folders (or files) of the app's Swift and Objective-C sources, as written: relative to
    /// the project file's folder unless absolute (`sourceURLs(relativeTo:)`).
    public var sources: [String] = []
    /// The project's platform defaults, nil when the file has none.
    public var platform: PlatformDefaults?

    /// Creates an empty project file.
    public init() {}

    /// The project file of `folder`, nil when it has none; a file that cannot be read is an
    /// error naming its line.
    public static func read(in folder: URL) throws -> ProjectFile? {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw LocatedError(at: FileLocation(file: url.path), "cannot read the project file: \(error.localizedDescription)")
        }
        return try parse(yaml: text, file: url.path)
    }

    /// Parses a project file's text; errors carry `file:line:col`.
    public static func parse(yaml: String, file: String) throws -> ProjectFile {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { return ProjectFile() }
            root = node
        } catch let error as YamlError {
            throw LocatedError(at: ScenarioParser.yamlLocation(error, file: file), "invalid YAML: \(ScenarioParser.yamlProblem(error))")
        }
        var project = ProjectFile()
        let fields = try YAMLNode(node: root, file: file).fields(
            "the project file", allowed: ["title", "exclude", "sources", "platform"])
        project.title = try fields.string("title")
        project.exclude = try fields["exclude"]?.strings("'exclude'") ?? []
        project.sources = try fields["sources"]?.strings("'sources'") ?? []
        if let node = fields["platform"], !node.isNull { project.platform = try platformDefaults(node) }
        return project
    }

    /// `platform: ios`, or `platform: { name: ios, osVersion: "16.0", idiom: pad }`.
    static func platformDefaults(_ node: YAMLNode) throws -> PlatformDefaults {
        let names = ["ios", "macos"]
        if case .scalar = node.node {
            return PlatformDefaults(platform: Platform(rawValue: try node.choice("'platform'", names)) ?? .ios)
        }
        let fields = try node.fields("'platform'", allowed: ["name", "osVersion", "idiom"], required: ["name"])
        let name = try (fields["name"] ?? node).choice("'platform.name'", names)
        var defaults = PlatformDefaults(platform: Platform(rawValue: name) ?? .ios)
        if let version = fields["osVersion"] { defaults.osVersion = try ScenarioParser.version(version, "'platform.osVersion'") }
        if let idiom = fields["idiom"] {
            guard defaults.platform == .ios else { throw idiom.error("'platform.idiom' is for ios; this project's platform is macos") }
            defaults.idiom = Idiom(rawValue: try idiom.choice("'platform.idiom'", Idiom.allCases.map(\.rawValue)))
        }
        return defaults
    }

    /// The `sources` folders as URLs: relative ones below `folder` (the project file's folder).
    public func sourceURLs(relativeTo folder: URL) -> [URL] {
        sources.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) }
    }
}
