import Foundation
import Synchronization

/// Counts verdicts and saves every finding (input + what happened) for replay.
final class Tally: Sendable {
    private struct Counts {
        var cases = 0
        var accepted = 0
        var rejectedClearly = 0
        var crashes = 0
        var hangs = 0
        var unclear = 0
        var stray = 0
        var unexpected = 0
    }

    private let counts = Mutex(Counts())

    var findings: Int { counts.withLock { $0.crashes + $0.hangs + $0.unclear + $0.stray + $0.unexpected } }

    func record(_ verdict: Verdict, index: Int, format: FuzzFormat, command: [String], input: [UInt8], findings folder: URL) {
        counts.withLock { counts in
            counts.cases += 1
            switch verdict {
            case .accepted: counts.accepted += 1
            case .rejectedClearly: counts.rejectedClearly += 1
            case .crashed: counts.crashes += 1
            case .hung: counts.hangs += 1
            case .unclearError: counts.unclear += 1
            case .strayOutput: counts.stray += 1
            case .unexpectedStatus: counts.unexpected += 1
            }
        }
        guard verdict.isFinding else { return }
        let name = "case-\(index)-\(format.folder)"
        let report = "nibviz \(command.joined(separator: " ")) → \(verdict)\n"
        say("fuzz: FINDING \(name): \(report)", newline: false)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(input).write(to: folder.appendingPathComponent("\(name).\(format.fileExtension)"))
        try? Data(report.utf8).write(to: folder.appendingPathComponent("\(name).txt"))
    }

    func summary(elapsed: TimeInterval) -> String {
        counts.withLock { c in
            "\(c.cases) cases in \(Int(elapsed)) s: \(c.crashes) crashes, \(c.hangs) hangs, \(c.rejectedClearly) rejected with a clear error, "
                + "\(c.accepted) accepted, \(c.unclear) unclear errors, \(c.stray) stray outputs, \(c.unexpected) unexpected exit statuses"
        }
    }

    /// Anything in the work folder besides case and capture folders was written outside an
    /// output folder.
    static func strayInWorkRoot(_ work: URL) -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        return entries.first { !$0.hasPrefix("case-") && !$0.hasPrefix("capture-") }
    }
}

/// Writes a progress line at once (print is buffered when stdout is a file).
func say(_ text: String, newline: Bool = true) {
    FileHandle.standardOutput.write(Data((newline ? text + "\n" : text).utf8))
}
