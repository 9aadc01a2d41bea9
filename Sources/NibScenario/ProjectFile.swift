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
/// ```
/// Unknown keys are errors that list the known ones.
public struct ProjectFile: Sendable, Hashable {
    /// The file name looked for at an input folder's root.
    public static let name = ".nibviz.yml"

    /// The project's name on the site's home page.
    public var title: String?
    /// Glob patterns of inputs left out (`InputExclusion`).
    public var exclude: [String] = []

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
        let fields = try YAMLNode(node: root, file: file).fields("the project file", allowed: ["title", "exclude"])
        project.title = try fields.string("title")
        project.exclude = try fields["exclude"]?.strings("'exclude'") ?? []
        return project
    }
}
