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
        let values = Self.kibibytes(["VmRSS", "VmHWM"], in: "/proc/self/status")
        guard let resident = values["VmRSS"], let peak = values["VmHWM"] else { return nil }
        return ProcessMemory(resident: resident * 1024, peak: peak * 1024)
    }

    /// The `key:   N kB` lines of a /proc file (`status`, `meminfo`) named by `keys`, in KiB;
    /// keys the file lacks (or a missing file) are left out.
    public static func kibibytes(_ keys: Set<String>, in file: String) -> [String: Int] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [:] }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), keys.contains(String(line[..<colon])) else { continue }
            if let value = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap({ Int($0) }) {
                values[String(line[..<colon])] = value
            }
        }
        return values
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
