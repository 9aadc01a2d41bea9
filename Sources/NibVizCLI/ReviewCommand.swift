import ArgumentParser
import Foundation
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
    @Option(name: .shortAndLong, help: "Output folder (replaced atomically).") var output: String

    func run() throws {
        let runner = ReviewRunner(repository: GitRepository(directory: URL(fileURLWithPath: repo)), base: base, head: head)
        do {
            let files = try runner.run()
            try writeFolderAtomically(files, to: output)
            printError("nibviz review: \(files.count - 1) diagram files and review.md written to \(output)")
        } catch let error as GitError {
            throw CommandFailure(error.description)
        } catch let error as CocoaError {
            throw CommandFailure("\(output): cannot write: \(error.localizedDescription)")
        }
    }
}
