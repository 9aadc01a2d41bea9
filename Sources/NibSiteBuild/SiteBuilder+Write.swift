import Foundation
import GraphvizRender
import NibOutput
import NibSite

extension SiteBuilder {
    /// Keeps every page whose fingerprint and file are unchanged, and writes each of the others
    /// on this thread as soon as its last diagram is in (they render since planning), while
    /// the workers go on with the rest.
    func renderAndWrite(to output: OutputFolder) throws {
        guard let planner else { return }
        let pageCount = planner.pageCount
        var waiting: [String: [Int]] = [:]
        var pending = [Int](repeating: 0, count: pageCount)
        var users: [String: Int] = [:]
        var toWrite: [Int] = []
        var templates: [Int: PageTemplate] = [:]
        for page in 0..<pageCount {
            let path = planner.pagePath(page)
            // A kept document's pages (`keptUnit` checked their files) are carried as they are.
            if planner.pageIsKept(page), let kept = previous?.pages[path] {
                for file in [path] + kept.extraFiles { try output.carry(file) }
                for key in kept.figureKeys { store.keep(key) }
                state.pages[path] = kept
                links[path] = kept.links
                keptPages.insert(path)
                timings.pagesKept += 1
                continue
            }
            let keys = Array(Set(planner.pageFigures(page).map { figureKeys[$0] }))
            let template = planner.template(page)
            // The template is all the page's file is made of from here on.
            if template.standsAlone { planner.release(page) }
            let fingerprint = planner.pageFingerprint(template) { figureKeys[$0] + FigureHTML.standaloneFormat }
            if var kept = previous?.keeps(path, fingerprint: fingerprint, in: output) {
                for file in [path] + kept.extraFiles { try output.carry(file) }
                for key in keys { store.keep(key) }
                kept.figureKeys = keys.sorted()
                state.pages[path] = kept
                links[path] = kept.links
                keptPages.insert(path)
                timings.pagesKept += 1
                continue
            }
            state.pages[path] = BuildState.Page(
                fingerprint: fingerprint, extraFiles: [], links: LinkChecker.PageLinks(html: ""), figureKeys: keys.sorted())
            toWrite.append(page)
            templates[page] = template
            for key in keys { users[key, default: 0] += 1 }
        }
        let missing = submitted
        let missingSet = Set(missing)
        for page in toWrite {
            for key in Set((templates[page]?.figures ?? []).map { figureKeys[$0] }) where missingSet.contains(key) {
                pending[page] += 1
                waiting[key, default: []].append(page)
            }
        }
        progress.note("  \(store.count) diagrams: \(missing.count) to render; \(toWrite.count) of \(pageCount) pages to write")
        let finisher = PageFinisher(output: output, threaded: options.jobs > 1)
        // A failure below must not leave the thread writing into a folder being discarded.
        defer { _ = try? finisher.wait() }
        func write(_ page: Int) throws {
            let path = planner.pagePath(page)
            var files: [String] = []
            guard let template = templates.removeValue(forKey: page) else { return }
            let numbers = template.figures
            try planner.writePage(
                template,
                figureHTML: { figure, ordinal, root in
                    let outcome = store.rendered(figureKeys[numbers[ordinal]])
                    var zoomSource: String?
                    if let svg = FigureHTML.oversizedSVG(outcome.svg) {
                        let file = "diagrams/\(outcome.key).svg"
                        if !files.contains(file) {
                            try output.write(svg, to: file)
                            files.append(file)
                        }
                        zoomSource = root + file
                    }
                    // Ids are prefixed by the figure's place on its page, so a page's bytes do not
                    // depend on the figures of other pages.
                    return FigureHTML.figure(
                        outcome, prefix: "f\(ordinal)", caption: figure.caption, kind: figure.kind, zoomSource: zoomSource)
                }
            ) { file, data in finisher.finish(page: path, file: file, data: data) }
            state.pages[path]?.extraFiles = files
            for key in Set(numbers.map { figureKeys[$0] }) {
                users[key, default: 1] -= 1
                if users[key] == 0 { store.release(key) }
            }
        }
        // Pages with no diagram to wait for are written while the first diagrams render.
        for page in toWrite where pending[page] == 0 { try write(page) }
        var done = 0
        while done < missing.count, let (index, result) = inbox.take() {
            done += 1
            progress.bar(done, missing.count, "diagrams")
            let key = missing[index]
            store.store(key, result)
            if users[key, default: 0] == 0 { store.release(key) }
            if done == missing.count { timings.renderWall = SiteBuilder.seconds(ContinuousClock.now - renderStart) }
            for page in waiting[key] ?? [] {
                pending[page] -= 1
                if pending[page] == 0 { try write(page) }
            }
        }
        progress.finishBar()
        inbox.waitUntilFinished()
        for (path, pageLinks) in try finisher.wait() {
            links[path] = pageLinks
            state.pages[path]?.links = pageLinks
        }
        timings.pagesWritten = toWrite.count
        progress.note("  rendered \(store.renderedCount), from cache \(store.cachedCount), kept \(timings.pagesKept) pages")
    }
}

/// Writes pages' files and reads their links on a thread of its own (`SerialWork`), while the
/// writing thread lays out the next page (file creation and the scan of a page's HTML are most
/// of a page's cost; laid out, a page needs nothing else of the build).
final class PageFinisher: @unchecked Sendable {
    private let output: OutputFolder
    private let work: SerialWork
    private let lock = NSLock()
    private var links: [String: LinkChecker.PageLinks] = [:]
    private var failure: Error?

    init(output: OutputFolder, threaded: Bool) {
        self.output = output
        work = SerialWork(label: "nibviz.page-files", threaded: threaded)
    }

    /// Writes `data` at `file` and records the links of `page` (its HTML).
    func finish(page: String, file: String, data: Data) {
        work.run { [self] in
            do {
                try output.write(data, to: file)
                let pageLinks = LinkChecker.PageLinks(html: String(decoding: data, as: UTF8.self))
                lock.lock()
                links[page] = pageLinks
                lock.unlock()
            } catch {
                lock.lock()
                if failure == nil { failure = error }
                lock.unlock()
            }
        }
    }

    /// Waits for every page handed over; their links by page, or the first write error.
    func wait() throws -> [String: LinkChecker.PageLinks] {
        work.wait()
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        return links
    }
}

/// Render results handed from the rendering thread to the writing one.
final class RenderInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(Int, Result<RenderOutput, RenderError>)] = []
    private var finished = false

    func put(_ index: Int, _ result: Result<RenderOutput, RenderError>) {
        condition.lock()
        queue.append((index, result))
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
    func take() -> (Int, Result<RenderOutput, RenderError>)? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !finished { condition.wait() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    func waitUntilFinished() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }
}
