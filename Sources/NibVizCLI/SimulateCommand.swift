import ArgumentParser

// Placeholder: its issue replaces this body.
/// `nibviz simulate FILE`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "simulate", abstract: "Replay a nib load or view-controller lifecycle as an event timeline.")
    @Argument var file: String
    func run() throws { throw fail("simulate: not implemented yet") }
}
