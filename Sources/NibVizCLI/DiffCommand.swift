import ArgumentParser

// Placeholder: its issue replaces this body.
/// `nibviz diff OLD NEW`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "diff", abstract: "Semantic diff of two IB documents.")
    @Argument var old: String
    @Argument var new: String
    func run() throws { throw fail("diff: not implemented yet") }
}
