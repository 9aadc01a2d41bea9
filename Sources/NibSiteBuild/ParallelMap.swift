import Foundation

/// A count that several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
    /// The count so far.
    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
