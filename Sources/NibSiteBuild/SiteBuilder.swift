import Foundation
import NibDiagrams
import NibModel
import NibOutput
import NibParsing
import NibSite

/// Builds the static site as a pipeline of named steps (`[i/n] step` on stderr); an error
/// names the step it happened in. The first steps read everything into one `SiteContent`
/// value (real parser, real simulator); pages are planned from it (`SitePlanner`, NibSite),
/// diagrams rendered through a backend and the cache, written to a temporary folder,
/// link-checked, and swapped in.
public final class SiteBuilder {
    let options: SiteOptions
    let backend: DiagramBackend
    let progress: BuildProgress
    let store: DiagramStore

    var content = SiteContent()
    /// The pages, once planned.
    var planner: SitePlanner?
    /// The store key of each figure, in figure order.
    var figureKeys: [String] = []

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
                target: options.output.path, inputs: [options.siteRoot.path] + options.inputs.map(\.path), force: options.force,
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
                    self.content.documents =
                        self.givenContent?.documents
                        ?? SiteContent.readDocuments(
                            inputs: self.options.inputs, exclusion: self.options.exclusion
                        ) { [progress = self.progress] done, total in progress.bar(done, total, "documents") }
                    self.progress.finishBar()
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
            pages: planner?.pageCount ?? 0, documentPages: content.documents.count, diagramsRendered: store.renderedCount,
            diagramsCached: store.cachedCount, failures: content.unreadable, diagramFailures: diagramFailures(),
            stepSeconds: timings
        )
    }

    // MARK: steps

    func planPages() {
        let planner = SitePlanner(options: options, content: content) { [progress] in progress.note($0) }
        planner.plan()
        figureKeys = planner.figures.map { store.add(dot: $0.dot, name: $0.name) }
        self.planner = planner
    }

    func writePages(to output: OutputFolder) throws {
        guard let planner else { return }
        try planner.writeFiles(rendered: { store.rendered(figureKeys[$0]) }, write: { try output.write($1, to: $0) })
    }

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
        guard let planner else { return [] }
        return zip(planner.figures, figureKeys).compactMap { figure, key in
            store.error(key).map { "\(figure.page): \(figure.caption): \($0)" }
        }
    }
}
