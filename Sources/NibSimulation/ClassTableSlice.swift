import NibModel

extension SimulationOptions {
    /// The entries of a class table a run of `graph` can look up, without their source
    /// locations (messages of `check`, never read by a run): the classes of the document's
    /// objects and segues, the classes their `awakeAfterUsingCoder:` returns, up their
    /// superclasses, and every framework class the sources extend (looked up by framework name,
    /// R-SRC-3). A run of the document with the slice is the run with the whole table, so
    /// what the slice holds is everything the sources tell the run: a site keys a document's
    /// pages on it, and an edit to a class the document does not use plans nothing again.
    public static func classTable(_ table: [String: ClassInfo], seenBy graph: NibGraph) -> [String: ClassInfo] {
        classTable(table, overriddenBy: [:], seenBy: graph)
    }

    /// `classTable(_:seenBy:)` of `table` with the entries of `overrides` in place of its own
    /// (nil: no entry; `SourceIndex.overrides(for:)`), without making that table: a site cuts
    /// every document's slice from the build's one table, which copied for each document was
    /// most of the cost of reading a big project's documents with its sources.
    public static func classTable(
        _ table: [String: ClassInfo], overriddenBy overrides: [String: ClassInfo?], seenBy graph: NibGraph
    ) -> [String: ClassInfo] {
        func entry(_ name: String) -> ClassInfo? {
            if let overridden = overrides[name] { return overridden }
            return table[name]
        }
        var slice: [String: ClassInfo] = [:]
        var waiting: [String] = []
        for object in graph.objects {
            waiting.append(object.className)
            if let custom = object.customClass { waiting.append(custom) }
        }
        for connection in graph.connections {
            if case .segue(_, let segue) = connection.kind, let custom = segue.customClass { waiting.append(custom) }
        }
        // Every framework class: the table's not overridden, and those an override brings.
        for (name, info) in table where !info.isUser && overrides[name] == nil { waiting.append(name) }
        for (name, info) in overrides {
            if let info, !info.isUser { waiting.append(name) }
        }
        var seen: Set<String> = []
        while let name = waiting.popLast() {
            guard seen.insert(name).inserted, var info = entry(name) else { continue }
            if let superclass = info.superclass { waiting.append(superclass) }
            if let substitute = info.behaviour.awakeAfterUsingCoderReturns { waiting.append(substitute) }
            info.source = nil
            slice[name] = info
        }
        return slice
    }
}
