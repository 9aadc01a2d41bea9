import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibOutput
import NibParsing
import NibSite
import NibSources

/// Builds the static site as a pipeline of named steps (`[i/n] step` on stderr); an error
/// names the step it happened in. The inputs are hashed first: when nothing changed since the
/// build that wrote the output (and its files are as it left them), nothing else runs. Else
/// everything is read into one `SiteContent` value (real parser, real simulator), pages are
/// planned from it (`SitePlanner`, NibSite) one document at a time, each page whose fingerprint
/// is unchanged is kept as it was (a hard link, same modification time), and the others are
/// written as soon as their diagrams are rendered (while the workers go on with the rest;
/// planning waits while too many diagrams are in flight, `PageQueue`); then the links are
/// checked, the state for the next build saved, and the new folder swapped in.
public final class SiteBuilder {
    let options: SiteOptions
    let backend: DiagramBackend
    /// Step lines, notes and warnings (a test may listen to them instead of stderr).
    var progress: BuildProgress
    let store: DiagramStore

    var content = SiteContent()
    /// Each document's relative path, and the inputs that could not be read (`content.unreadable`,
    /// taken when the planner takes the documents): what the steps after planning need of them.
    var documentPaths: [String] = []
    var unreadable: [String] = []
    /// The pages, once planned.
    var planner: SitePlanner?
    /// The store key of each figure, in figure order.
    var figureKeys: [String] = []
    /// The digests of the inputs (empty for content given up front: nothing is kept then).
    var digests = InputDigest.Digests()
    /// The previous build's state (nil with `--no-cache`, or when there is none).
    var previous: BuildState?
    /// This build's state, saved for the next one.
    var state = BuildState()
    /// The source files' declarations as this build read them (nil without `--sources`), and
    /// the previous build's, in their shards (`SourceCache`).
    var sourceShards: [SourceCache]?
    var previousSourceShards: [SourceCache]?
    /// Every page's anchors and references, for the link check.
    var links: [String: LinkChecker.PageLinks] = [:]
    /// The pages carried from the previous build as they were.
    var keptPages: Set<String> = []
    /// The documents read from the previous build's summaries (`earlierSummaries`), and the
    /// shards those were read from (until this build's are written: `saveSummaries`).
    let summariesTaken = Counter()
    var previousSummaries: [BuildState.Summaries]?
    /// Where the time went.
    var timings = SiteTimings()
    /// Diagrams render while pages are planned: the session, its results, and the key of
    /// each request by the id it was submitted under.
    var session: DiagramSession?
    let inbox = RenderInbox()
    var submitted: [String] = []
    /// The pages planned and not yet written.
    var queue = PageQueue()
    var renderStart = ContinuousClock.now
    /// The state being saved beside the link check (`BesideWork`).
    var stateSaving: BesideWork?

    /// Content given up front (`SiteContent.read`) is used as is; the read steps then do nothing.
    let givenContent: SiteContent?
    /// The search index and the site's assets, written once every page is planned.
    let sharedFiles: SharedFiles

    /// Creates a builder; with `content`, the build plans pages from it instead of reading
    /// `options`' sources and inputs (a caller that builds several sites from one read).
    public init(options: SiteOptions, backend: DiagramBackend, content: SiteContent? = nil) {
        self.options = options
        self.givenContent = content
        self.backend = backend
        self.progress = BuildProgress(showBar: options.showProgress, logSteps: options.logSteps)
        self.store = DiagramStore(toolVersion: "site-3/" + options.version, serial: options.jobs <= 1)
        self.sharedFiles = SharedFiles(threaded: options.jobs > 1)
    }

    /// Runs every step and swaps the new site in. Inputs that cannot be read get an error page
    /// and are listed in `failures`; diagrams Graphviz could not draw get an error box and are
    /// listed in `diagramFailures`; the caller exits non-zero for either. A broken internal
    /// link or anchor fails the build before the swap.
    public func build() throws -> SiteReport {
        let started = ContinuousClock.now
        let startCPU = ProcessCPU.now()
        let startMachine = MachineCPU.now()
        let startThreadCPU = CPUClock.thread()
        let output = try OutputFolder(
            OutputFolder.Request(
                target: options.output.path, inputs: [options.siteRoot.path] + options.inputs.map(\.path) + options.sources.map(\.path),
                force: options.force,
                toolVersion: options.version))
        store.cache = try diagramCache(writingInto: output)
        previous = options.useCache ? BuildState.previous(in: output) : nil
        store.knownFailures = previous?.failedDiagrams ?? [:]
        timings.lanes = backend.lanes
        let root = options.siteRoot
        // The CPU this thread spends in the steps whose work it alone does (`alone`) while the
        // other threads plan, draw and write; the rest spread theirs over `jobs` threads.
        var serialCPU = 0.0
        func alone(_ body: @escaping () throws -> Void) -> () throws -> Void {
            {
                let start = CPUClock.thread()
                defer { serialCPU += CPUClock.thread() - start }
                try body()
            }
        }
        let steps: [(String, () throws -> Void)] = [
            (
                "hash inputs",
                {
                    self.digests =
                        self.givenContent == nil
                        ? InputDigest.compute(self.options, known: self.previous?.inputFiles ?? [:]) { tool in
                            self.previous == nil ? nil : ProjectCache.previous(in: output, tool: tool)
                        } : InputDigest.Digests()
                    self.state.inputs = self.digests.all
                    self.state.inputFiles = self.digests.files
                    if let survey = self.digests.sources {
                        let found = survey.modules.found
                        let count = found.xcodeProjects.count + found.packageManifests.count + found.podFolders.count
                        if survey.modulesKept { self.timings.projectFilesKept = count } else { self.timings.projectFilesRead = count }
                    }
                }
            ),
            // Only when the inputs changed (an up-to-date output returns after the first step).
            (
                "read previous build",
                {
                    _ = self.openSession()
                    self.previous?.readDetails(in: output, jobs: self.options.jobs)
                }
            ),
            ("read rules", { self.content.rules = try self.givenContent?.rules ?? SiteContent.readRules(siteRoot: root) }),
            (
                "read concept pages",
                { self.content.conceptPages = try self.givenContent?.conceptPages ?? SiteContent.readConceptPages(siteRoot: root) }
            ),
            (
                "run scenarios",
                {
                    self.content.scenarios =
                        self.givenContent?.scenarios
                        ?? SiteContent.readScenarios(
                            siteRoot: root, inputs: self.options.inputs, exclusion: self.options.exclusion, jobs: self.options.jobs)
                }
            ),
            (
                "read documents",
                {
                    if let given = self.givenContent {
                        (self.content.documents, self.content.sources) = (given.documents, given.sources)
                    } else {
                        let earlier = self.previousSourceDeclarations(in: output)
                        let scanned: [(file: SourceFile, scanned: ScannedFile)]
                        (self.content.documents, self.content.sources, scanned) = try FolderWalk.sharing(
                            self.digests.listings ?? FolderListings()
                        ) {
                            try SiteContent.readProject(
                                self.options, simulateLater: true, survey: self.digests.sources, earlierSources: earlier,
                                appFiles: self.digests.appFiles, earlierSummaries: self.earlierSummaries(in: output)
                            ) {
                                [progress = self.progress] done, total in progress.bar(done, total, "documents")
                            }
                        }
                        self.progress.finishBar()
                        self.keepSourceDeclarations(scanned, earlier: earlier)
                        try self.saveSummaries(output)
                    }
                    self.documentPaths = self.content.documents.map(\.relative)
                }
            ),
            ("plan, render and write pages", alone { try self.planPages(output) }),
            (
                "write the remaining pages",
                alone {
                    try self.renderAndWrite()
                    self.store.startFinishingCache()
                }
            ),
            ("write shared files", { try self.sharedFiles.finish() }),
            (
                "check links",
                {
                    // The state is saved beside the check: neither reads what the other writes,
                    // and the check alone left a core idle at the end of every build.
                    self.stateSaving = BesideWork(threaded: self.options.jobs > 1) {
                        try self.store.finishCache()
                        try self.saveState(output)
                    }
                    try self.checkLinks(output)
                }
            ),
            ("save state", { try self.stateSaving?.wait() }),
            ("swap output", { try output.commit() }),
        ]
        for (index, step) in steps.enumerated() {
            progress.step(index + 1, of: steps.count, step.0)
            let start = ContinuousClock.now
            do { try step.1() } catch {
                session?.cancel()
                _ = try? queue.finisher?.wait()
                _ = try? sharedFiles.finish()
                store.finishCacheWrites()
                // Nothing may still write into the staging folder it removes.
                try? stateSaving?.wait()
                output.discard()
                if let error = error as? SiteBuildError { throw error }
                throw SiteBuildError(step: step.0, message: "\(error)")
            }
            timings.steps.append((step.0, Self.seconds(ContinuousClock.now - start)))
            if let memory = ProcessMemory.now() { timings.memory.append(memory) }
            if index == 0, let report = upToDate(output) {
                timings.total = Self.seconds(ContinuousClock.now - started)
                return report
            }
        }
        timings.total = Self.seconds(ContinuousClock.now - started)
        timings.diagrams = store.timings
        timings.diagramsDrawnAgain = store.renderedAgainCount
        let cpu = ProcessCPU.now()
        timings.processCPU = ProcessCPU(user: cpu.user - startCPU.user, system: cpu.system - startCPU.system)
        if let startMachine, let machine = MachineCPU.now() { timings.machineCPU = machine.since(startMachine) }
        // The thread that runs the build: it adopts, links and hands on every page in order.
        timings.mainThreadCPU = CPUClock.thread() - startThreadCPU
        if options.jobs > 1 {
            timings.mainThreadSerialCPU = serialCPU
            timings.pageFilesCPU = queue.finisher?.spent
        }
        return SiteReport(
            pages: planner?.pageCount ?? 0, documentPages: documentPaths.count, diagramsRendered: store.renderedCount,
            diagramsCached: store.cachedCount, failures: unreadable, diagramFailures: diagramFailures(),
            stepSeconds: timings.steps, timings: timings, pagesKept: timings.pagesKept, knownFailures: store.knownFailureCount
        )
    }

    /// When the inputs hash as they did for the build that wrote the output and every file it
    /// wrote is still as it left it: the output is left alone and its report repeated.
    func upToDate(_ output: OutputFolder) -> SiteReport? {
        guard let previous, !state.inputs.isEmpty, previous.inputs == state.inputs, previous.filesAreIntact(in: output) else {
            return nil
        }
        output.discard()
        progress.note("  inputs unchanged: the site is up to date")
        return SiteReport(
            pages: previous.pageCount, documentPages: previous.documentPages, diagramsRendered: 0, diagramsCached: 0,
            failures: previous.unreadable, diagramFailures: previous.diagramFailures, stepSeconds: timings.steps, timings: timings,
            upToDate: true, pagesKept: previous.pageCount)
    }

    // MARK: steps

    /// Plans every page; each diagram Graphviz must draw is handed to the backend as soon as
    /// it is planned, and each document's pages are admitted for writing as soon as they are
    /// (written when their diagrams are in); planning waits for results while too many diagrams
    /// are in flight, so memory follows the work in flight, not the size of the project.
    func planPages(_ output: OutputFolder) throws {
        let settings = SitePlanner.Settings(
            version: options.version, title: options.title, inputs: options.inputs, jobs: options.jobs)
        let planner = SitePlanner(settings: settings, content: content) { [progress] in progress.warn($0) }
        // The planner holds the documents now, and lets each go as its pages are adopted.
        unreadable = content.unreadable
        content.documents = []
        let inbox = self.inbox
        let session = openSession()
        self.planner = planner
        queue.finisher = PageFinisher(output: output, queues: options.jobs)
        renderStart = ContinuousClock.now
        // The planner drops each figure's DOT once it is handed over here.
        planner.keepsFigureDOT = false
        planner.figureAdded = { [self] _, figure in register(figure, session: session) }
        planner.pagesAdopted = { [self] range in
            try admit(range, output: output)
            try takeResults(above: inFlightLimit)
        }
        planner.reuseUnit = { [self] number, context in keptUnit(number, context: context, in: output) }
        defer {
            planner.figureAdded = nil
            planner.pagesAdopted = nil
            planner.reuseUnit = nil
        }
        try planner.plan()
        planner.link()
        sharedFiles.start(planner.searchPages, siteRoot: options.siteRoot, output: output)
        // The pages that are no document's (home, concepts, rules, scenarios, the document and
        // class indexes) are linked now: admitted while the last diagrams are drawn, not after
        // them (they were a fifth of the time left once the workers were done).
        try admit(0..<planner.unitPages.lowerBound, output: output)
        try admit(planner.unitPages.upperBound..<planner.pageCount, output: output)
        recordUnits(planner)
        // What is left of the documents (their outlines, the storyboards the planner's memo
        // keeps) goes: the later steps need only `documentPaths` and `unreadable`.
        planner.releaseDocuments()
        // Every diagram is submitted: the session ends once the workers are through them. One
        // lane (`--jobs 1`) renders the rest here, serially.
        guard backend.lanes > 1 else {
            session.finish()
            inbox.finish()
            return
        }
        let finisher = Thread {
            session.finish()
            inbox.finish()
        }
        finisher.stackSize = 1 << 20
        finisher.start()
    }

    /// The build's render session, opened (its workers started) the first time it is asked for:
    /// once the inputs are known to have changed, so the workers' start-up (~40 ms of CPU each)
    /// runs beside the steps that read rules, scenarios and documents on fewer threads than cores,
    /// instead of when the first diagram is planned and every core is busy.
    func openSession() -> DiagramSession {
        if let session { return session }
        let inbox = self.inbox
        let opened = backend.session(startingWorkers: true) { id, result in inbox.put(RenderArrival(id, result)) }
        session = opened
        return opened
    }

    /// Every broken internal link or anchor fails the build; all of them are listed. A page
    /// kept from the previous build (whose links were checked then) is checked again only when
    /// something it may point at is gone: a file or page that build wrote, or an anchor of a
    /// page written again.
    func checkLinks(_ output: OutputFolder) throws {
        let written = output.writtenFiles
        let files = Set(written)
        let checking = previous.flatMap { previous in
            Self.nothingLost(since: previous, files: files, links: links, kept: keptPages) ? Set(links.keys).subtracting(keptPages) : nil
        }
        let broken = LinkChecker.check(pages: links, checking: checking, jobs: options.jobs) { files.contains($0) }
        guard !broken.isEmpty else { return }
        for problem in broken { progress.warn("broken link: \(problem)") }
        throw SiteBuildError(
            step: "check links", message: "\(broken.count) broken internal links or anchors (listed above)", brokenLinks: broken)
    }

    /// Whether every file `previous` recorded is written again (but the standalone diagrams of
    /// pages written again: only their own page shows them), and every page written again still
    /// has every anchor it had.
    static func nothingLost(
        since previous: BuildState, files: Set<String>, links: [String: LinkChecker.PageLinks], kept: Set<String>
    ) -> Bool {
        let released = Set(previous.pages.filter { !kept.contains($0.key) }.flatMap(\.value.extraFiles))
        guard previous.files.keys.allSatisfy({ files.contains($0) || released.contains($0) }) else { return false }
        for (path, page) in previous.pages {
            guard let now = links[path] else { return false }
            if !now.hasSameIDs(as: page.links), !Set(now.ids).isSuperset(of: page.links.ids) { return false }
        }
        return true
    }

    /// Writes `.nibviz-state.json` for the next build (not with `--no-cache`).
    func saveState(_ output: OutputFolder) throws {
        guard options.useCache else { return }
        state.pageCount = planner?.pageCount ?? 0
        state.documentPages = documentPaths.count
        state.unreadable = unreadable
        state.diagramFailures = diagramFailures()
        state.failedDiagrams = store.failuresToRemember
        recordUnitFailures()
        for file in output.writtenFiles where !file.hasPrefix(DiagramCache.folderName + "/") {
            if let stamp = output.stamp(file) { state.files[file] = BuildState.Stamp(size: stamp.size, modified: stamp.modified) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try state.writeDetails(to: output, jobs: options.jobs, previous: previous)
        try saveSourceDeclarations(output)
        try saveProjectModules(output)
        try output.write(try encoder.encode(state), to: BuildState.path)
    }

    /// `page: caption: message` for every figure whose diagram Graphviz could not render, in
    /// figure order (a kept document's as its earlier build found them).
    func diagramFailures() -> [String] {
        guard let planner else { return [] }
        let firstUnitFigure = planner.units.first?.figures.lowerBound ?? planner.figures.count
        var failures = diagramFailures(0..<firstUnitFigure)
        for (number, unit) in planner.units.enumerated() {
            failures += unit.kept ? previous?.units[documentPaths[number]]?.failures ?? [] : diagramFailures(unit.figures)
        }
        return failures
    }

    /// The failures among figures `range`.
    func diagramFailures(_ range: Range<Int>) -> [String] {
        guard let planner else { return [] }
        return range.compactMap { number in
            store.error(figureKeys[number]).map { "\(planner.figures[number].page): \(planner.figures[number].caption): \($0)" }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
