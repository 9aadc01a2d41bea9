import ArgumentParser
import Foundation
import NibOutput

/// A command failure. Thrown out of `run()`, argument-parser prints it as `Error: <message>` on
/// stderr and exits 1, like every other error (a `LocatedError` reads `file:line:col: message`).
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ message: String) { description = message }
}

/// Writes a line to stderr.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes bytes to stdout (no path, or `-`) or to `path` through `OutputFile`: a special file
/// or symlink written through, a regular file replaced atomically; never one of `inputs`.
func writeOutput(_ bytes: [UInt8], to path: String?, inputs: [String] = []) throws {
    try OutputFile.write(bytes, to: path ?? "-", inputs: inputs, environment: ProcessInfo.processInfo.environment)
}

/// Opens the output folder of `site`, `review` or `render-corpus`, reporting a refusal as a failure.
func openOutputFolder(_ path: String, inputs: [String], force: Bool) throws -> OutputFolder {
    try OutputFolder(OutputFolder.Request(target: path, inputs: inputs, force: force, toolVersion: NibvizCommand.version))
}
