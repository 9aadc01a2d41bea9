import Foundation
import NibTestSupport
import Testing

/// Two runs writing the same folder take turns (the second says it waits), the folder is never
/// missing while it is replaced, and what a killed run left is cleared by the next one.
@Suite(
    "concurrent output",
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct ConcurrentOutputTests {
    /// Starts `nibviz site` without waiting; stderr goes to a file.
    func startSite(_ scratch: OutputScratch, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = TestPaths.nibviz
        process.arguments = ["site", "--site-root", OutputScratch.siteRoot] + arguments
        process.currentDirectoryURL = scratch.root
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func aSecondRunWaitsForTheLockAndThenBuilds() throws {
        let scratch = try OutputScratch("lock")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        // Hold the lock a first run would hold (README: `.<name>.nibviz-lock` beside the folder).
        let lockPath = scratch.path(".out.nibviz-lock")
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o666)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let log = NSTemporaryDirectory() + "nibviz-lock-\(UUID().uuidString).log"
        defer { unlink(log) }
        let process = try startSite(scratch, ["in", "-o", "out"], log: log)
        var waited = false
        for _ in 0..<300 where !waited {
            usleep(100_000)
            waited = (try? String(contentsOfFile: log, encoding: .utf8))?.contains("waiting for it to finish") == true
        }
        #expect(waited, "no waiting message")
        #expect(process.isRunning && !scratch.exists("out"), "the second run must not write while the lock is held")
        close(fd)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(scratch.exists("out/index.html"))
        #expect(!scratch.exists(".out.nibviz-lock"), "the lock file is removed when the run ends")
    }

    @Test func concurrentRebuildsAllSucceedAndTheFolderIsNeverMissing() throws {
        let scratch = try OutputScratch("concurrent")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        try scratch.copyFixture("Main.storyboard", to: "in/Main.storyboard")
        #expect(try scratch.site(["in", "-o", "out"]).status == 0)
        let watched = scratch.path("out/index.html")
        let misses = Counter()
        let done = Counter()
        let watcher = Thread {
            var info = stat()
            while done.value == 0 {
                if stat(watched, &info) != 0 { misses.add() }
                sched_yield()
            }
        }
        watcher.start()
        let logs = (0..<3).map { NSTemporaryDirectory() + "nibviz-concurrent-\($0)-\(UUID().uuidString).log" }
        defer { logs.forEach { unlink($0) } }
        let processes = try logs.map { try startSite(scratch, ["in", "-o", "out"], log: $0) }
        for process in processes { process.waitUntilExit() }
        done.add()
        for (process, log) in zip(processes, logs) {
            #expect(process.terminationStatus == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        #expect(misses.value == 0, "out/index.html was missing \(misses.value) times during the swaps")
        #expect(scratch.listing().filter { !$0.hasPrefix("in") && !$0.hasPrefix("out") }.isEmpty, "\(scratch.listing())")
        #expect(scratch.exists("out/documents/in/Main.storyboard.html"))
    }

    @Test func aStagingFolderLeftByAKilledRunIsRemovedButOnlyIfItIsOurs() throws {
        let scratch = try OutputScratch("stale")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        try scratch.write(".out.nibviz-tmp-4242/.nibviz-output", "nibviz output folder\nkind: staging\nversion: 0\nfiles:\n")
        try scratch.write(".out.nibviz-tmp-4242/index.html", "half written")
        try scratch.write(".out.nibviz-tmp-77/mine.txt", "not nibviz's: no marker")
        let result = try scratch.site(["in", "-o", "out"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!scratch.exists(".out.nibviz-tmp-4242"))
        #expect(scratch.read(".out.nibviz-tmp-77/mine.txt") == "not nibviz's: no marker")
    }
}

/// A counter shared with a watcher thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
