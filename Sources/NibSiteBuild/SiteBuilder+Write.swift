import Foundation
import GraphvizRender
import NibOutput
import NibSite

extension SiteBuilder {
    /// The pages between planning and their files: each is admitted as soon as it is planned
    /// (a document's pages as the document is adopted, the others once all are planned and
    /// linked, while the last diagrams are drawn), kept
    /// when its fingerprint and file are unchanged, else written as soon as its last diagram is
    /// in. A diagram's SVG is let go once every figure registered for it is on a written page,
    /// so what the build holds is the pages and diagrams in flight, not the whole site.
    struct PageQueue {
        /// Laid-out pages waiting for diagrams, by page number.
        var templates: [Int: PageTemplate] = [:]
        /// How many diagrams each waiting page still needs.
        var pending: [Int: Int] = [:]
        /// The waiting pages of each diagram key.
        var waiting: [String: [Int]] = [:]
        /// Figures registered for each key whose page is not written (or kept) yet.
        var users: [String: Int] = [:]
        /// Keys submitted to the renderer whose result is not taken yet.
        var inFlight: Set<String> = []
        /// Results taken from the renderer.
        var taken = 0
        /// Pages admitted to be written.
        var toWrite = 0
        /// Writes page files and reads their links off this thread.
        var finisher: PageFinisher?
    }

    /// How many diagrams may be in flight before planning waits for results: enough to keep
    /// every lane busy while a document's pages are laid out, few enough that memory stays flat.
    var inFlightLimit: Int { backend.lanes > 1 ? 24 * backend.lanes : 0 }

    /// Registers a figure as the planner makes it: the store deduplicates it, and a diagram
    /// still to be drawn goes to the renderer now.
    func register(_ figure: SiteFigure, session: DiagramSession) {
        let (key, render) = store.add(dot: figure.dot, name: figure.name)
        figureKeys.append(key)
        queue.users[key, default: 0] += 1
        guard render, let request = store.takeRequest(key) else { return }
        session.submit(submitted.count, request)
        submitted.append(key)
        queue.inFlight.insert(key)
    }

    /// Admits pages `range` (planned, linked): carried, kept, written now, or queued for their
    /// diagrams.
    func admit(_ range: Range<Int>, output: OutputFolder) throws {
        guard let planner = self.planner else { return }
        for page in range {
            let path = planner.pagePath(page)
            // A kept document's pages (`keptUnit` checked their files) are carried as they are.
            if planner.pageIsKept(page), let kept = previous?.pages[path] {
                try carry(kept, at: path, output: output)
                continue
            }
            let numbers = planner.pageFigures(page)
            let keys = Array(Set(numbers.map { figureKeys[$0] }))
            let template = planner.template(page)
            // The template is all the page's file is made of from here on.
            if template.standsAlone { planner.release(page) }
            let fingerprint = planner.pageFingerprint(template) { figureKeys[$0] + FigureHTML.standaloneFormat }
            if var kept = previous?.keeps(path, fingerprint: fingerprint, in: output) {
                kept.figureKeys = keys.sorted()
                try carry(kept, at: path, output: output)
                figuresShown(numbers)
                continue
            }
            state.pages[path] = BuildState.Page(
                fingerprint: fingerprint, extraFiles: [], links: LinkChecker.PageLinks(html: ""), figureKeys: keys.sorted())
            queue.toWrite += 1
            let missing = keys.filter { queue.inFlight.contains($0) }
            guard !missing.isEmpty else {
                write(template, planner: planner)
                continue
            }
            queue.templates[page] = template
            queue.pending[page] = missing.count
            for key in missing { queue.waiting[key, default: []].append(page) }
        }
    }

    /// Carries page `path` as the previous build wrote it (its file, its standalone SVGs, its
    /// diagrams' cache entries) and records it as kept.
    private func carry(_ kept: BuildState.Page, at path: String, output: OutputFolder) throws {
        // The links go to the writing thread with the page writes: a rebuild that keeps most
        // pages spent a sixth of its time on these on the planning thread.
        if let finisher = queue.finisher {
            finisher.carry([path] + kept.extraFiles)
        } else {
            for file in [path] + kept.extraFiles { try output.carry(file) }
        }
        for key in kept.figureKeys { store.keep(key) }
        state.pages[path] = kept
        links[path] = kept.links
        keptPages.insert(path)
        timings.pagesKept += 1
    }

    /// Takes the results in so far; then, while more than `limit` diagrams are in flight, waits
    /// for the next (one lane: renders what was submitted first, here).
    func takeResults(above limit: Int) throws {
        try queue.finisher?.check()
        if backend.lanes <= 1 { session?.flush() }
        while let arrival = inbox.poll() { take(arrival) }
        while queue.inFlight.count > limit, let arrival = inbox.take() { take(arrival) }
    }

    /// One render result: stored, and every page that was waiting only for it written.
    private func take(_ arrival: RenderArrival) {
        queue.taken += 1
        let key = submitted[arrival.id]
        store.store(key, arrival.result, submission: arrival.id, opensInViewer: arrival.opensInViewer)
        queue.inFlight.remove(key)
        if queue.users[key, default: 0] == 0 { store.release(key) }
        guard let planner = self.planner else { return }
        for page in queue.waiting.removeValue(forKey: key) ?? [] {
            queue.pending[page, default: 1] -= 1
            guard queue.pending[page] == 0, let template = queue.templates.removeValue(forKey: page) else { continue }
            queue.pending[page] = nil
            write(template, planner: planner)
        }
    }

    /// The figures `numbers` are on a page that is written or kept: a diagram no other figure
    /// waits for is let go.
    private func figuresShown(_ numbers: [Int]) {
        for number in numbers {
            let key = figureKeys[number]
            queue.users[key, default: 1] -= 1
            if queue.users[key] == 0, !queue.inFlight.contains(key) { store.release(key) }
        }
    }

    /// Lays out page `template` with its diagrams and hands its file to the finisher. What each
    /// figure shows is gathered here (the store is this thread's); its HTML — the SVG inlined, a
    /// pass over every byte of it — and a big diagram's standalone SVG are made where the page is
    /// written, off the thread that plans and adopts every page (the build's serial part).
    private func write(_ template: PageTemplate, planner: SitePlanner) {
        guard let finisher = queue.finisher else { return }
        let path = template.path
        var files: [String] = []
        let numbers = template.figures
        var shown: [ShownFigure] = []
        for (ordinal, number) in numbers.enumerated() {
            let figure = planner.figures[number]
            let outcome = store.rendered(figureKeys[number])
            var zoomSource: String?
            if let svg = outcome.svg, outcome.opensInViewer {
                let file = "diagrams/\(outcome.key).svg"
                if !files.contains(file) {
                    finisher.write(file) { FigureHTML.standaloneSVG(svg) }
                    files.append(file)
                }
                zoomSource = template.root + file
            }
            // Ids are prefixed by the figure's place on its page, so a page's bytes do not
            // depend on the figures of other pages.
            shown.append(
                ShownFigure(outcome: outcome, prefix: "f\(ordinal)", caption: figure.caption, kind: figure.kind, zoomSource: zoomSource))
        }
        if template.standsAlone {
            finisher.finish(page: path, file: path) { [shown] in
                template.filled(figureBytes: shown.reduce(0) { $0 + $1.estimatedSize }) { ordinal, out in
                    if ordinal < shown.count { shown[ordinal].append(to: &out) }
                } ?? []
            }
        } else {
            // Laid out again from the planner's page, which stays on this thread.
            let html = planner.pageHTML(template, figureHTML: shown.map(\.html))
            finisher.finish(page: path, file: path) { Array(html.utf8) }
        }
        state.pages[path]?.extraFiles = files
        figuresShown(numbers)
    }

    /// Writes every page still waiting as its last diagram comes in (the pages planned around
    /// the documents' were admitted once every page was planned and linked, `planPages`).
    func renderAndWrite() throws {
        guard let planner else { return }
        progress.note(
            "  \(store.count) diagrams: \(submitted.count) rendered; \(queue.toWrite) of \(planner.pageCount) pages to write")
        while let arrival = inbox.take() {
            take(arrival)
            progress.bar(queue.taken, submitted.count, "diagrams")
        }
        if !submitted.isEmpty { timings.renderWall = SiteBuilder.seconds(ContinuousClock.now - renderStart) }
        progress.finishBar()
        if let finisher = queue.finisher {
            for (path, pageLinks) in try finisher.wait() {
                links[path] = pageLinks
                state.pages[path]?.links = pageLinks
            }
        }
        timings.pagesWritten = queue.toWrite
        progress.note("  rendered \(store.renderedCount), from cache \(store.cachedCount), kept \(timings.pagesKept) pages")
    }
}

/// A render result as it comes in: the submission, the result and, for an SVG, whether it opens
/// in the viewer (`FigureHTML.opensInViewer`, a scan of its text sizes), decided on the lane's
/// thread so the main thread, a serial part of the build, does not scan every SVG.
struct RenderArrival: Sendable {
    var id: Int
    var result: Result<RenderOutput, RenderError>
    var opensInViewer: Bool?

    init(_ id: Int, _ result: Result<RenderOutput, RenderError>) {
        self.id = id
        self.result = result
        opensInViewer = (try? result.get()).map { FigureHTML.opensInViewer($0.data) }
    }
}

/// Render results handed from the rendering thread to the writing one.
final class RenderInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [RenderArrival] = []
    private var finished = false

    func put(_ arrival: RenderArrival) {
        condition.lock()
        queue.append(arrival)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next result, waiting for it; nil once the renderer finished and all were taken.
    func take() -> RenderArrival? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !finished { condition.wait() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// The next result if one is in, without waiting.
    func poll() -> RenderArrival? {
        condition.lock()
        defer { condition.unlock() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }
}
