import Foundation
import NibParsing
import NibScenario
import NibSite

/// What to build and where.
public struct SiteOptions: Sendable {
    /// The `site/` folder: `pages/`, `scenarios/`, `assets/`, `data/rules.md`.
    public var siteRoot: URL
    /// User inputs: `.xib`/`.storyboard`/`designable.nib`/scenario files, or folders of them.
    public var inputs: [URL]
    /// The output folder, replaced as a whole at the end of a build.
    public var output: URL
    /// A diagram cache folder the user named; nil keeps the cache inside the output folder.
    public var cacheDirectory: URL?
    /// Whether diagrams are cached at all.
    public var useCache: Bool
    /// Whether documents unchanged since the previous build are read from the summaries it
    /// kept instead of parsed (`SiteBuilder.build(options:backend:note:)` builds again without
    /// them when one is stale); the summaries are kept for the next build either way.
    public var takesKeptSummaries = true
    /// Write into an output folder holding files nibviz did not write (they are kept).
    public var force: Bool
    /// The version written in the footer and folded into cache keys.
    public var version: String
    /// Draw a progress bar on stderr (only when it is a terminal).
    public var showProgress: Bool
    /// Print `[i/n] step` lines on stderr.
    public var logSteps: Bool
    /// Inputs under the input folders left out (`--exclude`, a project file's `exclude:`).
    public var exclusion = InputExclusion([])
    /// The project's name on its home page (default: the first input folder's name).
    public var title: String?
    /// How many diagrams render at once (worker processes) and documents are read at once;
    /// 1 renders serially in this process. Default: the machine's cores.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// How many bytes of documents (their size on disk, in document order) stay parsed from
    /// reading to planning (`--document-memory`); beyond, a document keeps its graph's summary and
    /// is parsed again when its pages are planned (`SiteContent.keptParsed`).
    public var documentMemory = SiteOptions.defaultDocumentMemory
    /// 64 MiB of documents (about 80 MiB parsed): every document of most apps stays parsed; a
    /// project past it stops growing the build's memory with its documents.
    public static let defaultDocumentMemory = 64 << 20
    /// Folders (or files) of the app's Swift and Objective-C sources (`--sources`, a project
    /// file's `sources:`): their class table drives the simulations and `check`'s findings.
    public var sources: [URL] = []
    /// The OS version and idiom the documents of one platform are simulated at (a project
    /// file's `platform:`); documents of the other platform keep nibviz's defaults.
    public var platform: ProjectFile.PlatformDefaults?

    /// Creates options; the cache defaults to `<output>/.nibviz-cache`.
    public init(
        siteRoot: URL, inputs: [URL] = [], output: URL, cacheDirectory: URL? = nil, useCache: Bool = true, force: Bool = false,
        version: String,
        showProgress: Bool = isatty(2) == 1, logSteps: Bool = true, title: String? = nil
    ) {
        self.title = title
        self.siteRoot = siteRoot
        self.inputs = inputs
        self.output = output
        self.cacheDirectory = cacheDirectory
        self.useCache = useCache
        self.force = force
        self.version = version
        self.showProgress = showProgress
        self.logSteps = logSteps
    }
}
