import Foundation

#if canImport(Glibc)
    import CMalloc
#endif

/// This process's resident memory now and at its peak (`VmRSS`, `VmHWM` of /proc/self/status,
/// Linux), in bytes; nil where the file is missing. `--timings` prints both after each step,
/// so what a step keeps and what it only passes through are told apart.
public struct ProcessMemory: Sendable, Equatable {
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

    /// Caps glibc's allocator at `count` arenas (its default: 8 per core), before the threads of
    /// a build start. Each thread allocates from an arena of its own and memory freed in one
    /// arena is reused only by that arena's threads: a site build's threads (reading, planning,
    /// writing, checking links) left their free memory in as many arenas, ~20 MiB of the corpus
    /// build's 130 MiB peak, for no speed (`--jobs 2`: peak 111 MiB with 2 arenas, same wall
    /// time). A process-wide setting, so the command sets it, not the library. Elsewhere a no-op.
    public static func limitArenas(to count: Int) {
        #if canImport(Glibc)
            _ = mallopt(M_ARENA_MAX, Int32(clamping: max(1, count)))
        #endif
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
