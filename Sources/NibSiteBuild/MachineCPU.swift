import Foundation

/// The whole machine's CPU time so far, over all its cores, in seconds: from the `cpu` lines of
/// /proc/stat (Linux; nil elsewhere). `--timings` sets a build's share against it: when every
/// core was busy nearly all the build long, only less work (Graphviz's or nibviz's own) makes
/// the build shorter, not more lanes or better scheduling. The cores are counted in the same
/// file, so the times and the count agree where the process sees fewer cores than the machine
/// has (a container's quota, an affinity mask).
struct MachineCPU: Sendable, Equatable {
    /// Running something: user, nice, system, irq and softirq time (guests' time is in user).
    var busy: Double
    /// Idle, and waiting for I/O.
    var idle: Double
    /// Stolen: time the host ran something else while a virtual CPU of this machine wanted to
    /// run (a VM's noisy neighbours).
    var stolen: Double
    /// The cores the times are summed over (the `cpuN` lines; 0 when the file lists none).
    var cores = 0

    static func now() -> MachineCPU? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return MachineCPU(procStat: text, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The machine's line of /proc/stat's `text`: `cpu user nice system idle iowait irq softirq
    /// steal …`, in clock ticks of `ticksPerSecond`, and the per-core `cpuN` lines after it; nil
    /// without it (older kernels stop after idle: the fields they lack count as 0). The lines
    /// after the `cpu` lines (interrupts by number, one long line) are not split.
    init?(procStat text: String, ticksPerSecond: Double) {
        var lines: [Substring] = []
        var rest = Substring(text)
        while rest.hasPrefix("cpu") {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            lines.append(rest[..<end])
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        guard ticksPerSecond > 0, let line = lines.first, line.hasPrefix("cpu ") else { return nil }
        cores = lines.dropFirst().filter { $0.dropFirst(3).first?.isWholeNumber == true }.count
        let fields = line.split(separator: " ").dropFirst().prefix(8).map { Double($0) }
        guard fields.count >= 4, !fields.contains(nil) else { return nil }
        let ticks = fields.compactMap { $0 }
        func field(_ index: Int) -> Double { index < ticks.count ? ticks[index] : 0 }
        busy = (field(0) + field(1) + field(2) + field(5) + field(6)) / ticksPerSecond
        idle = (field(3) + field(4)) / ticksPerSecond
        stolen = field(7) / ticksPerSecond
    }

    init(busy: Double, idle: Double, stolen: Double, cores: Int = 0) {
        self.busy = busy
        self.idle = idle
        self.stolen = stolen
        self.cores = cores
    }

    /// What the machine did from `start` to this reading (a counter that went back, as I/O wait
    /// may, counts as no time).
    func since(_ start: MachineCPU) -> MachineCPU {
        MachineCPU(
            busy: max(0, busy - start.busy), idle: max(0, idle - start.idle), stolen: max(0, stolen - start.stolen), cores: cores)
    }

    /// The share of the cores' time that was busy (0 when no time passed).
    var busyShare: Double {
        let all = busy + idle + stolen
        return all > 0 ? busy / all : 0
    }
}
