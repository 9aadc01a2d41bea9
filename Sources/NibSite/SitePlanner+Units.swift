import Foundation
import NibDiagrams
import NibModel

/// The pages of each document (its scene pages, its object part pages, its own page) are
/// planned as one unit, on `Settings.jobs` threads, against the scene index as built; the
/// planner adopts the units in document order, so the pages, their figures and their bytes are
/// those of a serial plan whatever the number of threads.
extension SitePlanner {
    /// The pages and figures of one document, planned on its own (figure numbers local to it).
    struct DocumentUnit: Sendable {
        var scenePages: [SitePage]
        var pages: [SitePage]
        var figures: [SiteFigure]
        /// The object part paths it claimed, in order (`SceneIndex.claimLog`).
        var claims: [(path: String, key: String, result: String)]
        /// The scene index it was planned against, with its claims.
        var index: SceneIndex
    }

    /// What planning a document needs, read-only and shared by the threads that plan.
    struct UnitPlanner: Sendable {
        let settings: Settings
        /// The content with the documents' outlines; each document's record is on `shelf`.
        let content: SiteContent
        let shelf: DocumentShelf
        let note: @Sendable (String) -> Void
        let storyboards: [(record: Int, entry: AppMapDiagram.Storyboard)]
        let storyboardEntries: [AppMapDiagram.Storyboard]
        let classUses: [String: [(String, String)]]
        /// The planner's `ruleLinks`, made once for every document's planner.
        let ruleLinks: [String: String]

        /// Plans document `number` against `index`; throws when the document changed since it
        /// was read (`DocumentRecord.inFull`).
        func plan(_ number: Int, index: SceneIndex) throws(SiteBuildError) -> DocumentUnit {
            let planner = SitePlanner(settings: settings, content: content, ruleLinks: ruleLinks, note: note)
            let shelved = shelf.record(number)
            let record = try shelved.inFull()
            planner.fullDocument = (number, record)
            planner.memo.storyboards = storyboards
            planner.memo.storyboardEntries = storyboardEntries
            planner.memo.classUses = classUses
            planner.sceneIndex = index
            // An index built from the document's summary knows the scenes of the summary's
            // objects only: its pages read those of every object, from the full graph. The
            // index handed back keeps the summary's (the rest of the build reads no more).
            if shelved.isSummary, case .success(let graph) = record.graph, graph.isStoryboard {
                planner.sceneIndex.sceneOf[number] = SceneIndex.sceneOf(graph)
            }
            planner.planScenePages(of: number, uses: classUses)
            let sceneCount = planner.pages.count
            planner.planDocumentPage(of: number)
            // Its graph stays until every page is planned; its tables of objects need not (a
            // page that asks again later builds them again).
            if case .success(let graph) = record.graph { graph.forgetDerivedTables() }
            // Rule ids linked here, on the planning thread, not where the unit is adopted (the
            // build's serial part): a page's links depend on the rules and scenarios alone.
            for index in planner.pages.indices { _ = planner.linkRules(index) }
            var planned = planner.sceneIndex
            planned.sceneOf[number] = index.sceneOf[number]
            return DocumentUnit(
                scenePages: Array(planner.pages[..<sceneCount]), pages: Array(planner.pages[sceneCount...]), figures: planner.figures,
                claims: planned.claimLog, index: planned)
        }
    }

    /// Plans every document's pages (in parallel with `settings.jobs` > 1) while `meanwhile`
    /// plans the other pages on this thread, then appends each document's scene pages and own
    /// pages, in document order (`unitPages`). Figures are registered (`figureAdded`) as each
    /// unit is adopted, its pages linked and handed on (`pagesAdopted`).
    func planDocumentUnits(meanwhile: () -> Void) throws {
        let shelf = DocumentShelf(content.documents)
        self.shelf = shelf
        defer { self.shelf = nil }
        var outlined = content
        outlined.documents = content.documents.map(\.outline)
        let planner = UnitPlanner(
            settings: settings, content: outlined, shelf: shelf, note: note, storyboards: storyboards,
            storyboardEntries: storyboardEntries, classUses: memo.classUses ?? classUses(sceneIndex.documentPaths),
            ruleLinks: ruleLinks)
        let base = sceneIndex
        let count = content.documents.count
        // Documents whose pages an earlier build planned against the same context are kept.
        let shared = sharedContext
        let contexts = unitContexts(shared: shared)
        var kept: [Int: KeptUnit] = [:]
        if let reuseUnit {
            for number in 0..<count { kept[number] = reuseUnit(number, contexts[number]) }
        }
        let toPlan = (0..<count).filter { kept[$0] == nil }
        let work = OrderedWork(count: toPlan.count, jobs: settings.jobs, window: 4 * max(1, settings.jobs)) {
            index -> Result<DocumentUnit, SiteBuildError> in
            do throws(SiteBuildError) { return .success(try planner.plan(toPlan[index], index: base)) } catch { return .failure(error) }
        }
        // A failure while adopting (a page that cannot be written) must not leave the threads
        // waiting for a consumer that is gone, holding their documents.
        defer { work.cancel() }
        meanwhile()
        // From here on each document is read from the shelf alone (in full: `inFull`), and let go
        // once its pages are adopted (the storyboards' memo keeps theirs, or their summaries:
        // references resolve through it).
        content = outlined
        let firstUnitPage = pages.count
        var planned = 0
        units = []
        for number in 0..<count {
            if let unit = kept[number] {
                var trial = sceneIndex
                if unit.claims.allSatisfy({ $0.count == 3 && trial.claim($0[0], key: $0[1]) == $0[2] }) {
                    sceneIndex = trial
                    sceneIndex.claimLog = []
                    try adopt(unit.pages.map(SitePage.init(kept:)))
                    units.append(
                        UnitRecord(
                            context: contexts[number], pages: unit.pages, sceneCount: unit.sceneCount, claims: unit.claims,
                            figures: figures.count..<figures.count, kept: true))
                    shelf.release(number)
                    continue
                }
            }
            var unit: DocumentUnit
            if kept[number] == nil {
                unit = try work.result(planned).get()
                planned += 1
            } else {
                unit = try planner.plan(number, index: sceneIndex)
            }
            if !unit.claims.isEmpty {
                // The claims replay as planned unless an earlier document took one of the paths
                // (a case-insensitive twin): then the document is planned again, serially.
                var trial = sceneIndex
                if unit.claims.allSatisfy({ trial.claim($0.path, key: $0.key) == $0.result }) {
                    sceneIndex = trial
                } else {
                    unit = try planner.plan(number, index: sceneIndex)
                    sceneIndex = unit.index
                }
                sceneIndex.claimLog = []
            }
            let offset = appendFigures(unit.figures)
            try adopt((unit.scenePages + unit.pages).map { $0.offsettingFigures(by: offset) })
            units.append(
                UnitRecord(
                    context: contexts[number], pages: (unit.scenePages + unit.pages).map(\.kept), sceneCount: unit.scenePages.count,
                    claims: unit.claims.map { [$0.path, $0.key, $0.result] }, figures: offset..<figures.count, kept: false))
            shelf.release(number)
        }
        unitPages = firstUnitPage..<pages.count
    }

    /// Appends one document's pages (their rule ids linked as `UnitPlanner` planned them; a kept
    /// page has no content) and hands them on.
    private func adopt(_ unitPages: [SitePage]) throws {
        let range = pages.count..<pages.count + unitPages.count
        pages += unitPages
        try pagesAdopted?(range)
    }
}

extension SitePage {
    /// The page with its figure numbers moved by `offset` (a unit's figures joining the build's).
    func offsettingFigures(by offset: Int) -> SitePage {
        guard offset != 0 else { return self }
        var page = self
        page.content.blocks = content.blocks.map { block in
            if case .figure(let number) = block { return .figure(number + offset) }
            return block
        }
        return page
    }
}

extension SitePlanner {
    /// `unitContext` of every document, on `settings.jobs` threads: the memos it reads are
    /// filled first, after which it only reads the planner (a rebuild that keeps every other
    /// document works these out for all of them before anything else).
    func unitContexts(shared: String) -> [String] {
        let count = content.documents.count
        _ = storyboards
        _ = storyboardEntries
        if memo.classUses == nil { memo.classUses = classUses(sceneIndex.documentPaths) }
        let planner = UncheckedReference(self)
        let work = OrderedWork(count: count, jobs: settings.jobs, window: count) { planner.value.unitContext($0, shared: shared) }
        return (0..<count).map(work.result)
    }
}

/// A value worked out on a thread of its own (unthreaded: when first asked for); `value`,
/// asked for from one thread, waits for it.
final class BackgroundValue<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let threaded: Bool
    /// Let go once it has run: what it captured (the site's content) need not outlive it.
    private var work: (() -> Value)?
    private var result: Value?
    private var waited = false

    init(threaded: Bool, _ work: @escaping () -> Value) {
        self.threaded = threaded
        self.work = work
        guard threaded else { return }
        let thread = Thread { [self] in
            result = self.work?()
            self.work = nil
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    var value: Value {
        if threaded, !waited {
            done.wait()
            waited = true
        }
        if let result { return result }
        guard let work else { preconditionFailure("a background value without its result or its work") }
        let made = work()
        result = made
        self.work = nil
        return made
    }
}

/// A reference handed to other threads; the caller guarantees no two threads use it at once
/// unless all of them only read (the planner's memos are filled before it is shared).
struct UncheckedReference<Value: AnyObject>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Computes `work(0)`, `work(1)`, … on `jobs` threads, at most `window` results ahead of the
/// consumer, who takes them in order (`result`); with one job, each is computed when taken.
final class OrderedWork<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Int: Result] = [:]
    private var next = 0
    private var taken = 0
    private let count: Int
    private let window: Int
    private let threaded: Bool
    private let work: @Sendable (Int) -> Result

    init(count: Int, jobs: Int, window: Int, work: @escaping @Sendable (Int) -> Result) {
        self.count = count
        self.window = max(1, window)
        self.work = work
        threaded = jobs > 1 && count > 1
        guard threaded else { return }
        for _ in 0..<min(jobs, count) {
            let thread = Thread { [self] in run() }
            // Diagram building recurses over deep view trees: the main thread's stack size.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while next < count && next >= taken + window { condition.wait() }
            guard next < count else {
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let value = work(index)
            condition.lock()
            results[index] = value
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Starts no more work (the threads end after the items they are on) and drops the results
    /// not taken.
    func cancel() {
        condition.lock()
        next = count
        results = [:]
        condition.broadcast()
        condition.unlock()
    }

    /// `work(index)`, waiting for it; indices are taken in increasing order, each once.
    func result(_ index: Int) -> Result {
        guard threaded else { return work(index) }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = results.removeValue(forKey: index) {
                taken = index + 1
                condition.broadcast()
                return value
            }
            condition.wait()
        }
    }
}
