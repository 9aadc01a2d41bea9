import NibModel

/// Collects the objects, connections and diagnostics a compiled-nib reader finds and turns
/// them into a `NibGraph` in document order (pre-order over parents, R-CONV-5).
struct CompiledGraphBuilder {
    let table: ArchivedObjectTable
    var objects: [Int: NibObject] = [:]
    /// Archive order of the objects added, for stable sibling order.
    var order: [Int] = []
    var connections: [Connection] = []
    var diagnostics: [Diagnostic] = []
    /// Archive index → model id.
    var ids: [Int: ObjectID] = [:]

    init(table: ArchivedObjectTable) { self.table = table }

    var file: String { table.file }

    mutating func warn(_ message: String, at index: Int? = nil) {
        guard let offset = index.flatMap({ table.object($0)?.offset }) else {
            return diagnostics.append(Diagnostic(.warning, at: FileLocation(file: file), message))
        }
        let (location, text) = table.located(message, at: offset)
        diagnostics.append(Diagnostic(.warning, at: location, text))
    }

    mutating func note(_ message: String) {
        diagnostics.append(Diagnostic(.note, at: FileLocation(file: file), message))
    }

    /// Prefixed to archive numbers used as ids (`archive-` where real IB ids exist beside them).
    var numberPrefix = ""

    /// The model id of archive object `index`: its archive number unless the reader assigned one.
    func id(_ index: Int) -> ObjectID { ids[index] ?? ObjectID(numberPrefix + String(index)) }

    mutating func add(_ object: NibObject, index: Int) {
        guard objects[index] == nil else { return }
        objects[index] = object
        order.append(index)
    }

    /// Adds an object that is not in this archive's table (a prototype cell's, from a nested
    /// nib) after everything added so far; it keeps its own id.
    mutating func addNested(_ object: NibObject) {
        let key = -(order.count + 1)  // negative keys never meet an archive index
        objects[key] = object
        order.append(key)
    }

    /// The finished graph; parent cycles are broken and diagnosed.
    mutating func graph(format: NibGraph.Format, platform: Platform, documentType: String) -> NibGraph {
        let (list, cyclic) = orderedObjects()
        for id in cyclic { warn("object \(id) is its own ancestor (a parent cycle); shown as a top-level object") }
        return NibGraph(
            file: file, format: format, documentType: documentType, platform: platform, objects: list,
            connections: connections, diagnostics: diagnostics)
    }

    /// The objects in pre-order: roots in `order`, each followed by its children in `order`.
    private func orderedObjects() -> ([NibObject], [ObjectID]) {
        var children: [ObjectID: [Int]] = [:]
        var roots: [Int] = []
        let known = Set(objects.values.map(\.id))
        for index in order {
            guard let object = objects[index] else { continue }
            if let parent = object.parent, known.contains(parent), parent != object.id {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var result: [NibObject] = []
        var visited = Set<Int>()
        var stack = roots.reversed().map { $0 }
        while let index = stack.popLast() {
            guard visited.insert(index).inserted, let object = objects[index] else { continue }
            result.append(object)
            stack.append(contentsOf: (children[object.id] ?? []).reversed())
        }
        // Objects only reachable through a parent cycle: listed last, their cycle broken.
        var cyclic: [ObjectID] = []
        for index in order where !visited.contains(index) {
            guard var object = objects[index] else { continue }
            object.parent = nil
            cyclic.append(object.id)
            result.append(object)
        }
        return (result, cyclic)
    }
}

extension ArchivedObjectTable {
    /// The class name of the object a value refers to.
    func className(_ value: ArchivedValue?) -> String? { target(value).flatMap { object($0)?.className } }
}
