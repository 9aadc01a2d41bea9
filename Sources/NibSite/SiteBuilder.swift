import Foundation
import NibDiagrams
import NibModel
import NibOutput

/// Builds the static site as a pipeline of named steps (`[i/n] step` on stderr); an error
/// names the step it happened in. Everything is assembled in memory and written to a temporary
/// folder that replaces the output folder at the end.
public final class SiteBuilder {
    let options: SiteOptions
    let services: SiteServices
    let backend: DiagramBackend
    let progress: BuildProgress
    let store: DiagramStore

    var conceptPages: [(source: String, page: MarkdownPage)] = []
    var scenarios: [ScenarioEntry] = []
    var documents: [DocumentEntry] = []
    var rules: [RuleEntry] = []
    var pages: [SitePage] = []
    var figures: [(key: String, caption: String, kind: String)] = []
    var failures: [String] = []

    /// Creates a builder.
    public init(options: SiteOptions, services: SiteServices, backend: DiagramBackend) {
        self.options = options
        self.services = services
        self.backend = backend
        self.progress = BuildProgress(showBar: options.showProgress, logSteps: options.logSteps)
        self.store = DiagramStore(toolVersion: services.toolVersion)
    }

    /// Runs every step and swaps the new site in. Input documents that fail get an error page
    /// and are listed in `failures`; the caller exits non-zero for them.
    public func build() throws -> SiteReport {
        let output = try OutputFolder(
            OutputFolder.Request(
                target: options.output.path, inputs: [options.siteRoot.path] + options.inputs.map(\.path), force: options.force,
                toolVersion: options.version))
        store.cache = try diagramCache(writingInto: output)
        var timings: [(String, Double)] = []
        var broken: [String] = []
        let steps: [(String, () throws -> Void)] = [
            ("read rules", readRules),
            ("read concept pages", readConceptPages),
            ("run scenarios", readScenarios),
            ("read documents", readDocuments),
            ("plan pages", planPages),
            ("render diagrams", renderDiagrams),
            ("write pages", { try self.writePages(to: output) }),
            ("check links", { broken = LinkChecker.check(root: output.temporary) }),
            ("swap output", { try output.commit() }),
        ]
        for (index, step) in steps.enumerated() {
            progress.step(index + 1, of: steps.count, step.0)
            let start = Date()
            do { try step.1() } catch {
                output.discard()
                throw SiteBuildError(step: step.0, message: "\(error)")
            }
            timings.append((step.0, Date().timeIntervalSince(start)))
        }
        for problem in broken.prefix(20) { progress.note("warning: \(problem)") }
        return SiteReport(
            pages: pages.count, documentPages: documents.count, diagramsRendered: store.renderedCount,
            diagramsCached: store.cachedCount, failures: failures, brokenLinks: broken, stepSeconds: timings
        )
    }

    // MARK: steps

    func readRules() throws {
        let url = options.siteRoot.appendingPathComponent("data/rules.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        rules = text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { return nil }
            return RuleEntry(id: fields[0], section: fields[1], tags: fields[2], summary: fields[3])
        }
    }

    func readConceptPages() throws {
        let pagesRoot = options.siteRoot.appendingPathComponent("pages")
        for path in Self.files(under: pagesRoot, extensions: ["md"]) {
            let text = try String(contentsOf: pagesRoot.appendingPathComponent(path), encoding: .utf8)
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            conceptPages.append((path, MarkdownPage(markdown: text, fallbackTitle: name)))
        }
        conceptPages.sort { ($0.page.order, $0.source) < ($1.page.order, $1.source) }
    }

    func readScenarios() throws {
        let scenarioRoot = options.siteRoot.appendingPathComponent("scenarios")
        var found: [(URL, String)] = Self.files(under: scenarioRoot, extensions: ["yaml", "yml"]).map {
            (scenarioRoot.appendingPathComponent($0), String($0.dropLast($0.hasSuffix(".yml") ? 4 : 5)))
        }
        for input in options.inputs {
            for (url, relative) in Self.expand(input) where ["yaml", "yml"].contains(url.pathExtension) {
                found.append((url, "user/" + String(relative.dropLast(url.pathExtension.count + 1))))
            }
        }
        let services = self.services
        let runs = Self.parallelMap(found) { services.runScenario($0.0, $0.1 + "." + $0.0.pathExtension) }
        for ((url, name), run) in zip(found, runs) {
            let source = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            scenarios.append(ScenarioEntry(name: name, source: source, run: run))
        }
    }

    func readDocuments() throws {
        var found: [(URL, String)] = []
        for input in options.inputs {
            for (url, relative) in Self.expand(input) where Self.isDocument(url) { found.append((url, relative)) }
        }
        let services = self.services
        let total = found.count
        let counter = Counter()
        let progress = self.progress
        let results: [(Result<NibGraph, LocatedError>, SiteTimeline?)] = Self.parallelMap(found) { item in
            defer { progress.bar(counter.increment(), total, "documents") }
            do {
                let graph = try services.parseDocument(item.0, item.1)
                return (.success(graph), services.simulateDocument(graph))
            } catch let error as LocatedError {
                return (.failure(error), nil)
            } catch {
                return (.failure(LocatedError(at: FileLocation(file: item.1), "\(error)")), nil)
            }
        }
        progress.finishBar()
        var usedPaths = Set<String>()
        for ((_, relative), result) in zip(found, results) {
            var path =
                "documents/" + relative.split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/")
                + ".html"
            if !usedPaths.insert(path.lowercased()).inserted {
                path = String(path.dropLast(5)) + "-" + StableHash.hex([relative]).prefix(8) + ".html"
                usedPaths.insert(path.lowercased())
            }
            if case .failure(let error) = result.0 { failures.append(error.description) }
            documents.append(DocumentEntry(relative: relative, path: path, graph: result.0, timeline: result.1))
        }
    }

    func renderDiagrams() throws {
        progress.note("  \(store.count) diagrams")
        store.renderAll(backend: backend) { [progress] done, total in progress.bar(done, total, "diagrams") }
        progress.finishBar()
        progress.note("  rendered \(store.renderedCount), from cache \(store.cachedCount)")
    }

    /// Registers a diagram; returns the token that `writePages` replaces with the figure.
    func figure(dot: String, caption: String, kind: DiagramKind, name: String) -> String {
        let key = store.add(dot: dot, name: name)
        figures.append((key, caption, kind.rawValue))
        return "NIBVIZFIG\(figures.count - 1)X"
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

    /// An input file or folder as (file URL, display path relative to the input's parent), sorted.
    static func expand(_ input: URL) -> [(URL, String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
            return [(input, input.lastPathComponent)]
        }
        if !isDirectory.boolValue { return [(input, input.lastPathComponent)] }
        let base = input.lastPathComponent
        var out: [(URL, String)] = []
        guard let enumerator = FileManager.default.enumerator(atPath: input.path) else { return [] }
        while let path = enumerator.nextObject() as? String {
            let url = input.appendingPathComponent(path)
            guard isDocument(url) || ["yaml", "yml"].contains(url.pathExtension) else { continue }
            // A `.nib` bundle is a folder: it is one input (its designable.nib), not a place to descend.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                if url.pathExtension == "nib" { enumerator.skipDescendants() }
                let designable = url.appendingPathComponent("designable.nib")
                if url.pathExtension == "nib", FileManager.default.fileExists(atPath: designable.path) {
                    out.append((designable, base + "/" + path))
                }
                continue
            }
            out.append((url, base + "/" + path))
        }
        return out.sorted { $0.1 < $1.1 }
    }

    static func isDocument(_ url: URL) -> Bool {
        let ext = url.pathExtension.lowercased()
        // Compiled `.nib` files are inputs too: the parser says why it cannot read them, on their page.
        return ext == "xib" || ext == "storyboard" || ext == "nib"
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

/// A rule of SPEC as listed in `site/data/rules.tsv`.
struct RuleEntry {
    var id: String
    var section: String
    var tags: String
    var summary: String
}

/// A scenario file and its run.
struct ScenarioEntry {
    /// `spec/G-REL-1`, `seeds/…`, `user/…`.
    var name: String
    var source: String
    var run: ScenarioRun
    var path: String {
        "scenarios/" + name.split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/") + ".html"
    }
    var shortName: String { String(name.split(separator: "/").last ?? Substring(name)) }
}

/// A user document and what became of it.
struct DocumentEntry {
    var relative: String
    var path: String
    var graph: Result<NibGraph, LocatedError>
    var timeline: SiteTimeline?
}
