import Synchronization

extension NibGraph {
    /// `objectsByID`, `childrenByParent` and each controller's `SceneNibs`, computed once per
    /// value of `objects` and `connections` instead of on every call (simulation, diagrams and
    /// the site ask for them dozens of times per document). Copies of a graph share the tables;
    /// changing `objects` or `connections` gives the graph new, empty ones. Not part of the
    /// graph's value: every two are equal.
    final class DerivedTables: Hashable, Sendable {
        private let table = Mutex<[ObjectID: NibObject]?>(nil)
        private let children = Mutex<[ObjectID: [ObjectID]]?>(nil)
        private let scenes = Mutex<[ObjectID: SceneNibs?]>([:])

        /// The table of `objects` by id (the first object wins when a document repeats an id).
        func objectsByID(_ objects: [NibObject]) -> [ObjectID: NibObject] {
            if let known = table.withLock({ $0 }) { return known }
            var built: [ObjectID: NibObject] = [:]
            built.reserveCapacity(objects.count)
            for object in objects where built[object.id] == nil { built[object.id] = object }
            table.withLock { $0 = built }
            return built
        }

        /// The direct children of each object of `objects`, in document order (a diagram per
        /// scene and every unit of a big storyboard walk the containment tree).
        func childrenByParent(_ objects: [NibObject]) -> [ObjectID: [ObjectID]] {
            if let known = children.withLock({ $0 }) { return known }
            var built: [ObjectID: [ObjectID]] = [:]
            for object in objects {
                if let parent = object.parent { built[parent, default: []].append(object.id) }
            }
            children.withLock { $0 = built }
            return built
        }

        /// The two nibs of the scene of `controller`, split once per graph: a storyboard's run,
        /// its launch and its cells' identifiers each ask for a controller's nibs, and each split
        /// filters the whole document (1.5 % of a corpus site build's own CPU).
        func sceneNibs(_ controller: ObjectID, split: () -> SceneNibs?) -> SceneNibs? {
            if let known = scenes.withLock({ $0[controller] }) { return known }
            let built = split()
            scenes.withLock { $0[controller] = .some(built) }
            return built
        }

        /// Drops every table (they are built again when next asked for).
        func forget() {
            table.withLock { $0 = nil }
            children.withLock { $0 = nil }
            scenes.withLock { $0 = [:] }
        }

        static func == (lhs: DerivedTables, rhs: DerivedTables) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
}
