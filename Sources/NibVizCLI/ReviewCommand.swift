import ArgumentParser
import Foundation
import NibOutput
import NibReview

/// `nibviz review [--base REV] [--head REV] [--repo DIR] -o DIR`.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review report for IB documents changed between two git revisions.",
        discussion:
            "Writes review.md (paste it into a pull request or post it from CI) and one diff diagram per document as SVG and PNG. Exits non-zero only on errors."
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

    func run() throws {
        let runner = ReviewRunner(repository: GitRepository(directory: URL(fileURLWithPath: repo)), base: base, head: head)
        let folder = try openOutputFolder(output, inputs: [repo], force: force)
        do {
            let files = try runner.run()
            try folder.commit(writing: files)
            printError("nibviz review: \(files.count - 1) diagram files and review.md written to \(output)")
        } catch let error as GitError {
            throw fail(error.description)
        } catch let error as OutputError {
            throw fail(error.description)
        }
    }
}
