import NibModel

/// The counts behind object labels (R-CONV-1, E.3 suffixes), kept up to date as objects are
/// created and released, so labelling an event costs the same whatever the number of objects
/// (a `makeView` loop of 10,000 views was quadratic when each label scanned every object).
/// `SimulationRun.objects` changes only through `create` and `release`, which update it.
struct LabelIndex {
    private struct ElementKey: Hashable {
        let base: String
        let element: ObjectID
    }

    /// Alive objects by label base (alias or class).
    private var aliveByBase: [String: Int] = [:]
    /// Alive objects by label base and element id.
    private var aliveByElement: [ElementKey: Int] = [:]
    /// The distinct loads that instantiated each element, ascending.
    private var loadsByElement: [ObjectID: [Int]] = [:]
    /// Code objects (no element) created so far, by class.
    private var codeObjects: [String: Int] = [:]

    /// Alive objects labelled `base`.
    func alive(base: String) -> Int { aliveByBase[base] ?? 0 }

    /// Alive objects labelled `base` unarchived from `element`.
    func alive(base: String, element: ObjectID) -> Int { aliveByElement[ElementKey(base: base, element: element)] ?? 0 }

    /// The 1-based ordinal of `load` among the loads that instantiated `element`.
    func loadOrdinal(element: ObjectID, load: Int) -> Int {
        let loads = loadsByElement[element] ?? []
        var low = 0
        var high = loads.count
        while low < high {
            let middle = (low + high) / 2
            if loads[middle] <= load { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The creation ordinal the next code object of `className` gets (E.3 `#<n>`).
    func nextCodeOrdinal(_ className: String) -> Int { (codeObjects[className] ?? 0) + 1 }

    mutating func created(_ object: LiveObject) {
        let base = object.alias ?? object.className
        aliveByBase[base, default: 0] += 1
        guard let element = object.elementID else {
            codeObjects[object.className, default: 0] += 1
            return
        }
        aliveByElement[ElementKey(base: base, element: element), default: 0] += 1
        if let load = object.load {
            var loads = loadsByElement[element] ?? []
            if let last = loads.last, last < load {
                loads.append(load)
            } else if !loads.contains(load) {
                loads.append(load)
                loads.sort()
            }
            loadsByElement[element] = loads
        }
    }

    mutating func released(_ object: LiveObject) {
        let base = object.alias ?? object.className
        aliveByBase[base, default: 1] -= 1
        if let element = object.elementID { aliveByElement[ElementKey(base: base, element: element), default: 1] -= 1 }
    }
}
