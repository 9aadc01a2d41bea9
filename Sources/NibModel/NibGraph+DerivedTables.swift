import Synchronization

extension NibGraph {
    /// `objectsByID`, computed once per value of `objects` instead of on every call (simulation,
    /// diagrams and the site ask for it dozens of times per document). Copies of a graph share
    /// the table; changing `objects` gives the graph a new, empty one. Not part of the graph's
    /// value: every two tables are equal.
    final class DerivedTables: Hashable, Sendable {
        private let table = Mutex<[ObjectID: NibObject]?>(nil)

        /// The table for `objects` (the first object wins when a document repeats an id).
        func objectsByID(_ objects: [NibObject]) -> [ObjectID: NibObject] {
            if let known = table.withLock({ $0 }) { return known }
            var built: [ObjectID: NibObject] = [:]
            built.reserveCapacity(objects.count)
            for object in objects where built[object.id] == nil { built[object.id] = object }
            table.withLock { $0 = built }
            return built
        }

        static func == (lhs: DerivedTables, rhs: DerivedTables) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
}
