import Foundation

/// Maps in parallel (2+ cores), keeping order.
func parallelMap<T: Sendable, R>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
    let box = ResultBox<R>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        box.set(index, transform(items[index]))
    }
    return box.values()
}

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

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
