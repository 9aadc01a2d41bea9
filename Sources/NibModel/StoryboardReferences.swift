/// One storyboard of a project, as storyboard references find it.
public struct StoryboardDocument: Sendable {
    /// A key unique in the project, a `/`-separated path (the site uses the document's relative
    /// path, `nibviz check` the file it read).
    public let key: String
    /// The name `UIStoryboard(name:)` and references use: the file name without extension.
    public let name: String
    /// The parsed storyboard.
    public var graph: NibGraph
    /// The names the storyboard answers to: its name and, for a flattened path
    /// (`App__Base.lproj__Main.storyboard`, as the test corpus stores documents), the last part.
    /// Worked out once: the resolver asks every storyboard for every reference.
    public let names: [String]

    /// Creates a storyboard entry; `name` defaults to `key`'s file name without extension.
    public init(key: String, name: String? = nil, graph: NibGraph) {
        self.key = key
        let name = name ?? Self.name(ofPath: key)
        self.name = name
        self.graph = graph
        self.names = Self.names(key: key, name: name)
    }

    /// `Dir/Main.storyboard` → `Main` (the file name without its last extension).
    public static func name(ofPath path: String) -> String {
        // On the bytes of an ASCII path (a `/` or `.` byte is then that character): every
        // simulated document and reference asks, and `Character` splits cost ~30,000 a path.
        let ascii: String? = path.withUTF8Bytes { bytes in
            guard UTF8Validation.isASCII(bytes) else { return nil }
            let last = PathBytes.lastComponent(bytes)
            guard !last.isEmpty else { return path }
            var cut = last.upperBound
            while cut > last.lowerBound, bytes[cut - 1] != UInt8(ascii: ".") { cut -= 1 }
            let stem = cut > last.lowerBound + 1 ? cut - 1 : last.upperBound
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[last.lowerBound..<stem]), as: UTF8.self)
        }
        if let ascii { return ascii }
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    static func names(key: String, name: String) -> [String] {
        let file = key.split(separator: "/").last.map(String.init) ?? key
        guard let range = file.ranges(of: "__").last,
            case let tail = Self.name(ofPath: String(file[range.upperBound...])), !tail.isEmpty, tail != name
        else { return [name] }
        return [name, tail]
    }
}

/// Which storyboard, and which scene of it, a storyboard reference opens: the one resolver the
/// site, the app map and `nibviz check` (R-CHK-6) share.
public enum StoryboardReferenceResolver {
    /// The index in `storyboards` of the storyboard `reference` opens; `from` is the index of the
    /// storyboard holding the reference (a reference without a storyboard name stays in it).
    /// When several storyboards have the name (an app's and an extension's `Main`), the one
    /// nearest the referring storyboard wins: `UIStoryboard(name:bundle:)` looks in the referring
    /// storyboard's own bundle, whose files share the longest folder path with it (the referring
    /// storyboard itself first, then the first of the most shared folders). Nil when no
    /// storyboard has the name, or `reference` is not a storyboard reference.
    public static func storyboard(of reference: NibObject, from: Int, in storyboards: [StoryboardDocument]) -> Int? {
        guard reference.placeholder == PlaceholderIdentifier.storyboardReference else { return nil }
        guard let name = reference.attributes["storyboardName"], !name.isEmpty else {
            return storyboards.indices.contains(from) ? from : nil
        }
        if storyboards.indices.contains(from), storyboards[from].names.contains(name) { return from }
        let candidates = storyboards.indices.filter { storyboards[$0].names.contains(name) }
        guard let first = candidates.first else { return nil }
        let origin = storyboards.indices.contains(from) ? storyboards[from].key : ""
        return candidates.dropFirst().reduce(first) { best, candidate in
            sharedFolders(storyboards[candidate].key, origin) > sharedFolders(storyboards[best].key, origin) ? candidate : best
        }
    }

    /// Where `reference` leads: the storyboard's index and the scene it opens (the scene whose
    /// controller has the referenced storyboard id, else the initial controller's scene; nil when
    /// neither is found).
    public static func target(of reference: NibObject, from: Int, in storyboards: [StoryboardDocument]) -> (
        storyboard: Int, scene: String?
    )? {
        guard let index = storyboard(of: reference, from: from, in: storyboards) else { return nil }
        let graph = storyboards[index].graph
        let objects = graph.objectsByID
        if let identifier = reference.attributes["referencedIdentifier"], !identifier.isEmpty {
            let scene = graph.scenes.first { scene in scene.controller.flatMap { objects[$0] }?.storyboardIdentifier == identifier }
            return (index, scene?.id)
        }
        let initial = graph.initialViewController
        return (index, graph.scenes.first { $0.controller != nil && $0.controller == initial }?.id)
    }

    /// How many leading folders two `/`-separated paths have in common (`.lproj` folders are
    /// a bundle's localizations, not a place of their own, so they do not count).
    public static func sharedFolders(_ a: String, _ b: String) -> Int {
        func folders(_ path: String) -> [Substring] { path.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") } }
        return zip(folders(a), folders(b)).prefix { $0 == $1 }.count
    }
}
