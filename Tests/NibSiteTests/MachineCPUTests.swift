import Foundation
import Testing

@testable import NibSiteBuild

/// The machine's CPU over a build, from /proc/stat's `cpu` line (`--timings`).
@Suite struct MachineCPUTests {
    /// Busy is user, nice, system, irq and softirq; idle is idle and iowait; steal apart.
    @Test func theMachineLineIsSplitIntoBusyIdleAndStolen() throws {
        let text = """
            cpu  700 100 200 3000 50 30 20 400 0 0
            cpu0 350 50 100 1500 25 15 10 200 0 0
            intr 12345
            """
        let reading = try #require(MachineCPU(procStat: text, ticksPerSecond: 100))
        #expect(reading.cores == 1)
        #expect(reading.busy == 10.5)
        #expect(reading.idle == 30.5)
        #expect(reading.stolen == 4)
        // A kernel that stops after idle: the missing fields count as 0.
        let old = try #require(MachineCPU(procStat: "cpu 100 0 100 200\n", ticksPerSecond: 100))
        #expect(old.busy == 2 && old.idle == 2 && old.stolen == 0 && old.cores == 0)
        // The cores are the `cpuN` lines right after the machine's line.
        let four = "cpu  1 1 1 1\ncpu0 1 1 1 1\ncpu1 1 1 1 1\ncpu2 1 1 1 1\ncpu3 1 1 1 1\nintr 1 2 3\ncpu9 1 1 1 1\n"
        #expect(MachineCPU(procStat: four, ticksPerSecond: 100)?.cores == 4)
        #expect(MachineCPU(procStat: "cpu0 1 2 3 4\n", ticksPerSecond: 100) == nil)
        #expect(MachineCPU(procStat: "cpu  1 2 x 4\n", ticksPerSecond: 100) == nil)
        #expect(MachineCPU(procStat: "cpu  1 2\n", ticksPerSecond: 100) == nil)
        #expect(MachineCPU(procStat: text, ticksPerSecond: 0) == nil)
    }

    /// The share is of all the cores' time between two readings, steal included.
    @Test func theBusyShareIsOfTheTimeBetweenTwoReadings() {
        let start = MachineCPU(busy: 10, idle: 20, stolen: 1)
        let end = MachineCPU(busy: 19, idle: 20.5, stolen: 1.5, cores: 2)
        let span = end.since(start)
        #expect(span == MachineCPU(busy: 9, idle: 0.5, stolen: 0.5, cores: 2))
        #expect(span.busyShare == 0.9)
        #expect(MachineCPU(busy: 0, idle: 0, stolen: 0).busyShare == 0)
        // A counter that went back (another reading's rounding) is no time at all.
        #expect(start.since(end) == MachineCPU(busy: 0, idle: 0, stolen: 0))
    }

    /// This machine's own reading, where it has /proc/stat (idle time may go back: I/O wait can).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/stat")))
    func thisMachineIsRead() throws {
        let reading = try #require(MachineCPU.now())
        #expect(reading.busy > 0 && reading.cores >= 1)
    }
}
