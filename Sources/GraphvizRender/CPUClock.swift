import Foundation

/// CPU time, the measure that stays meaningful on a loaded machine (wall time then includes
/// waiting for a core). Reads go straight to the kernel: they run once or twice per job.
public enum CPUClock {
    /// CPU seconds the calling thread has used.
    public static func thread() -> Double {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// CPU seconds process `pid` has run so far: its CPU-time clock, one system call (the pool
    /// reads one per job; opening, reading and parsing `/proc/PID/schedstat`, the fallback,
    /// cost the pool 15 µs a job); nil where the kernel does not say.
    static func process(_ pid: Int32) -> Double? {
        var clock = clockid_t()
        var spec = timespec()
        if clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &spec) == 0 {
            return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
        }
        return ProcFile.firstNumber("/proc/\(pid)/schedstat", field: 0).map { Double($0) / 1e9 }
    }
}

/// Small numeric `/proc` files read without Foundation's file and string machinery (the pool
/// reads one per job).
enum ProcFile {
    /// The `field`-th space-separated unsigned integer of the file's first 256 bytes.
    static func firstNumber(_ path: String, field: Int) -> UInt64? {
        let numbers = leadingNumbers(path, count: field + 1)
        return numbers.count > field ? numbers[field] : nil
    }

    /// The first `count` space-separated unsigned integers of the file's first 256 bytes, up to
    /// the first thing that is not one (fewer when the file has fewer; none when unreadable).
    static func leadingNumbers(_ path: String, count wanted: Int) -> [UInt64] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return leadingNumbers(descriptor: fd, count: wanted)
    }

    /// `leadingNumbers` of a file kept open (`fd`), read again from its start: a `/proc` file
    /// is written anew for each read at offset 0, without the path lookup and the open and
    /// close around it (two thirds of the time a server spent on its memory per graph).
    static func leadingNumbers(descriptor fd: Int32, count wanted: Int) -> [UInt64] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        var numbers: [UInt64] = []
        var index = 0
        while index < count, numbers.count < wanted {
            while index < count, buffer[index] == UInt8(ascii: " ") { index += 1 }
            var value: UInt64 = 0
            var digits = 0
            while index < count, buffer[index] >= UInt8(ascii: "0"), buffer[index] <= UInt8(ascii: "9") {
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(buffer[index] - UInt8(ascii: "0")))
                guard !overflowTimes, !overflowSum else { return numbers }
                value = sum
                digits += 1
                index += 1
            }
            guard digits > 0 else { return numbers }
            numbers.append(value)
        }
        return numbers
    }
}
