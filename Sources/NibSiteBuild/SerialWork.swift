import Foundation

/// Work done in order on a thread of its own, or at once on the caller's thread when the build
/// is serial (`--jobs 1`); `wait()` returns once everything handed over is done. The site
/// writes cache files and page files through it, so the thread that lays out pages does not
/// wait for the file system.
final class SerialWork: @unchecked Sendable {
    private let queue: DispatchQueue
    private let group = DispatchGroup()
    private let threaded: Bool

    init(label: String, threaded: Bool) {
        queue = DispatchQueue(label: label)
        self.threaded = threaded
    }

    /// Runs `work` after everything handed over before it.
    func run(_ work: @escaping @Sendable () -> Void) {
        guard threaded else { return work() }
        queue.async(group: group, execute: work)
    }

    /// Waits until everything handed over is done.
    func wait() { group.wait() }
}
