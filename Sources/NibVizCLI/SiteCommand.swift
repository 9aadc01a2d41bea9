import ArgumentParser
import Foundation
import GraphvizRender
import NibAppArchive
import NibParsing
import NibScenario
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
            "Diagrams rendered (worker processes) and documents read at once; 1 renders serially in this process (default: the machine's cores)."
    )
    var jobs: Int?
    @Flag(help: "Print where the time went: per step, Graphviz layout vs render vs nibviz's own work, the longest diagrams, idle workers.")
    var timings = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
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
        // `.nibviz.yml` at an input folder's root: its title, excludes, sources (relative to the
        // file) and platform defaults (options win; sources add up).
        var project = ProjectFile()
        var projectSources: [URL] = []
        // An `.ipa` is read as the folder it holds.
        let urls = try inputs.map(AppArchivePath.url(for:))
        for url in urls {
            guard InputClassifier.kind(of: url) == nil, let file = try ProjectFile.read(in: url) else { continue }
            project.title = project.title ?? file.title
            project.exclude += file.exclude
            project.platform = project.platform ?? file.platform
            projectSources += file.sourceURLs(relativeTo: url)
        }
        try validateSources(sources.paths)
        for source in projectSources where !FileManager.default.fileExists(atPath: source.path) {
            throw CommandFailure("\(ProjectFile.name): sources: \(source.path): no such file or folder")
        }
        var options = SiteOptions(
            siteRoot: root, inputs: urls,
            output: URL(fileURLWithPath: output), cacheDirectory: cache.map { URL(fileURLWithPath: $0) },
            useCache: !noCache, force: force, version: NibvizCommand.version, title: title ?? project.title
        )
        options.exclusion = InputExclusion(excludes + project.exclude)
        options.sources = sources.paths.map { URL(fileURLWithPath: $0) } + projectSources
        options.platform = project.platform
        options.jobs = jobs ?? options.jobs
        for skipped in SiteContent.skipped(inputs: options.inputs, exclusion: options.exclusion) { printError("site: skipped \(skipped)") }
        let backend: DiagramBackend =
            options.jobs == 1 ? InProcessBackend() : PoolBackend(pool: .forCurrentExecutable(workerCount: options.jobs))
        let builder = SiteBuilder(options: options, backend: backend)
        let report = try builder.build()
        if report.upToDate {
            printError("site: up to date, \(report.pages) pages (\(report.documentPages) documents), nothing written → \(output)")
        } else {
            printError(
                "site: \(report.pages) pages (\(report.documentPages) documents; \(report.pagesKept) unchanged, kept), diagrams rendered \(report.diagramsRendered), cached \(report.diagramsCached) → \(output)"
            )
        }
        printError("site: steps " + report.stepSeconds.map { "\($0.0) \(String(format: "%.1f", $0.1))s" }.joined(separator: ", "))
        if timings { printError(report.timings.table()) }
        // Closing summary: every input that could not be read and every diagram that failed.
        for failure in report.failures { printError("Error: \(failure)") }
        for failure in report.diagramFailures { printError("Error: diagram failed: \(failure)") }
        var problems: [String] = []
        // Unreadable inputs fail the build only with --strict (a project's Pods must not fail its
        // site); a diagram Graphviz could not draw always does (#11).
        if !report.failures.isEmpty {
            if strict {
                problems.append("\(report.failures.count) input(s) could not be read")
            } else {
                printError(
                    "site: \(report.failures.count) input(s) could not be read; their pages show the error (--strict makes this fail)")
            }
        }
        if !report.diagramFailures.isEmpty { problems.append("\(report.diagramFailures.count) diagram(s) failed to render") }
        if !problems.isEmpty { throw CommandFailure(problems.joined(separator: ", ") + "; their pages show the error") }
    }
}
