import GraphvizRender
import NibDOT
import NibDiagrams
import NibModel

/// Chooses the diagram parts the user asked for with `--scene`: by id or by name (a unique,
/// case-insensitive prefix of the part's title, which `ObjectNaming` gives), for every kind.
public enum DiagramPicker {
    /// The `--scene` value that selects every part.
    public static let all = "all"

    /// The id a user types for a part: the scene or object id token, or the part name.
    public static func partID(_ part: NamedDiagram) -> String {
        for prefix in ["scene-", "object-"] where part.name.hasPrefix(prefix) { return String(part.name.dropFirst(prefix.count)) }
        return part.name
    }

    /// The file a part is written to by `--scene all`: its file-safe name and the format.
    public static func fileName(_ part: NamedDiagram, format: OutputFormat) -> String {
        DOTEscaping.token(part.name) + "." + format.rawValue
    }

    /// How many parts the note under a default drawing lists.
    static let listedParts = 8

    /// The parts to draw: every part for `all`, else the one `scene` names (the first part when
    /// nil, with lines for `note` listing the others). A document drawn whole is cut into its scenes or
    /// top-level objects when `scene` names one of them.
    public static func pick(
        file: String, kind: DiagramKind, scene: String?, options: DiagramOptions, note: (String) -> Void = { _ in }
    ) throws -> [NamedDiagram] {
        let source = try DiagramSource.load(file)
        if kind == .flow, let graph = source.graph, !graph.isStoryboard {
            note("warning: \(file) is no storyboard: its flow only says it has no scenes (--diagram graph draws its objects)")
        }
        let parts = try source.diagrams(kind, options: options)
        guard let scene else {
            if parts.count > 1 {
                note("note: \(file): \(parts.count) parts; drawing '\(partID(parts[0]))'. Pick one with --scene ID|NAME|all:")
                // The first few only: drawing the default of a big storyboard is not an error
                // worth a screen of notes (a --scene that names none lists every part).
                for part in parts.prefix(listedParts) { note("  \(partID(part))  \(part.title)") }
                if parts.count > listedParts {
                    note("  … and \(parts.count - listedParts) more (a --scene that names none of them lists them all)")
                }
            }
            guard let first = parts.first else { throw LocatedError(at: FileLocation(file: file), "nothing to draw") }
            return [first]
        }
        if scene.lowercased() == all { return parts }
        if let part = try match(scene, in: parts, file: file, kind: kind) { return [part] }
        // Not split by default: cut it into every scene / top-level object and look again.
        var finer = options
        finer.sceneSplitThreshold = 0
        finer.objectSplitThreshold = 0
        let fine = try source.diagrams(kind, options: finer)
        if let part = try match(scene, in: fine, file: file, kind: kind) { return [part] }
        var seen = Set<String>()
        let listed = (parts + fine).filter { seen.insert($0.name).inserted }
        let names = listed.map { "  \(partID($0))  \($0.title)" }.joined(separator: "\n")
        throw LocatedError(at: FileLocation(file: file), "no part '\(scene)' in the \(kind.rawValue) diagram; parts (id, name):\n\(names)")
    }

    /// The part `query` names: an exact id or name, else the only title it starts (any case).
    /// Nil when nothing matches; an error listing the candidates when several do.
    public static func match(_ query: String, in parts: [NamedDiagram], file: String, kind: DiagramKind) throws -> NamedDiagram? {
        let token = DOTEscaping.token(query)
        if let part = parts.first(where: { $0.name == query || partID($0) == query || partID($0) == token }) { return part }
        let lowered = query.lowercased()
        let exact = parts.filter { $0.title.lowercased() == lowered }
        if exact.count == 1 { return exact[0] }
        let prefixed = exact.isEmpty ? parts.filter { $0.title.lowercased().hasPrefix(lowered) } : exact
        if prefixed.count == 1 { return prefixed[0] }
        guard prefixed.count > 1 else { return nil }
        let names = prefixed.map { "  \(partID($0))  \($0.title)" }.joined(separator: "\n")
        throw LocatedError(
            at: FileLocation(file: file),
            "'\(query)' names \(prefixed.count) parts of the \(kind.rawValue) diagram; pick one by id:\n\(names)")
    }
}
