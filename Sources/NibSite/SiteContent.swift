import Foundation
import NibCheck
import NibModel
import NibParsing
import NibScenario
import NibSimulation
import NibSources

/// Everything a site shows, computed once by the real parser and simulator before any page is
/// planned: the rule catalog, the concept pages, every scenario with its timeline, every user
/// document with its graph (or parse error) and its load timeline. Pages only read this value.
public struct SiteContent: Sendable {
    /// A Markdown page of `site/pages/`.
    public struct ConceptSource: Sendable {
        /// Path under `pages/` (`view-cycle.md`).
        public var path: String
        /// The Markdown text.
        public var markdown: String
    }

    /// A scenario file and its simulated run.
    public struct ScenarioRecord: Sendable {
        /// `spec/G-REL-1`, `seeds/…`, `user/…`.
        public var name: String
        /// The YAML source, shown on its page.
        public var source: String
        /// The scenario's title, else its file name.
        public var title: String
        /// The platform it declares (`?` when it could not be read).
        public var platform: String
        /// The simulator's timeline; nil when the scenario could not be read.
        public var timeline: Timeline?
        /// Simulator notes, or why there is no timeline.
        public var notes: [String]
        /// Set when the scenario could not be read: `file:line:col: message`.
        public var error: String?

        /// The last path component of `name`.
        public var shortName: String { String(name.split(separator: "/").last ?? Substring(name)) }
    }

    /// A user document and what became of it.
    public struct DocumentRecord: Sendable {
        /// Path relative to its input's parent (`project/Views/Card.xib`).
        public var relative: String
        /// The parsed graph or the located parse error.
        public var graph: Result<NibGraph, LocatedError>
        /// The simulator's load of the document (R-NIB-1), at L2.
        public var timeline: Timeline?
        /// A storyboard launched as the main storyboard (R-LAUNCH-1, R-SB-1): one part per scene
        /// with a controller, the run that shows it. Nil for xibs and unreadable documents.
        public var launch: StoryboardLaunch? = nil
        /// `check`'s findings located in this document (empty without sources).
        public var findings: [CheckFinding] = []
    }

    /// SPEC's rules, in SPEC order.
    public var rules: [RuleEntry] = []
    /// The concept pages, sorted by path.
    public var conceptPages: [ConceptSource] = []
    /// Site scenarios then user scenarios, each sorted by name.
    public var scenarios: [ScenarioRecord] = []
    /// User documents sorted by relative path (the same inputs in any order give the same list).
    public var documents: [DocumentRecord] = []
    /// The app's sources, when the build was given some.
    public var sources: SourcesRecord?

    /// Whether the documents were simulated with a class table from the app's sources.
    public var hasClassTable: Bool { sources != nil }

    /// Creates empty content; the `read…` functions fill it.
    public init() {}

    /// Every input that could not be read, `file:line:col: message`, in page order.
    public var unreadable: [String] {
        scenarios.compactMap(\.error) + documents.compactMap { if case .failure(let error) = $0.graph { error.description } else { nil } }
    }

    /// Reads and simulates everything `options` names (what the first steps of a build do).
    public static func read(_ options: SiteOptions) throws -> SiteContent {
        var content = SiteContent()
        content.rules = try readRules(siteRoot: options.siteRoot)
        content.conceptPages = try readConceptPages(siteRoot: options.siteRoot)
        content.scenarios = readScenarios(siteRoot: options.siteRoot, inputs: options.inputs, exclusion: options.exclusion)
        (content.documents, content.sources) = try readProject(options)
        return content
    }

    /// The trace level a document page shows its load at.
    public static let documentLevel = TraceLevel.l2

    /// `site/data/rules.md` (SPEC's rules verbatim), then `site/data/rules-nibviz.md` (nibviz's
    /// own rules for behaviour SPEC does not cover): together, the one rule catalog.
    static func readRules(siteRoot: URL) throws -> [RuleEntry] {
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
    static func readConceptPages(siteRoot: URL) throws -> [ConceptSource] {
        let root = siteRoot.appendingPathComponent("pages")
        return try SiteBuilder.files(under: root, extensions: ["md"]).map {
            ConceptSource(path: $0, markdown: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Site scenarios (`site/scenarios/**.yaml`) and user scenario inputs, simulated in parallel.
    static func readScenarios(siteRoot: URL, inputs: [URL], exclusion: InputExclusion = InputExclusion([])) -> [ScenarioRecord] {
        let scenarioRoot = siteRoot.appendingPathComponent("scenarios")
        var found: [(URL, String)] = SiteBuilder.files(under: scenarioRoot, extensions: ["yaml", "yml"]).map {
            (scenarioRoot.appendingPathComponent($0), String($0.dropLast($0.hasSuffix(".yml") ? 4 : 5)))
        }
        var user: [(URL, String)] = []
        for input in inputs {
            for item in expand(input, exclusion: exclusion) where item.kind == .scenario {
                user.append((item.url, "user/" + String(item.relative.dropLast(item.url.pathExtension.count + 1))))
            }
        }
        found += user.sorted { ($0.1, $0.0.path) < ($1.1, $1.0.path) }
        return SiteBuilder.parallelMap(found) { url, name in
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

    /// User documents (source and compiled), parsed and simulated in parallel, with `classes`
    /// (a class table from sources) and the project's `platform` defaults when given.
    static func readDocuments(
        inputs: [URL], exclusion: InputExclusion = InputExclusion([]), classes: [String: ClassInfo]? = nil,
        platform: ProjectFile.PlatformDefaults? = nil, progress: BuildProgress? = nil, sources: SourceIndex? = nil
    ) -> [DocumentRecord] {
        var found: [(URL, String)] = []
        for input in inputs {
            for item in expand(input, exclusion: exclusion) where item.kind == .document || item.kind == .compiledNib {
                found.append((item.url, item.relative))
            }
        }
        found.sort { ($0.1, $0.0.path) < ($1.1, $1.0.path) }
        let counter = Counter()
        let total = found.count
        let records = SiteBuilder.parallelMap(found) { url, relative in
            defer { progress?.bar(counter.increment(), total, "documents") }
            do {
                let graph = try NibDocumentParser.parse(contentsOf: url, displayName: relative)
                var options = simulationOptions(for: graph, classes: classes, platform: platform)
                // R-CHK-9: classes the runtime will not find fall back, as `simulate --sources` shows.
                if let found = sources?.classesNotFound(in: graph, at: url.path), !found.isEmpty {
                    options.classesNotFound = [graph.file: found]
                }
                return DocumentRecord(
                    relative: relative, graph: .success(graph), timeline: Simulator.run(document: graph, options: options),
                    launch: graph.isStoryboard ? Simulator.launch(storyboard: graph, options: options) : nil)
            } catch let error as LocatedError {
                return DocumentRecord(relative: relative, graph: .failure(error), timeline: nil)
            } catch {
                return DocumentRecord(
                    relative: relative, graph: .failure(LocatedError(at: FileLocation(file: relative), "\(error)")), timeline: nil)
            }
        }
        progress?.finishBar()
        return records
    }

    /// The inputs under a file or folder the user named (`InputClassifier` decides what each
    /// is), with paths relative to the input's parent folder.
    static func expand(_ input: URL, exclusion: InputExclusion = InputExclusion([])) -> [(url: URL, relative: String, kind: InputKind)] {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder)
        // A named file that is missing or of no known kind is still an input: its page says why.
        guard exists else { return [(input, input.lastPathComponent, InputClassifier.kind(of: input) ?? .document)] }
        if !isFolder.boolValue || InputClassifier.kind(of: input) != nil {
            return [(input, input.lastPathComponent, InputClassifier.kind(of: input) ?? .document)]
        }
        let base = input.lastPathComponent
        return exclusion.apply(InputClassifier.inputs(under: input)).kept.map { ($0.url, base + "/" + $0.relativePath, $0.kind) }
    }

    /// What `exclusion` left out of the inputs: `path: excluded by GLOB`, in path order.
    public static func skipped(inputs: [URL], exclusion: InputExclusion) -> [String] {
        inputs.flatMap { input -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder), isFolder.boolValue,
                InputClassifier.kind(of: input) == nil
            else { return [] }
            return exclusion.apply(InputClassifier.inputs(under: input)).skipped.map {
                input.lastPathComponent + "/" + $0.input.relativePath + ": excluded by " + $0.pattern
            }
        }
    }
}
