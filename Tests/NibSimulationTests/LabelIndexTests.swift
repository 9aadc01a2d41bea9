import NibModel
import NibTestSupport
import Testing

@testable import NibSimulation

/// Object labels (R-CONV-1, E.3 suffixes) from the index equal the labels of the original
/// definition, which rescanned every object per label (and made `makeView` quadratic).
@Suite struct LabelIndexTests {
    /// The original definition, kept here as the reference.
    func referenceLabel(_ instance: Int, in objects: [LiveObject]) -> String {
        let object = objects[instance - 1]
        let base = object.alias ?? object.className
        let sharing = objects.filter { $0.alive && ($0.alias ?? $0.className) == base }
        guard sharing.count > 1 else { return base }
        if let id = object.elementID {
            let sameElement = sharing.filter { $0.elementID == id }
            if sameElement.count > 1, let load = object.load {
                let loads = Set(objects.filter { $0.elementID == object.elementID }.compactMap(\.load))
                return "\(base)#\(id).\(loads.filter { $0 <= load }.count)"
            }
            return "\(base)#\(id)"
        }
        return "\(base)#\(object.codeOrdinal ?? instance)"
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func indexedLabelsEqualTheReferenceThroughRandomCreatesAndReleases(seed: UInt64) {
        let run = SimulationRun(scenario: Scenario(file: "t.yaml", platform: .ios))
        var random = SplitMix64(seed: seed)
        let classes = ["UIView", "UIButton", "Cell"]
        let elements: [ObjectID?] = [nil, "a", "b", "c"]
        for step in 0..<300 {
            if random.next() % 4 == 0, !run.objects.isEmpty {
                let victim = Int(random.next() % UInt64(run.objects.count)) + 1
                run.release([victim])
            } else {
                let element = elements[Int(random.next() % UInt64(elements.count))]
                // Loads arrive out of order too (a nested load numbers before its outer load ends).
                let load = element == nil ? nil : Int(random.next() % 12) + 1
                let alias = random.next() % 7 == 0 ? "the cell" : nil
                run.create(className: classes[Int(random.next() % 3)], elementID: element, load: load, alias: alias)
            }
            guard step % 10 == 0 || step == 299 else { continue }
            for instance in 1...run.objects.count {
                #expect(run.label(instance) == referenceLabel(instance, in: run.objects))
            }
        }
    }
}
