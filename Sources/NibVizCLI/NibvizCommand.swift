import ArgumentParser

/// The `nibviz` command tree.
public struct NibvizCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "nibviz",
        abstract: "See what happens when a nib, xib or storyboard loads: graphs, simulated timelines, diagrams, a docs site.",
        version: version,
        subcommands: [
            RenderCommand.self, InspectCommand.self, SimulateCommand.self, CheckCommand.self, ClassesCommand.self, SiteCommand.self,
            DiffCommand.self, TextconvCommand.self, ReviewCommand.self, RenderCorpusCommand.self, RenderWorkerCommand.self,
        ]
    )

    public init() {}
}
