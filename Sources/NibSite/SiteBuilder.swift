import Foundation
import NibDiagrams
import NibModel
import NibOutput
import NibParsing

/// Builds the static site as a pipeline of named steps (`[i/n] step` on stderr); an error
/// names the step it happened in. The first steps read everything into one `SiteContent`
/// value (real parser, real simulator); pages are planned from it, diagrams drawn by
/// NibDiagrams with the site's own links, rendered, written to a temporary folder, link-checked,
/// and swapped in.
public final class SiteBuilder {
    let options: SiteOptions
    let backend: DiagramBackend
    let progress: BuildProgress
    let store: DiagramStore

    var content = SiteContent()
    var pages: [SitePage] = []
    var figures: [(key: String, caption: String, kind: String, page: String)] = []
    /// Scene pages and the segues between them (planned first: every page links through it).
    var sceneIndex = SceneIndex()

    /// Content given up front (`SiteContent.read`) is used as is; the read steps then do nothing.
    let givenContent: SiteContent?

    /// Creates a builder; with `content`, the build plans pages from it instead of reading
    /// `options`' sources and inputs (a caller that builds several sites from one read).
    public init(options: SiteOptions, backend: DiagramBackend, content: SiteContent? = nil) {
        self.options = options
        self.givenContent = content
        self.backend = backend
        self.progress = BuildProgress(showBar: options.showProgress, logSteps: options.logSteps)
        self.store = DiagramStore(toolVersion: "site-3/" + options.version)
    }

    /// Runs every step and swaps the new site in. Inputs that cannot be read get an error page
    /// and are listed in `failures`; diagrams Graphviz could not draw get an error box and are
    /// listed in `diagramFailures`; the caller exits non-zero for either. A broken internal
    /// link or anchor fails the build before the swap.
    public func build() throws -> SiteReport {
        let output = try OutputFolder(
            OutputFolder.Request(
                target: options.output.path, inputs: [options.siteRoot.path] + options.inputs.map(\.path) + options.sources.map(\.path),
                force: options.force,
                toolVersion: options.version))
        store.cache = try diagramCache(writingInto: output)
        var timings: [(String, Double)] = []
        let root = options.siteRoot
        let steps: [(String, () throws -> Void)] = [
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
                            siteRoot: root, inputs: self.options.inputs, exclusion: self.options.exclusion)
                }
            ),
            (
                "read documents",
                {
                    if let given = self.givenContent {
                        (self.content.documents, self.content.sources) = (given.documents, given.sources)
                    } else {
                        (self.content.documents, self.content.sources) = try SiteContent.readProject(self.options, progress: self.progress)
                    }
                }
            ),
            ("plan pages", planPages),
            ("render diagrams", renderDiagrams),
            ("write pages", { try self.writePages(to: output) }),
            ("check links", { try self.checkLinks(output.temporary) }),
            ("swap output", { try output.commit() }),
        ]
        for (index, step) in steps.enumerated() {
            progress.step(index + 1, of: steps.count, step.0)
            let start = Date()
            do { try step.1() } catch {
                output.discard()
                if let error = error as? SiteBuildError { throw error }
                throw SiteBuildError(step: step.0, message: "\(error)")
            }
            timings.append((step.0, Date().timeIntervalSince(start)))
        }
        return SiteReport(
            pages: pages.count, documentPages: content.documents.count, diagramsRendered: store.renderedCount,
            diagramsCached: store.cachedCount, failures: content.unreadable, diagramFailures: diagramFailures(),
            stepSeconds: timings
        )
    }

    // MARK: steps

    func renderDiagrams() throws {
        progress.note("  \(store.count) diagrams")
        store.renderAll(backend: backend) { [progress] done, total in progress.bar(done, total, "diagrams") }
        progress.finishBar()
        progress.note("  rendered \(store.renderedCount), from cache \(store.cachedCount)")
    }

    /// Every broken internal link or anchor fails the build; all of them are listed.
    func checkLinks(_ root: URL) throws {
        let broken = LinkChecker.check(root: root)
        guard !broken.isEmpty else { return }
        for problem in broken { progress.note("broken link: \(problem)") }
        throw SiteBuildError(
            step: "check links", message: "\(broken.count) broken internal links or anchors (listed above)", brokenLinks: broken)
    }

    /// `page: caption: message` for every figure whose diagram Graphviz could not render.
    func diagramFailures() -> [String] {
        figures.compactMap { figure in store.error(figure.key).map { "\(figure.page): \(figure.caption): \($0)" } }
    }

    /// Registers a diagram; the page shows it where this block stands.
    func figure(dot: String, caption: String, kind: DiagramKind, name: String, page: String) -> PageBlock {
        let key = store.add(dot: dot, name: name)
        figures.append((key, caption, kind.rawValue, page))
        return .figure(figures.count - 1)
    }

    // MARK: helpers

    /// Files under `root` with one of `extensions`, as sorted `/`-separated relative paths.
    static func files(under root: URL, extensions: Set<String>) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            if extensions.contains((path as NSString).pathExtension.lowercased()) { out.append(path) }
        }
        return out.sorted()
    }

    /// Maps in parallel (2+ cores), keeping order.
    static func parallelMap<T: Sendable, R>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            box.set(index, transform(items[index]))
        }
        return box.values()
    }
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
