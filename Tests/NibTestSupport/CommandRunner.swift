import Foundation

/// Runs a command and collects its output; pipes are drained before waiting for exit
/// (a child that fills the 64 KiB pipe buffer would otherwise hang).
public struct CommandResult: Sendable {
    /// Exit status.
    public var status: Int32
    /// Standard output bytes.
    public var stdout: Data
    /// Standard error as text.
    public var stderr: String
    /// Standard output as text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the built `nibviz` with `arguments`.
public func runNibviz(_ arguments: [String], stdin: Data? = nil, currentDirectory: URL? = nil, environment: [String: String]? = nil) throws
    -> CommandResult
{
    try runCommand(TestPaths.nibviz, arguments, stdin: stdin, currentDirectory: currentDirectory, environment: environment)
}

/// Runs any executable with `arguments`.
public func runCommand(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, currentDirectory: URL? = nil, environment: [String: String]? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    // Drain stderr on another thread while reading stdout here.
    let errData = ErrorBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData.set(err.fileHandleForReading.readDataToEndOfFile())
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData.get(), as: UTF8.self))
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
