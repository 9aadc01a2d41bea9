import Foundation
import Synchronization

/// A finished child process: wall time, exit status and its own peak resident set size.
struct ChildRun {
    var seconds: Double
    var status: Int32
    /// The child's own peak resident set size (VmHWM), in bytes.
    var peakBytes: Int
    /// CPU seconds (user + system) of the child and the children it waited for.
    var cpuSeconds: Double
}

/// Starts `path` with `arguments`, stdout to /dev/null and stderr to `stderrPath` (or
/// /dev/null); its process id, nil when it cannot start.
func spawnChild(_ path: String, _ arguments: [String], stderrPath: String? = nil) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    return posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 ? pid : nil
}

/// Runs `path` with `arguments`, output to /dev/null (stderr to `stderrPath` when given), and
/// measures it, with the child's own peak memory (sampled, see `ChildMemorySampler`).
func runMeasured(_ path: String, _ arguments: [String], stderrPath: String? = nil) -> ChildRun {
    let sampler = ChildMemorySampler()
    let start = DispatchTime.now().uptimeNanoseconds
    guard let pid = spawnChild(path, arguments, stderrPath: stderrPath) else {
        _ = sampler.stop()
        return ChildRun(seconds: .nan, status: -1, peakBytes: 0, cpuSeconds: .nan)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exited = status & 0x7F == 0
    return ChildRun(
        seconds: seconds, status: exited ? (status >> 8) & 0xFF : -(status & 0x7F), peakBytes: sampler.stop(),
        cpuSeconds: cpuSeconds(usage))
}

/// Starts `path` once per argument list, all at once (output thrown away), and returns the
/// seconds until the last of them exits; NaN when one cannot start or fails.
func runConcurrently(_ path: String, _ argumentLists: [[String]]) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let children = argumentLists.compactMap { spawnChild(path, $0) }
    var failed = children.count < argumentLists.count
    for pid in children {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status != 0 { failed = true }
    }
    return failed ? .nan : Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// User + system seconds in `usage`.
func cpuSeconds(_ usage: rusage) -> Double {
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// CPU seconds used so far by this process plus its reaped children (the pool's workers):
/// under load from other processes, a steadier measure of work than wall time.
func cpuSecondsSoFar() -> Double {
    var mine = rusage()
    var children = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &mine)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &children)
    return cpuSeconds(mine) + cpuSeconds(children)
}

/// Peak resident set size of this process (`ru_maxrss`), in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
}

/// Samples the peak resident set size (VmHWM) of this process's children every 10 ms until
/// stopped. `ru_maxrss` from `wait4`/`RUSAGE_CHILDREN` cannot tell: Linux folds the parent's
/// high-water mark into a child at `exec`, so every child of a large process looks as large.
/// VmHWM belongs to the new image; growth in a child's last 10 ms can be missed.
final class ChildMemorySampler: Sendable {
    private let peak = Mutex(0)
    private let running = Atomic(true)
    private let finished = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                let largest = Self.childPeaks().max() ?? 0
                peak.withLock { $0 = max($0, largest) }
                usleep(10_000)
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops sampling; the largest VmHWM seen, in bytes.
    func stop() -> Int {
        running.store(false, ordering: .relaxed)
        finished.wait()
        return peak.withLock { $0 }
    }

    private static func childPeaks() -> [Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ")
        }
        let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return children.compactMap { pid in
            // A child that has not reached `exec` yet still shares this process's memory.
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) != me,
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return nil }
            return kilobytes * 1024
        }
    }
}

/// Bytes as MiB with one decimal.
func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
