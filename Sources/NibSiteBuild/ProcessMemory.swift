import Foundation
import NibOutput

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

    /// Which allocator serves this process, from the libraries mapped into it (/proc/self/maps):
    /// the `nibviz` binary links jemalloc on Linux, a host of the library (tests) may not.
    static var allocator: String {
        // Read to the end: Foundation stops at 4 KiB of a /proc file (its size reads as 0).
        guard let maps = POSIXFile.read("/proc/self/maps", limit: 64 << 20) else { return "unknown" }
        return String(decoding: maps, as: UTF8.self).contains("/libjemalloc.so") ? "jemalloc" : "the C library's malloc"
    }
}

/// The CPU time this process used so far (all its threads; not its render workers, which are
/// other processes), in seconds: `--timings` sets it beside Graphviz's CPU, so nibviz's own
/// work and Graphviz's can be compared.
struct ProcessCPU: Sendable, Equatable {
    var user: Double
    var system: Double

    static func now() -> ProcessCPU {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessCPU(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }
}
