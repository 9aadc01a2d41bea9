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

/// One piece of work run on a thread of its own beside the caller's, or at once on the
/// caller's thread when the build is serial (`--jobs 1`); `wait()` returns once it is done and
/// throws what it threw. The site saves its state this way while it checks its links: neither
/// reads what the other writes, and the link check alone leaves a core idle at the end of a
/// build.
final class BesideWork: @unchecked Sendable {
    private let work: () throws -> Void
    private let done = DispatchSemaphore(value: 0)
    /// Set by the working thread before `done` is signalled; read only after waiting for it.
    private var failure: (any Error)?

    init(threaded: Bool, _ work: @escaping () throws -> Void) {
        self.work = work
        guard threaded else {
            run()
            return
        }
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func run() {
        do { try work() } catch { failure = error }
        done.signal()
    }

    /// Waits for the work (again: returns at once) and throws its error, if any.
    func wait() throws {
        done.wait()
        done.signal()
        if let failure { throw failure }
    }
}
