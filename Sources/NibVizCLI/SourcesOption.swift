import ArgumentParser
import Foundation
import NibSources

/// `--sources DIR…`: the app's Swift and Objective-C sources, read into a class table.
struct SourcesOption: ParsableArguments {
    @Option(
        name: .customLong("sources"), parsing: .upToNextOption,
        help: "Folders (or files) of the app's Swift and Objective-C sources; their classes become the class table.")
    var paths: [String] = []

    /// The index of the sources, nil when no `--sources` was given; failures become `Error: …`.
    func index() throws -> SourceIndex? {
        guard !paths.isEmpty else { return nil }
        return try SourceScanner.scan(paths)
    }

    /// The note printed when a table comes from sources.
    static func note(_ index: SourceIndex) -> String {
        "class table from --sources: \(index.table.count) classes from \(index.swiftFileCount) Swift and \(index.objcFileCount) Objective-C files"
    }
}

/// `nibviz classes --sources DIR… [--format yaml]`.
struct ClassesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classes",
        abstract: "Print the class table derived from Swift and Objective-C sources, as a scenario's classes: YAML."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case yaml
    }

    @OptionGroup var sources: SourcesOption

    @Option(help: "Output format: yaml (the classes: section of a scenario).")
    var format: Format = .yaml

    @Option(name: .shortAndLong, help: "Write to this file instead of stdout.")
    var output: String?

    func validate() throws {
        if sources.paths.isEmpty { throw ValidationError("give --sources DIR… (the app's source folders)") }
    }

    func run() throws {
        guard let index = try sources.index() else { return }
        let header = ["Derived by nibviz classes from: " + sources.paths.joined(separator: " "), SourcesOption.note(index)]
        try writeOutput(Array(ClassTableYAML.write(index.table, header: header).utf8), to: output)
    }
}
