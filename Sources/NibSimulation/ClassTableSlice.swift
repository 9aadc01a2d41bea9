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
        var slice: [String: ClassInfo] = [:]
        var waiting: [String] = []
        for object in graph.objects {
            waiting.append(object.className)
            if let custom = object.customClass { waiting.append(custom) }
        }
        for connection in graph.connections {
            if case .segue(_, let segue) = connection.kind, let custom = segue.customClass { waiting.append(custom) }
        }
        for (name, info) in table where !info.isUser { waiting.append(name) }
        var seen: Set<String> = []
        while let name = waiting.popLast() {
            guard seen.insert(name).inserted, var info = table[name] else { continue }
            if let superclass = info.superclass { waiting.append(superclass) }
            if let substitute = info.behaviour.awakeAfterUsingCoderReturns { waiting.append(substitute) }
            info.source = nil
            slice[name] = info
        }
        return slice
    }
}
