import ArgumentParser
import Foundation
import GraphvizRender
import NibAppArchive
import NibParsing
import NibSite
import NibSiteBuild

/// `nibviz site [INPUT…] [-o DIR]`: the static documentation site, plus a page per user document.
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Build the static documentation site from site/ and any .xib/.storyboard/scenario inputs."
    )

    @Argument(help: "Files or folders of .xib, .storyboard, designable.nib or scenario .yaml files.")
    var inputs: [String] = []
    @Option(
        name: .shortAndLong,
        help: """
            Output folder, replaced atomically at the end of the build, only when missing, empty or written by nibviz \
            (default: site/public in a checkout, else nibviz-site).
            """)
    var output: String?
    @Flag(help: "Write into an output folder holding files nibviz did not write (they are kept, never deleted).")
    var force = false
    @Option(help: "The site sources: pages/, scenarios/, assets/, data/ (default: ./site, else the copy beside the nibviz binary).")
    var siteRoot: String?
    @Option(help: "Diagram cache folder (default: <output>/.nibviz-cache, inside the output folder).")
    var cache: String?
    @Flag(help: "Render every diagram, ignoring and not writing the cache.")
    var noCache = false
    @Option(help: "The project's name on the home page (default: .nibviz.yml's title, else the first input folder's name).")
    var title: String?
    @Option(
        name: .customLong("exclude"),
        help: "Leave out inputs under the input folders matching GLOB (repeatable): `Pods`, `*/Tests/*`, `*.nib`.")
    var excludes: [String] = []
    @Flag(help: "Exit non-zero when a document cannot be read (it still gets a page with its error).")
    var strict = false
    @OptionGroup var sources: SourcesOption
    @Option(
        help:
            "Diagrams rendered (worker processes) and documents read at once; 1 renders serially in this process (default: the machine's cores; at most twice them)."
    )
    var jobs: Int?
    @Option(
        help: ArgumentHelp(
            """
            MiB of documents (their size on disk) kept parsed from reading to planning (default: 64). Past it, a document keeps \
            only what other pages read of it and is parsed again when its pages are planned: memory stops growing with the \
            number of documents. 0 parses every document twice.
            """, valueName: "MiB"))
    var documentMemory: Int?
    @Flag(help: "Print where the time went: per step, Graphviz layout vs render vs nibviz's own work, the longest diagrams, idle workers.")
    var timings = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        if let documentMemory, documentMemory < 0 || documentMemory > 1 << 20 {
            throw ValidationError("--document-memory must be a number of MiB from 0 to \(1 << 20)")
        }
    }

    func run() throws {
        guard let root = SiteSources.locate(explicit: siteRoot) else {
            throw CommandFailure(
                "cannot find the site sources (site/data/rules.md): run from a nibviz checkout, install with `make install`, or pass --site-root DIR"
            )
        }
        let output =
            self.output
            ?? (root.standardizedFileURL.path == URL(fileURLWithPath: "site").standardizedFileURL.path ? "site/public" : "nibviz-site")
        try validateSources(sources.paths)
        // An `.ipa` is read as the folder it holds.
        var options = SiteOptions(
            siteRoot: root, inputs: try inputs.map(AppArchivePath.url(for:)), output: URL(fileURLWithPath: output),
            cacheDirectory: cache.map { URL(fileURLWithPath: $0) }, useCache: !noCache, force: force,
            version: NibvizCommand.version, title: title)
        options.exclusion = InputExclusion(excludes)
        options.sources = sources.paths.map { URL(fileURLWithPath: $0) }
        if let jobs {
            let usable = RenderWorkerPool.usableJobs(jobs)
            usable.note.map { printError("site: \($0)") }
            options.jobs = usable.jobs
        }
        if let documentMemory { options.documentMemory = documentMemory << 20 }
        try options.applyProjectFiles()
        for skipped in SiteContent.skipped(inputs: options.inputs, exclusion: options.exclusion) { printError("site: skipped \(skipped)") }
        ProcessMemory.limitArenas(to: max(2, options.jobs))
        ProcessScheduling.runAsBatch()
        let backend: DiagramBackend =
            options.jobs == 1 ? InProcessBackend() : PoolBackend(pool: .forCurrentExecutable(workerCount: options.jobs))
        let report = try SiteBuilder.build(options: options, backend: backend) { printError($0) }
        report.summaryLines(output: output, timings: timings).forEach(printError)
        if !options.inputs.isEmpty && report.documentPages == 0 {
            // A mistyped folder builds a site of concept pages alone: say so rather than pass.
            printError(
                "site: warning: no .xib, .storyboard or compiled nib in \(inputs.joined(separator: ", ")); the site has no document pages")
        }
        let (failure, note) = report.failure(strict: strict)
        if let note { printError(note) }
        if let failure { throw CommandFailure(failure) }
    }
}
