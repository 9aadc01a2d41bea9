import Foundation
import GraphvizRender
import NibModel
import NibOutput

/// Writes pages' files and reads their links on queues of their own (`SerialWork`), while the
/// writing thread lays out the next page (inlining a page's SVG, creating its file and scanning
/// its HTML are most of a page's cost; laid out, a page needs nothing else of the build).
///
/// One queue per job, at most `maxQueues`: on one queue this work was a serial part of the build
/// longer than the main thread's (0.8–1.3 s of CPU for the corpus against 0.6 s), which no number
/// of cores shortened; past a few queues the main thread's part bounds the build, and each queue
/// holds a page in memory while it works. A file always goes to the same queue
/// (`queueIndex(for:)`), so the writes and carries of one path keep the order they were handed
/// over in, and its last bytes win as before.
final class PageFinisher: @unchecked Sendable {
    /// What the queues spent: all of it, and the busiest queue's share (the serial bound).
    struct CPU {
        var total: Double
        var busiest: Double
        var queues: Int
    }

    private let output: OutputFolder
    private let queues: [SerialWork]
    private let lock = NSLock()
    private var links: [String: LinkChecker.PageLinks] = [:]
    private var failure: Error?
    private var cpu: [Double]

    /// The most queues: four take the page files of the corpus to ~0.2–0.3 s each, under the main
    /// thread's part.
    static let maxQueues = 4

    /// `queues` threaded queues (at most `maxQueues`), or the caller's thread alone when `queues`
    /// is 1 or less.
    init(output: OutputFolder, queues count: Int) {
        self.output = output
        let count = min(max(1, count), Self.maxQueues)
        queues = (0..<count).map { SerialWork(label: "nibviz.page-files-\($0)", threaded: count > 1) }
        cpu = Array(repeating: 0, count: count)
    }

    /// The queue of `file`: its path's `StableHash`, so the same file takes the same queue in
    /// every run (Swift's `Hasher` is seeded per process).
    private func queueIndex(for file: String) -> Int {
        guard queues.count > 1 else { return 0 }
        var hash = StableHash.Stream()
        hash.add(file)
        return Int(hash.value % UInt64(queues.count))
    }

    /// Writes the page `html` makes (its bytes) at `file` (`html` runs on the file's queue) and
    /// records the links of `page`; nothing more once a write failed (`check` reports it).
    func finish(page: String, file: String, html: @escaping @Sendable () -> [UInt8]) {
        runUnlessFailed(on: queueIndex(for: file)) { [self] in
            let html = html()
            try output.write(html, to: file)
            let pageLinks = LinkChecker.PageLinks(bytes: html)
            lock.lock()
            links[page] = pageLinks
            lock.unlock()
        }
    }

    /// Writes the bytes `bytes` makes (on the file's queue) at `file`; nothing more once a write
    /// failed (`check` reports it).
    func write(_ file: String, bytes: @escaping @Sendable () -> [UInt8]) {
        runUnlessFailed(on: queueIndex(for: file)) { [self] in try output.write(bytes(), to: file) }
    }

    /// Carries `files` from the previous output (hard links), each after the writes of the same
    /// file handed over before; nothing more once a write failed (`check` reports it).
    func carry(_ files: [String]) {
        var byQueue: [Int: [String]] = [:]
        for file in files { byQueue[queueIndex(for: file), default: []].append(file) }
        for (index, files) in byQueue.sorted(by: { $0.key < $1.key }) {
            runUnlessFailed(on: index) { [self] in
                for file in files { try output.carry(file) }
            }
        }
    }

    /// Runs `body` on queue `index` unless an earlier write failed; keeps the first error and
    /// counts the CPU it took (`spent`).
    private func runUnlessFailed(on index: Int, _ body: @escaping @Sendable () throws -> Void) {
        queues[index].run { [self] in
            lock.lock()
            let failed = failure != nil
            lock.unlock()
            guard !failed else { return }
            let start = CPUClock.thread()
            var error: Error?
            do { try body() } catch let thrown { error = thrown }
            let spent = CPUClock.thread() - start
            lock.lock()
            cpu[index] += spent
            if failure == nil, let error { failure = error }
            lock.unlock()
        }
    }

    /// The CPU time the page files took so far. With one queue (`--jobs 1`) they run on the
    /// main thread and are counted in its time too.
    var spent: CPU {
        lock.lock()
        defer { lock.unlock() }
        return CPU(total: cpu.reduce(0, +), busiest: cpu.max() ?? 0, queues: cpu.count)
    }

    /// The first write error so far, without waiting (the build stops at it instead of laying
    /// out the rest of the site first).
    func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }

    /// Waits for every page handed over; their links by page, or the first write error.
    func wait() throws -> [String: LinkChecker.PageLinks] {
        for queue in queues { queue.wait() }
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        return links
    }
}
