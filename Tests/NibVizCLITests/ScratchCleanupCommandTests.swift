import Foundation
import NibOutput
import NibTestSupport
import Testing

/// End-to-end: a run killed with SIGKILL leaves its scratch folder (an `.ipa`'s extracted nibs)
/// in the temporary directory; the next run that makes one removes it, and nothing else.
@Suite struct ScratchCleanupCommandTests {
    typealias Setup = AppArchiveCommandTests.Setup

    /// The scratch folders in the run's temporary directory.
    static func scratchFolders(_ setup: Setup) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: setup.temporary.path)) ?? []).filter { $0.hasPrefix("nibviz-") }.sorted()
    }

    @Test func aStaleScratchFolderOfADeadRunIsRemovedAndOthersAreKept() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let reaped = Process()
        reaped.executableURL = URL(fileURLWithPath: "/bin/true")
        try reaped.run()
        reaped.waitUntilExit()
        let stale = setup.temporary.appendingPathComponent("nibviz-ipa-\(UUID().uuidString)")
        let unmarked = setup.temporary.appendingPathComponent("nibviz-notes")
        for folder in [stale, unmarked] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("0/Demo.ipa"), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("0/Demo.ipa/LoginView.nib"))
        }
        let marker = ScratchMarker(pid: reaped.processIdentifier, startTime: nil)
        try Data(marker.text.utf8).write(to: stale.appendingPathComponent(ScratchMarker.fileName))
        let result = try setup.run(["inspect", "Demo.ipa"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the dead run's folder is removed")
        #expect(FileManager.default.fileExists(atPath: unmarked.appendingPathComponent("0/Demo.ipa/LoginView.nib").path))
        #expect(Self.scratchFolders(setup) == ["nibviz-notes"], "the run removed its own folder at exit")
    }

    @Test func aRunKilledWithSIGKILLLeavesItsFolderAndTheNextRunRemovesIt() throws {
        let setup = try Setup()
        defer { setup.remove() }
        // `site` on the archive keeps its scratch folder while it renders: kill it once the
        // folder (and its marker) exist.
        let process = Process()
        process.executableURL = TestPaths.nibviz
        process.arguments = ["site", "Demo.ipa", "-o", "site", "--jobs", "1"]
        process.currentDirectoryURL = setup.project
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = setup.temporary.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var left: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline {
            left = Self.scratchFolders(setup).filter {
                FileManager.default.fileExists(atPath: setup.temporary.appendingPathComponent("\($0)/\(ScratchMarker.fileName)").path)
            }
            if !left.isEmpty { break }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(left.count == 1, "the run made its scratch folder before it ended")
        #expect(Self.scratchFolders(setup) == left, "SIGKILL leaves the folder behind")
        let next = try setup.run(["inspect", "Demo.ipa"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.scratchFolders(setup).isEmpty, "\(Self.scratchFolders(setup))")
    }
}
