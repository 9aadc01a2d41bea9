import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibSite
import Synchronization

/// Every diagram of a build, deduplicated by content key (the hash of DOT + engine + format +
/// tool version), with an on-disk cache so an unchanged diagram is never rendered twice, and
/// the failures of earlier builds by the same key so a diagram Graphviz cannot draw is not
/// tried again. SVGs are held in memory only until the pages showing them are written.
final class DiagramStore {
    struct Entry {
        var request: RenderRequest
        /// The SVG while pages still need it (rendered, or read from the cache).
        var svg: [UInt8]?
        var error: String?
        /// Found in the cache (read when a page needs it).
        var cached = false
        var timing: RenderTiming?
        /// Rendered in this build and let go once its pages were written (`release`).
        var released = false
        /// Whether the SVG opens in the viewer, once known (`FigureHTML.opensInViewer`).
        var opensInViewer: Bool?
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var order: [String] = []
    /// Where cached SVGs are read and written; set once the output folder is open.
    var cache: DiagramCache?
    /// Cache writes, in order, on a thread of their own (`finishCacheWrites` waits for them),
    /// unless the build is serial.
    private let cacheWrites: SerialWork
    /// Rendered SVGs waiting for the results of earlier submissions before they go to the
    /// cache, by submission number: the cache is written in submission order, the same in every
    /// build whatever order the lanes finish in, so the pack needs no reordering copy.
    private var cacheQueue: [Int: (key: String, data: [UInt8]?)] = [:]
    /// Keys in `cacheQueue` with an SVG (read back from there when a page needs one let go).
    private var queuedForCache: [String: Int] = [:]
    private var cacheQueueBytes = 0
    private var nextCacheWrite = 0
    /// Keys handed to the cache, with their submission numbers: the new pack's order.
    private var cacheOrder: [(submission: Int, key: String)] = []
    /// Past this many bytes waiting (a long layout holding up many short ones), the SVGs go to
    /// the cache out of order (the pack is then put in order by a copy at the end).
    static let cacheQueueLimit = 32 << 20
    /// Failures of earlier builds: key → message.
    var knownFailures: [String: String] = [:]
    let toolVersion: String
    /// Diagrams rendered by Graphviz in this build (cache misses).
    private(set) var renderedCount = 0
    /// Diagrams taken from the cache.
    private(set) var cachedCount = 0
    /// Diagrams not tried again: Graphviz failed on the same key in an earlier build.
    private(set) var knownFailureCount = 0
    /// Diagrams rendered again: a page planned after every earlier page showing it was written
    /// (its SVG let go) shows it too.
    private(set) var renderedAgainCount = 0

    /// `serial`: cache writes on the calling thread (`--jobs 1`, the whole build on one thread).
    init(toolVersion: String, serial: Bool = false) {
        self.toolVersion = toolVersion
        cacheWrites = SerialWork(label: "nibviz.diagram-cache-writes", threaded: !serial)
    }

    /// Registers a diagram: its key, and whether Graphviz must render it (the first time the
    /// build meets it, when neither the cache holds it nor an earlier build failed on it).
    func add(dot: String, name: String) -> (key: String, render: Bool) {
        let request = RenderRequest(dot: dot, engine: .dot, format: .svg, name: name, generated: true)
        let key = StableHash.hex([dot, request.engine.rawValue, request.format.rawValue, toolVersion])
        if let known = entries[key] {
            // Let go once its pages were written: drawn again for this one (rare: the diagrams
            // two documents share are mostly legends, held by pages planned up front).
            guard known.released else { return (key, false) }
            // An SVG the cache holds is read back when a page needs it (`rendered`); its write
            // may still be queued.
            if queuedForCache[key] != nil { return (key, false) }
            if cache != nil { cacheWrites.wait() }
            guard cache?.has(key) != true else { return (key, false) }
            entries[key]?.released = false
            entries[key]?.request.dot = dot
            renderedAgainCount += 1
            return (key, true)
        }
        var entry = Entry(request: request)
        order.append(key)
        if let cache, cache.has(key) {
            entry.cached = true
            cachedCount += 1
            cache.keep(key)
        } else if let message = knownFailures[key] {
            entry.error = message
            knownFailureCount += 1
        }
        // Only a diagram still to be drawn needs its DOT (until `takeRequest`).
        let render = !entry.cached && entry.error == nil
        if !render { entry.request.dot = "" }
        entries[key] = entry
        return (key, render)
    }

    /// Waits until every SVG handed to the cache is written (before the output is committed or
    /// discarded).
    func finishCacheWrites() { cacheWrites.wait() }

    /// Completes the cache on the cache-writing thread once no page needs an SVG any more (every
    /// page written): the copy of the new pack then runs beside the steps after the pages
    /// instead of after them (`--jobs 1`: at once). `finishCache` waits for it.
    func startFinishingCache() {
        guard !cacheFinishStarted else { return }
        cacheFinishStarted = true
        guard let finish = cache?.finish else { return }
        drainCacheQueue(all: true)
        let order = cacheOrder.sorted { $0.submission < $1.submission }.map(\.key)
        let failure = cacheFinishFailure
        cacheWrites.run {
            do { try finish(order) } catch { failure.message.withLock { $0 = "\(error)" } }
        }
    }

    /// Waits for the cache writes and completes the cache (before the state is saved).
    func finishCache() throws {
        startFinishingCache()
        finishCacheWrites()
        if let message = cacheFinishFailure.message.withLock({ $0 }) { throw SiteBuildError(step: "save state", message: message) }
    }

    private var cacheFinishStarted = false
    private let cacheFinishFailure = CacheFinishFailure()

    /// Why completing the cache failed, set on the cache-writing thread.
    private final class CacheFinishFailure: Sendable {
        let message = Mutex<String?>(nil)
    }

    /// Number of distinct diagrams.
    var count: Int { order.count }

    /// Carries the cache entry of a diagram that an unchanged page shows into the new output.
    func keep(_ key: String) { cache?.keep(key) }

    /// The request of `key`, handed over once: the store keeps its name, not its DOT (the
    /// renderer holds that until it is drawn).
    func takeRequest(_ key: String) -> RenderRequest? {
        guard let request = entries[key]?.request else { return nil }
        entries[key]?.request.dot = ""
        return request
    }

    /// Takes the render result of submission `submission` (numbered from 0, in the order the
    /// requests were handed to the renderer): the SVG is kept until `release`, written to the
    /// cache; a failure is remembered for later builds (unless the worker could not even start).
    /// `opensInViewer`, when given, is `FigureHTML.opensInViewer` of the SVG, decided where it
    /// came in.
    func store(_ key: String, _ result: Result<RenderOutput, RenderError>, submission: Int, opensInViewer: Bool? = nil) {
        var forCache: [UInt8]?
        switch result {
        case .success(let output):
            let first = entries[key]?.timing == nil
            entries[key]?.svg = output.data
            entries[key]?.opensInViewer = opensInViewer
            entries[key]?.timing = output.timing
            if first {
                renderedCount += 1
                forCache = output.data
            }
        case .failure(let error):
            entries[key]?.error = error.description
        }
        guard cache != nil else { return }
        cacheQueue[submission] = (key, forCache)
        if let forCache {
            queuedForCache[key] = submission
            cacheQueueBytes += forCache.count
        }
        drainCacheQueue(all: false)
    }

    /// Hands the queued SVGs whose earlier submissions are all in to the cache-writing thread
    /// (off the writing thread: the pages waiting for these results come first); past
    /// `cacheQueueLimit`, or with `all`, the rest too.
    private func drainCacheQueue(all: Bool) {
        guard let write = cache?.write else { return }
        while true {
            let submission: Int
            if cacheQueue[nextCacheWrite] != nil {
                submission = nextCacheWrite
                nextCacheWrite += 1
            } else if all || cacheQueueBytes > Self.cacheQueueLimit, let oldest = cacheQueue.keys.min() {
                submission = oldest
            } else {
                return
            }
            guard let (key, data) = cacheQueue.removeValue(forKey: submission) else { return }
            guard let data else { continue }
            cacheQueueBytes -= data.count
            queuedForCache[key] = nil
            cacheOrder.append((submission, key))
            cacheWrites.run { write(key, data) }
        }
    }

    /// What became of the diagram `key` (a cached SVG, or one let go and stored in the cache, is
    /// read now and kept until `release`).
    func rendered(_ key: String) -> RenderedFigure {
        if let entry = entries[key], entry.svg == nil, entry.cached || entry.released {
            var data = queuedForCache[key].flatMap { cacheQueue[$0]?.data }
            if data == nil {
                // This build's own write of it may still be on its way to the cache.
                if entry.released { cacheWrites.wait() }
                data = cache?.read(key)
            }
            if let data { entries[key]?.svg = data }
        }
        let svg = entries[key]?.svg
        // A cached SVG's (or one stored without it) is decided here, once.
        let opensInViewer = entries[key]?.opensInViewer ?? svg.map(FigureHTML.opensInViewer) ?? false
        if svg != nil { entries[key]?.opensInViewer = opensInViewer }
        return RenderedFigure(
            key: key, svg: svg, error: svg == nil ? entries[key]?.error ?? "not rendered" : nil, opensInViewer: opensInViewer)
    }

    /// Forgets the SVG of `key` once every page showing it is written.
    func release(_ key: String) {
        guard entries[key]?.svg != nil else { return }
        entries[key]?.svg = nil
        // A cached SVG is read again when needed; one rendered here would be drawn again.
        if entries[key]?.cached == false { entries[key]?.released = true }
    }

    /// Why the diagram `key` could not be rendered; nil when it was (or was not needed).
    func error(_ key: String) -> String? {
        guard let entry = entries[key] else { return nil }
        return entry.error ?? (entry.cached || entry.timing != nil ? nil : knownFailures[key])
    }

    /// Failures worth remembering: Graphviz's own (syntax, layout, render, a crash or the time
    /// limit), not a worker that could not start.
    var failuresToRemember: [String: String] {
        var out: [String: String] = [:]
        for key in entries.keys {
            guard let error = error(key), !error.contains("cannot start render worker"),
                !error.hasSuffix(": not rendered")
            else { continue }
            out[key] = error
        }
        return out
    }

    /// Per-diagram timings of this build's renders: (request name, timing), longest first.
    var timings: [(name: String, timing: RenderTiming)] {
        entries.values.compactMap { entry in entry.timing.map { (entry.request.name, $0) } }.sorted { $0.timing.total > $1.timing.total }
    }
}
