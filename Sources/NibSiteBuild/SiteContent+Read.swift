import Foundation
import NibModel
import NibParsing
import NibPipeline
import NibScenario
import NibSimulation
import NibSite
import NibSources

/// The read steps of a build: the rule catalog, the concept pages, every scenario run and every
/// user document parsed and simulated (in parallel), into one `SiteContent`.
extension SiteContent {
    /// Reads and simulates everything `options` names (what the first steps of a build do).
    public static func read(_ options: SiteOptions) throws -> SiteContent {
        var content = SiteContent()
        content.rules = try readRules(siteRoot: options.siteRoot)
        content.conceptPages = try readConceptPages(siteRoot: options.siteRoot)
        content.scenarios = readScenarios(
            siteRoot: options.siteRoot, inputs: options.inputs, exclusion: options.exclusion, jobs: options.jobs)
        (content.documents, content.sources, _) = try readProject(options)
        return content
    }

    /// `site/data/rules.md` (SPEC's rules verbatim), then `site/data/rules-nibviz.md` (nibviz's
    /// own rules for behaviour SPEC does not cover): together, the one rule catalog.
    public static func readRules(siteRoot: URL) throws -> [RuleEntry] {
        var rules: [RuleEntry] = []
        for file in RuleCatalog.files {
            let text = try String(contentsOf: siteRoot.appendingPathComponent("data/" + file), encoding: .utf8)
            let entries = RuleCatalog.parse(text)
            guard !entries.isEmpty else { throw SiteBuildError(step: "read rules", message: "data/\(file) holds no R-… rule") }
            rules += entries
        }
        return rules
    }

    /// The Markdown pages under `site/pages/`.
    public static func readConceptPages(siteRoot: URL) throws -> [ConceptSource] {
        let root = siteRoot.appendingPathComponent("pages")
        return try SitePlanner.files(under: root, extensions: ["md"]).map {
            ConceptSource(path: $0, markdown: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Site scenarios (`site/scenarios/**.yaml`) and user scenario inputs, simulated in parallel.
    public static func readScenarios(
        siteRoot: URL, inputs: [URL], exclusion: InputExclusion = InputExclusion([]),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [ScenarioRecord] {
        let scenarioRoot = siteRoot.appendingPathComponent("scenarios")
        var found: [(URL, String)] = SitePlanner.files(under: scenarioRoot, extensions: ["yaml", "yml"]).map {
            (scenarioRoot.appendingPathComponent($0), String($0.dropLast($0.hasSuffix(".yml") ? 4 : 5)))
        }
        var user: [(URL, String)] = []
        for input in inputs {
            for item in userScenarios(input, exclusion: exclusion).scenarios {
                user.append((item.url, "user/" + String(item.relative.dropLast(item.url.pathExtension.count + 1))))
            }
        }
        found += user.sorted { ($0.1, $0.0.path) < ($1.1, $1.0.path) }
        return parallelMap(found, jobs: jobs) { url, name in
            let source = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let fallbackTitle = url.deletingPathExtension().lastPathComponent
            do {
                let display = name + "." + url.pathExtension
                let scenario = try ScenarioParser.parse(contentsOf: url, displayName: display)
                let timeline = Simulator.run(scenario)
                return ScenarioRecord(
                    name: name, source: source, title: scenario.title ?? fallbackTitle, platform: scenario.platform.rawValue,
                    timeline: timeline, notes: timeline.notes)
            } catch {
                let message = (error as? LocatedError)?.description ?? "\(name): \(error)"
                return ScenarioRecord(
                    name: name, source: source, title: fallbackTitle, platform: "?", timeline: nil, notes: [message], error: message)
            }
        }
    }

    /// User documents (source and compiled), parsed and simulated on `jobs` threads, with
    /// `classes` (a class table from sources) and the project's `platform` defaults when given;
    /// `progress` gets (done, total) after each document. With `simulateLater`, the simulations
    /// are left pending (`DocumentRecord.pendingSimulation`) for whoever needs them, each record
    /// can parse its document again (`reread`), and those past `parsedBudget` bytes keep only
    /// their graph's summary (`keptParsed(sizes:budget:)`). `appFiles` is what the app's
    /// Info.plists name, when the caller read them already.
    ///
    /// `earlierSummaries` (with `simulateLater`, without a class table) gives the summary an
    /// earlier build kept of a document whose bytes are unchanged: that document is not parsed
    /// (`DocumentRecord.fromSummary`; parsed when its pages are planned). With it, every record
    /// read carries its graph's `summary` for the next build.
    public static func readDocuments(
        inputs: [URL], exclusion: InputExclusion = InputExclusion([]), classes: [String: ClassInfo]? = nil,
        platform: ProjectFile.PlatformDefaults? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil, sources: SourceIndex? = nil, simulateLater: Bool = false,
        parsedBudget: Int? = nil, appFiles: MainStoryboards.AppFiles? = nil,
        earlierSummaries: (@Sendable (_ relative: String) -> NibGraph?)? = nil
    ) -> [DocumentRecord] {
        // The one loader `inspect DIR` uses too: `.ipa` archives in a folder are opened.
        let found = DocumentLoader.documents(in: inputs, exclusion: exclusion).sorted {
            ($0.relativePath, $0.url.path) < ($1.relativePath, $1.url.path)
        }
        // Main storyboard or loaded from code, as the app's Info.plist decides (R-LAUNCH-1).
        let roles = MainStoryboards.roles(
            storyboards: found.map(\.relativePath).filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".storyboardc") },
            appFiles: appFiles ?? MainStoryboards.appFiles(under: inputs, exclusion: exclusion))
        let counter = Counter()
        let total = found.count
        let sizes = found.map { sizeOnDisk($0.url) }
        let staysParsed = parsedBudget.map { keptParsed(sizes: sizes, budget: $0) }
        // A summary stands for a graph only where the simulations' options need no class table:
        // with one, they depend on the classes the full graph uses (`classesDigest`).
        let earlier = simulateLater && classes == nil && sources == nil ? earlierSummaries : nil
        // The table each document's runtime table starts from (`documentOptions`), made once:
        // `SourceIndex.table` merges every declaration each time it is read.
        let table = classes ?? sources?.table
        let entryDigests = table.map(ClassEntryDigests.init)
        let records = parallelMap(Array(found.indices), jobs: jobs) { number in
            let (document, size) = (found[number], sizes[number])
            let (url, relative) = (document.url, document.relativePath)
            defer { progress?(counter.increment(), total) }
            let role = roles[relative] ?? .assumedMain
            if let summary = earlier?(relative) {
                // No class table here (`earlier`): the options need the full graph only.
                var record = DocumentRecord.fromSummary(
                    relative: relative, summary: summary, reread: { self.graph(of: document) },
                    simulation: { graph in
                        simulations(documentOptions(graph, at: url, classes: nil, sources: nil, platform: platform, role: role))(graph)
                    })
                record.size = size
                return record
            }
            let parsed = graph(of: document)
            guard case .success(let graph) = parsed else {
                var record = DocumentRecord(relative: relative, graph: parsed, timeline: nil)
                record.size = size
                return record
            }
            let options = documentOptions(graph, at: url, classes: table, sources: sources, platform: platform, role: role)
            let simulate = simulations(options)
            var record = DocumentRecord(relative: relative, graph: .success(graph), timeline: nil)
            record.size = size
            record.classesDigest = classesDigest(options, of: graph, base: entryDigests)
            guard simulateLater else {
                (record.timeline, record.launch) = simulate(graph)
                return record
            }
            record.pendingSimulation = simulate
            record.reread = { self.graph(of: document) }
            if earlier != nil { record.summary = graph.siteSummary }
            return staysParsed?[number] == false ? record.summarized : record
        }
        return records
    }

    /// The options a document's simulations run with: the classes the runtime loads for it
    /// (R-SRC-3) and those it will not find (R-CHK-9), as `simulate --sources` computes them;
    /// the project's platform defaults; whether its storyboard is the main one (R-LAUNCH-1).
    /// `classes` is the build's table (with sources, theirs), which `sources` resolves this
    /// document's custom classes over.
    static func documentOptions(
        _ graph: NibGraph, at url: URL, classes: [String: ClassInfo]?, sources: SourceIndex?, platform: ProjectFile.PlatformDefaults?,
        role: StoryboardRole
    ) -> SimulationOptions {
        // The build's table with this document's custom classes resolved for their modules
        // (`SourceIndex.runtimeClasses`), cut to what its runs read without being copied.
        let runtime = sources?.runtimeOverrides(loading: graph, at: url.path)
        var options = simulationOptions(for: graph, classes: classes, overriddenBy: runtime?.overrides ?? [:], platform: platform)
        options.classesNotFound = runtime?.notFound ?? options.classesNotFound
        options.storyboardRole = role
        return options
    }

    /// A document's simulations with `options`: its load (R-NIB-1) and, for a storyboard, its
    /// launch (R-LAUNCH-1).
    static func simulations(_ options: SimulationOptions) -> @Sendable (NibGraph) -> (timeline: Timeline?, launch: StoryboardLaunch?) {
        { graph in Simulator.runAndLaunch(document: graph, options: options) }
    }

    /// Whether each document stays parsed from reading to planning: those, in document order,
    /// whose sizes add up to at most `budget` bytes; the others keep their graph's summary
    /// (`DocumentRecord.summarized`). The first documents are kept: they are planned, and let
    /// go, first.
    public static func keptParsed(sizes: [Int], budget: Int) -> [Bool] {
        var total = 0
        return sizes.map { size in
            total += size
            return total <= budget
        }
    }

    /// A document's bytes on disk: a file's size, or the sum of a bundle folder's files.
    static func sizeOnDisk(_ url: URL) -> Int {
        // One `stat` per document: Foundation's resource values cost ten times as much, and a
        // rebuild after one edit reads every document.
        var status = stat()
        guard stat(url.path, &status) == 0 else { return 0 }
        guard status.st_mode & S_IFMT == S_IFDIR else { return Int(status.st_size) }
        return FolderWalk.files(under: url.path).reduce(0) { total, file in
            stat(url.path + "/" + file, &status) == 0 ? total + Int(status.st_size) : total
        }
    }

    /// A found document's graph, or its located error (named as the document).
    static func graph(of document: FoundDocument) -> Result<NibGraph, LocatedError> {
        let relative = document.relativePath
        do {
            return .success(try DocumentLoader.graph(of: document, displayName: relative))
        } catch let error as LocatedError {
            return .failure(error)
        } catch {
            return .failure(LocatedError(at: FileLocation(file: relative), "\(error)"))
        }
    }

    /// The inputs under a file or folder the user named (`InputClassifier` decides what each
    /// is), with paths relative to the input's parent folder.
    public static func expand(_ input: URL, exclusion: InputExclusion = InputExclusion([])) -> [(
        url: URL, relative: String, kind: InputKind
    )] {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder)
        // A named file that is missing or of no known kind is still an input: its page says why.
        guard exists else { return [(input, input.lastPathComponent, InputClassifier.kind(of: input) ?? .document)] }
        if !isFolder.boolValue || InputClassifier.kind(of: input) != nil {
            return [(input, input.lastPathComponent, InputClassifier.kind(of: input) ?? .document)]
        }
        let base = input.lastPathComponent
        return InputClassifier.inputs(under: input, exclusion: exclusion).kept.map { ($0.url, base + "/" + $0.relativePath, $0.kind) }
    }

    /// The scenarios `input` names: itself when it is a YAML file, else the YAML files under it
    /// that may be scenarios (`ScenarioParser.notAScenario`), and the others with the reason.
    static func userScenarios(_ input: URL, exclusion: InputExclusion) -> (
        scenarios: [(url: URL, relative: String)], others: [(relative: String, reason: String)]
    ) {
        var scenarios: [(url: URL, relative: String)] = []
        var others: [(relative: String, reason: String)] = []
        for item in expand(input, exclusion: exclusion) where item.kind == .scenario {
            if item.url != input, let reason = notAScenario(item.url) {
                others.append((item.relative, reason))
            } else {
                scenarios.append((item.url, item.relative))
            }
        }
        return (scenarios, others)
    }

    /// Why the YAML file at `url`, found in a folder, is no scenario (`ScenarioParser.notAScenario`).
    static func notAScenario(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8)).flatMap(ScenarioParser.notAScenario(yaml:))
    }

    /// What the folders among `inputs` hold that the site does not read, in path order:
    /// `path: excluded by GLOB`, `.ipa` archives inside them (`InputClassifier`), and YAML files
    /// that are no scenario (`path: not a nibviz scenario (top-level key 'targets' is no scenario key)`).
    public static func skipped(inputs: [URL], exclusion: InputExclusion) -> [String] {
        inputs.flatMap { input -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder), isFolder.boolValue,
                InputClassifier.kind(of: input) == nil
            else { return [] }
            // One walk for both: the inputs excluded, and the YAML files that are no scenario.
            let found = InputClassifier.inputs(under: input, exclusion: exclusion)
            let excluded = found.skipped.map { (path: input.lastPathComponent + "/" + $0.input.relativePath, reason: $0.reason) }
            let others = found.kept.filter { $0.kind == .scenario }.compactMap { item in
                notAScenario(item.url).map {
                    (path: input.lastPathComponent + "/" + item.relativePath, reason: "not a nibviz scenario (\($0))")
                }
            }
            return (excluded + others).sorted { $0.path < $1.path }.map { $0.path + ": " + $0.reason }
        }
    }
}
