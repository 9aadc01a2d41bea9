import ArgumentParser
import Foundation
import NibDiffing
import NibReview

extension FailOn: ExpressibleByArgument {}

/// `nibviz review [--base REV] [--head REV] [--repo DIR] -o DIR [--image-base-url URL] [--fail-on risk|change] [--sources DIR]`.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review report for IB documents changed between two git revisions.",
        discussion:
            "Writes review.md (post it as a pull-request comment; it starts with <!-- nibviz-review --> so CI can update one comment) with a Mermaid diagram per document, and the same diagram as SVG and PNG. Exits 1 on errors, 2 when --fail-on finds what it names, else 0."
    )

    @Option(help: "The base revision.") var base = "HEAD~1"
    @Option(help: "The head revision.") var head = "HEAD"
    @Option(help: "The git repository.") var repo = "."
    @Option(
        name: .shortAndLong,
        help: "Output folder, replaced atomically; only a missing, empty or nibviz-written folder (see README).")
    var output: String
    @Flag(help: "Write into an output folder holding files nibviz did not write (they are kept, never deleted).")
    var force = false
    @Option(help: "Link images to URL/<name>.png (hosted artifacts) instead of relative paths.") var imageBaseURL: String?
    @Option(help: "Exit 2 when any risk note (risk) or any non-cosmetic change (change) is found.") var failOn: FailOn?
    @Option(help: "Source folder to search for code using removed or renamed names (repeatable).") var sources: [String] = []

    func validate() throws {
        try validateSources(sources)
        if let url = imageBaseURL, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            throw ValidationError("--image-base-url must start with https:// or http://")
        }
    }

    func run() throws {
        let runner = ReviewRunner(
            repository: GitRepository(directory: URL(fileURLWithPath: repo)), base: base, head: head, imageBaseURL: imageBaseURL,
            usages: sources.isEmpty ? nil : SourceUsages(folders: sources))
        let folder = try openOutputFolder(output, inputs: [repo], force: force)
        let result = try runner.run(warn: printError)
        try folder.commit(writing: result.files)
        printError("nibviz review: \(result.files.count - 1) diagram files and review.md written to \(output)")
        try failIfAsked(failOn, result.diffs)
    }
}

/// `--sources`: each folder (or file) must exist, else a usage error naming it.
func validateSources(_ sources: [String]) throws {
    for source in sources where !FileManager.default.fileExists(atPath: source) {
        throw ValidationError("--sources \(source): no such file or folder")
    }
}

/// `--fail-on`: exit 2 (with the reason on stderr) when the diffs hold what it names.
func failIfAsked(_ failOn: FailOn?, _ diffs: [NibDiff]) throws {
    guard let failOn, failOn.fails(diffs) else { return }
    let risks = diffs.reduce(0) { $0 + $1.risks.count }
    printError(
        failOn == .risk
            ? "nibviz: failing on \(risks) risk note\(risks == 1 ? "" : "s") (--fail-on risk)"
            : "nibviz: failing on changes (--fail-on change)")
    throw ExitCode(2)
}
