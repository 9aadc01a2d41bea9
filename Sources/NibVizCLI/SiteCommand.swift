import ArgumentParser
import Foundation

// Placeholder until the site issue: writes a single index page atomically.
/// `nibviz site [INPUT…] [-o DIR]`.
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "site", abstract: "Build the static documentation site.")
    @Argument var inputs: [String] = []
    @Option(name: .shortAndLong, help: "Output folder.") var output = "site/public"
    func run() throws {
        let page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>nibviz</title></head><body><h1>nibviz</h1><p>The documentation site is being built.</p></body></html>\n"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try writeOutput(Array(page.utf8), to: output + "/index.html")
    }
}
