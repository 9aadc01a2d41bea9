import ArgumentParser

// Placeholder: its issue replaces this body.
/// `nibviz review`.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "review", abstract: "Review report for IB documents changed between two git revisions.")
    func run() throws { throw fail("review: not implemented yet") }
}
