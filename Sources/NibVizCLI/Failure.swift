import ArgumentParser
import Foundation

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

/// Writes bytes to stdout, or atomically to `path` (temp file, then rename) so a failure never
/// leaves half-written output.
func writeOutput(_ bytes: [UInt8], to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(Data(bytes))
        return
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
    try Data(bytes).write(to: temporary)
    // rename(2) replaces an existing file atomically; FileManager.replaceItemAt fails on Linux
    // when the destination exists ("The file doesn't exist").
    guard rename(temporary.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw CocoaError(
            .fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot write \(path): \(reason)"])
    }
}
