import Foundation

/// This process's resident memory now and at its peak (`VmRSS`, `VmHWM` of /proc/self/status,
/// Linux), in bytes; nil where the file is missing. `--timings` prints both after each step,
/// so what a step keeps and what it only passes through are told apart.
struct ProcessMemory: Sendable, Equatable {
    var resident: Int
    var peak: Int

    static func now() -> ProcessMemory? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func kibibytes(_ key: String) -> Int? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        guard let resident = kibibytes("VmRSS"), let peak = kibibytes("VmHWM") else { return nil }
        return ProcessMemory(resident: resident * 1024, peak: peak * 1024)
    }
}
