import Foundation
import Synchronization

/// Maps on `jobs` threads at most (1: in order on this thread), keeping order.
package func parallelMap<T: Sendable, R>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
    guard jobs > 1, items.count > 1 else { return items.map(transform) }
    let box = ResultBox<R>(count: items.count)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            box.set(index, transform(items[index]))
        }
    }
    return box.values()
}

/// One slot per item, filled from any thread, read once all are.
final class ResultBox<R>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [R?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: R) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }
    func values() -> [R] { storage.compactMap { $0 } }
}
