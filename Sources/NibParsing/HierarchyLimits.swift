import NibModel

/// Bounds the object hierarchy a reader built. XML nesting is limited while parsing, but the
/// archive format and compiled nibs link parents by reference (`NSSuperview`, object records), so a flat file
/// can describe a chain of 30,000 views; every recursive walk over the model (inspect,
/// textconv, diagrams, diffs) would then overflow the stack or run for minutes.
enum HierarchyLimits {
    /// Throws at the first object (in document order) deeper than `InputLimits.maxElementDepth`.
    static func check(_ graph: NibGraph) throws {
        let byID = graph.objectsByID
        var depth: [ObjectID: Int] = [:]
        for object in graph.objects {
            // Walk up to an object of known depth (or the top), then fill the chain in.
            var chain: [ObjectID] = []
            var seen: Set<ObjectID> = []
            var current: ObjectID? = object.id
            var base = 0
            while let id = current {
                if let known = depth[id] {
                    base = known
                    break
                }
                guard seen.insert(id).inserted else { break }  // a parent cycle: its own diagnostic
                chain.append(id)
                current = byID[id]?.parent
            }
            for (offset, id) in chain.reversed().enumerated() { depth[id] = base + offset + 1 }
            if let value = depth[object.id], value > InputLimits.maxElementDepth {
                throw LocatedError(
                    at: FileLocation(file: graph.file, line: max(object.line, 1), column: 1),
                    "objects nested more than \(InputLimits.maxElementDepth) levels deep through parent references (the limit)",
                    readerLimitation: true)
            }
        }
    }
}
