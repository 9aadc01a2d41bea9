import Foundation
import NibTestSupport
import Testing

/// A build stopped by a signal (Ctrl-C, SIGTERM) leaves nothing beside its output folder and the
/// previous output as it was (`InterruptCleanup`). SIGTERM here: a test runner started in the
/// background may ignore SIGINT, and nibviz leaves an ignored signal ignored.
@Suite struct InterruptedBuildTests {
    /// A project big enough that the build is still writing pages when the signal comes.
    static func project(in directory: URL) -> URL {
        let folder = SiteFixtures.inputs(in: directory, includeBad: false)
        let card = folder.appendingPathComponent("Card.xib")
        for index in 0..<30 {
            try? FileManager.default.copyItem(at: card, to: folder.appendingPathComponent("Copy\(index).xib"))
        }
        return folder
    }

    /// Starts `site project -o output`, waits for its staging folder to hold a page, sends
    /// SIGTERM and waits for the end; the process.
    static func interruptedBuild(_ project: URL, output: URL, extra: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = TestPaths.nibviz
        process.arguments = ["site", project.path, "-o", output.path] + extra
        process.currentDirectoryURL = TestPaths.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let staging = output.deletingLastPathComponent().appendingPathComponent(
            ".\(output.lastPathComponent).nibviz-tmp-\(process.processIdentifier)")
        let deadline = Date(timeIntervalSinceNow: 60)
        while process.isRunning, Date() < deadline,
            !FileManager.default.fileExists(atPath: staging.appendingPathComponent("index.html").path)
                && !FileManager.default.fileExists(atPath: staging.appendingPathComponent("documents").path)
        {
            usleep(2_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        return process
    }

    /// What nibviz left beside `output` (`.<name>.nibviz-tmp-…`, `.<name>.nibviz-lock`).
    static func leftovers(beside output: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(output.lastPathComponent).nibviz-") }
    }

    @Test func aBuildEndedBySIGTERMLeavesNoStagingFolderOrLock() throws {
        let directory = SiteFixtures.temporaryDirectory("interrupted")
        let project = Self.project(in: directory)
        let output = directory.appendingPathComponent("out")
        let process = try Self.interruptedBuild(project, output: output)
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "ended by \(process.terminationReason.rawValue) \(process.terminationStatus): the build finished before the signal?")
        #expect(Self.leftovers(beside: output).isEmpty, "\(Self.leftovers(beside: output))")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anInterruptedRebuildLeavesThePreviousSiteAsItWas() throws {
        let directory = SiteFixtures.temporaryDirectory("interrupted-rebuild")
        let project = Self.project(in: directory)
        let output = directory.appendingPathComponent("out")
        let first = try runNibviz(["site", project.path, "-o", output.path], currentDirectory: TestPaths.packageRoot)
        #expect(first.status == 0, "\(first.stderr)")
        let before = SiteFixtures.snapshot(output)
        // Without the cache every page is planned and written again: the signal lands mid-way.
        let process = try Self.interruptedBuild(project, output: output, extra: ["--no-cache"])
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(Self.leftovers(beside: output).isEmpty, "\(Self.leftovers(beside: output))")
        #expect(SiteFixtures.snapshot(output) == before)
    }
}
