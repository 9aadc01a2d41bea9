import ArgumentParser

// Placeholder: its issue replaces this body.
/// `nibviz textconv FILE`.
struct TextconvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "textconv", abstract: "Stable line-oriented text of an IB document, for git diff.")
    @Argument var file: String
    func run() throws { throw fail("textconv: not implemented yet") }
}
