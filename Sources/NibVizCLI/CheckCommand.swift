import ArgumentParser
import Foundation
import NibCheck
import NibModel
import NibPipeline
import NibSources

extension CheckOutput.Format: ExpressibleByArgument {}

/// `nibviz check INPUTS… --sources DIR… [--format text|json|sarif|github] [--baseline FILE]`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check IB documents against the app's sources: outlets, actions, classes, storyboard references, identifiers.",
        discussion: "Exits 1 when any error remains after --baseline. Findings: site/pages/reference/check.md."
    )

    @Argument(help: "IB documents (.xib, .storyboard) or folders holding them.")
    var inputs: [String]

    @OptionGroup var sources: SourcesOption

    @Option(
        help: "Output: text (file:line:col: error: …), json, sarif (SARIF 2.1.0), github (GitHub Actions annotations).")
    var format: CheckOutput.Format = .text

    @Option(help: "A JSON report of known findings (nibviz check --format json) to leave out.")
    var baseline: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of stdout.")
    var output: String?

    func validate() throws {
        if sources.paths.isEmpty { throw ValidationError("give --sources DIR… (the app's source folders)") }
    }

    func run() throws {
        let (graphs, unreadable) = try DocumentLoader.documents(inputs)
        guard let index = try sources.index() else { return }
        var findings = Checker(graphs: graphs, index: index, unreadable: unreadable).run().findings
        if let baseline { findings = try CheckOutput.subtracting(baselineAt: baseline, from: findings) }
        try writeOutput(
            Array(
                try CheckOutput.format(
                    findings, as: format, toolVersion: NibvizCommand.version,
                    workspace: ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]
                ).utf8), to: output,
            inputs: inputs + sources.paths)
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
