import Foundation

/// What one command did with one mutated input.
enum Verdict: Equatable {
    case accepted
    case rejectedClearly
    case crashed(String)
    case hung
    case unclearError(String)
    case strayOutput(String)
    case unexpectedStatus(Int32)

    var isFinding: Bool {
        switch self {
        case .accepted, .rejectedClearly: false
        default: true
        }
    }
}

/// Runs one nibviz command on a case folder with a time limit and judges the result.
struct CaseRunner {
    let nibviz: URL
    let timeout: TimeInterval
    let environment: [String: String]

    /// `caseFolder` holds the input; outputs go to `caseFolder/out`; stdout and stderr are
    /// captured in `captureFolder` (outside the case folder, so they are not stray output).
    func run(_ template: [String], input: URL, seed: URL, caseFolder: URL, captureFolder: URL, format: FuzzFormat) -> Verdict {
        let out = caseFolder.appendingPathComponent("out")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let arguments = template.map { argument in
            argument.replacingOccurrences(of: "@in", with: input.lastPathComponent).replacingOccurrences(of: "@out", with: "out")
                .replacingOccurrences(of: "@seed", with: seed.path)
        }
        let stdoutURL = captureFolder.appendingPathComponent("stdout")
        let stderrURL = captureFolder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        guard let stdout = try? FileHandle(forWritingTo: stdoutURL), let stderr = try? FileHandle(forWritingTo: stderrURL) else {
            return .unexpectedStatus(-1)
        }
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = nibviz
        process.arguments = arguments
        process.currentDirectoryURL = caseFolder
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return .unexpectedStatus(-1) }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .hung
        }
        let errorText = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        if process.terminationReason == .uncaughtSignal {
            return .crashed("signal \(process.terminationStatus): \(errorText.prefix(300))")
        }
        if let stray = strayOutput(in: caseFolder, input: input) { return .strayOutput(stray) }
        switch process.terminationStatus {
        case 0: return .accepted
        case 1:
            return isClear(errorText, input: input.lastPathComponent, format: format)
                ? .rejectedClearly : .unclearError(String(errorText.prefix(300)))
        default: return .unexpectedStatus(process.terminationStatus)
        }
    }

    /// `Error: input.ext:LINE[:COL]: message` (the location may be absent for DOT layout failures;
    /// compiled nibs give a byte offset: `Error: input.nib: byte N: message`).
    func isClear(_ stderr: String, input: String, format: FuzzFormat) -> Bool {
        stderr.split(separator: "\n").contains { line in
            guard line.hasPrefix("Error: "), let range = line.range(of: input) else { return false }
            let rest = line[range.upperBound...]
            if rest.hasPrefix(": byte ") {
                let offset = rest.dropFirst(": byte ".count).prefix { $0.isNumber }
                return !offset.isEmpty && rest.dropFirst(": byte ".count + offset.count).hasPrefix(": ")
            }
            if rest.hasPrefix(": "), !format.requiresLocation { return rest.count > 2 }
            let location = rest.drop { $0 == ":" }.prefix { $0.isNumber || $0 == ":" }
            return rest.hasPrefix(":") && location.contains(where: \.isNumber) && rest.dropFirst(location.count + 1).count > 2
        }
    }

    /// A file in the case folder that is neither the input nor inside `out/` (temp files left
    /// behind, output written beside the input).
    func strayOutput(in folder: URL, input: URL) -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.first { $0 != input.lastPathComponent && $0 != "out" }
    }
}
