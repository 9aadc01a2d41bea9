import Foundation
import NibSiteBuild
import Testing

/// `/proc` lines are `Key:` then spaces or a tab, then the number in kB.
@Suite struct ProcessMemoryTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/meminfo")))
    func procLinesAreReadWhateverTheirSeparator() {
        let status = ProcessMemory.kibibytes(["VmRSS", "VmHWM", "NoSuchKey"], in: "/proc/self/status")
        #expect((status["VmRSS"] ?? 0) > 0 && (status["VmHWM"] ?? 0) >= (status["VmRSS"] ?? 0))
        #expect(status["NoSuchKey"] == nil)
        #expect((ProcessMemory.kibibytes(["MemAvailable"], in: "/proc/meminfo")["MemAvailable"] ?? 0) > 0)
        #expect(ProcessMemory.kibibytes(["VmRSS"], in: "/nonexistent/status").isEmpty)
    }
}
