import ArgumentParser

// Placeholder: its issue replaces this body.
/// `nibviz inspect FILE|DIR [--format text|json]`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "Show the object graph of an IB document (or summarise a folder).")
    @Argument var file: String
    func run() throws { throw fail("inspect: not implemented yet") }
}
