import Foundation
import Testing

@testable import GraphvizRender

/// The small `/proc` reader the pool and the servers use per job.
@Suite struct ProcFileTests {
    /// Numbers up to the first thing that is not one; a file kept open is read from its start
    /// each time, so it sees what the file holds now.
    @Test func numbersAreReadFromTheStartOfAnOpenFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-procfile-\(getpid())").path
        defer { unlink(path) }
        try "12 34 x 56\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(ProcFile.leadingNumbers(path, count: 5) == [12, 34])
        #expect(ProcFile.firstNumber(path, field: 1) == 34)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(ProcFile.leadingNumbers(descriptor: fd, count: 2) == [12, 34])
        try "7 8 9\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(ProcFile.leadingNumbers(descriptor: fd, count: 3) == [7, 8, 9])
        #expect(ProcFile.leadingNumbers("/nonexistent/statm", count: 3).isEmpty)
    }

    /// A process's memory read through a descriptor kept open matches a fresh read, and follows
    /// what the process maps.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
    func statmThroughAnOpenDescriptorFollowsTheProcess() throws {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let before = try #require(RenderWorker.memory(statm: fd))
        // Address space only, and more than other tests running beside this one map or unmap.
        let size = 1 << 30
        let mapped = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        try #require(mapped != MAP_FAILED)
        defer { munmap(mapped, size) }
        let after = try #require(RenderWorker.memory(statm: fd))
        #expect(after.address - before.address >= size / 2)
        let fresh = try #require(RenderWorker.memory())
        #expect(abs(fresh.address - after.address) < size / 2)
    }
}
