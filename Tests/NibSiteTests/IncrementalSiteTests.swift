import Foundation
import GraphvizRender
import NibTestSupport
import Synchronization
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A backend that counts the diagrams it is asked for and fails every one (a crash).
final class CountingDyingBackend: DiagramBackend, @unchecked Sendable {
    let asked = Mutex(0)
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        asked.withLock { $0 += requests.count }
        return requests.map { .failure(RenderError(stage: .worker, name: $0.name, message: "render worker exited on signal 11")) }
    }
}

/// Rebuilds redo only what changed (#17): nothing at all when no input changed, the changed
/// document's page alone when one did, and never a diagram Graphviz already failed on.
@Suite("Incremental site builds", .serialized)
struct IncrementalSiteTests {
    /// Modification time of every file under `root` (nanoseconds), by relative path.
    static func modificationTimes(_ root: URL) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for path in (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? [] {
            var info = stat()
            guard lstat(root.appendingPathComponent(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            out[path] = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        }
        return out
    }

    static func options(_ output: URL, inputs: [URL]) -> SiteOptions {
        SiteOptions(
            siteRoot: SiteFixtures.siteRoot, inputs: inputs, output: output, version: "test", showProgress: false, logSteps: false)
    }

    @Test func aNoChangeRebuildWritesNoFileAndReadsNoDocument() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-none")
        let output = directory.appendingPathComponent("public")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let first = try SiteBuilder(options: Self.options(output, inputs: [project]), backend: InProcessBackend()).build()
        #expect(!first.upToDate && first.diagramsRendered > 0)
        let before = try Self.modificationTimes(output)
        let second = try SiteBuilder(options: Self.options(output, inputs: [project]), backend: InProcessBackend()).build()
        #expect(second.upToDate && second.pages == first.pages && second.documentPages == first.documentPages)
        #expect(second.stepSeconds.map(\.0) == ["hash inputs"], "only the inputs are hashed")
        #expect(try Self.modificationTimes(output) == before)
    }

    @Test func aChangedDocumentRewritesItsPageAndKeepsTheOthersAsTheyWere() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-one")
        let output = directory.appendingPathComponent("public")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let first = try SiteBuilder(options: Self.options(output, inputs: [project]), backend: InProcessBackend()).build()
        let before = try Self.modificationTimes(output)
        let card = project.appendingPathComponent("nested/Swatch.xib")
        let text = try String(contentsOf: card, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "userLabel=\"", with: "userLabel=\"Edited ")
        #expect(edited != text, "the fixture has a user label to edit")
        try Data(edited.utf8).write(to: card)
        let second = try SiteBuilder(options: Self.options(output, inputs: [project]), backend: InProcessBackend()).build()
        #expect(!second.upToDate && second.pages == first.pages)
        let after = try Self.modificationTimes(output)
        let changed = Set(after.keys.filter { after[$0] != before[$0] && !$0.hasPrefix(".nibviz") })
        #expect(changed.contains("documents/project/nested/Swatch.xib.html"), "\(changed.sorted())")
        #expect(!changed.contains("documents/project/Card.xib.html") && !changed.contains("rules.html"), "\(changed.sorted())")
        #expect(second.pagesKept >= first.pages - 4, "kept \(second.pagesKept) of \(second.pages)")
        #expect(changed.filter { $0.hasSuffix(".html") }.count <= 4, "\(changed.sorted())")
        // The build state's shards whose pages and documents are unchanged are carried, not
        // encoded again; the shard of the edited document's pages is rewritten.
        let shards = after.keys.filter { $0.hasPrefix(".nibviz-state-pages-") }
        #expect(shards.count == BuildState.detailsShards)
        let rewritten = shards.filter { after[$0] != before[$0] }
        #expect(!rewritten.isEmpty && rewritten.count < shards.count, "\(rewritten.sorted())")
    }

    @Test func aDiagramGraphvizFailedOnIsNotTriedAgainAndStillReported() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-failures")
        let output = directory.appendingPathComponent("public")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let backend = CountingDyingBackend()
        let first = try SiteBuilder(options: Self.options(output, inputs: [project]), backend: backend).build()
        let asked = backend.asked.withLock { $0 }
        #expect(asked > 50 && first.diagramFailures.count > 50)
        // A changed concept page set (another site root) forces a rebuild with the same diagrams.
        let root = directory.appendingPathComponent("site")
        try FileManager.default.copyItem(at: SiteFixtures.siteRoot, to: root)
        try Data("# Extra\n\nOne more page.\n".utf8).write(to: root.appendingPathComponent("pages/extra-page.md"))
        var options = Self.options(output, inputs: [project])
        options.siteRoot = root
        let second = try SiteBuilder(options: options, backend: backend).build()
        #expect(!second.upToDate)
        #expect(backend.asked.withLock { $0 } == asked, "no failed diagram is rendered again")
        #expect(second.knownFailures > 0 && second.diagramFailures.count == first.diagramFailures.count)
        // The up-to-date rebuild repeats the failures, so the exit status stays non-zero.
        let third = try SiteBuilder(options: options, backend: backend).build()
        #expect(third.upToDate && third.diagramFailures == second.diagramFailures)
    }

    @Test func serialAndPooledBuildsWriteTheSameSite() throws {
        let directory = SiteFixtures.temporaryDirectory("incremental-jobs")
        let project = SiteFixtures.inputs(in: directory, includeBad: false)
        let serial = directory.appendingPathComponent("serial")
        let pooled = directory.appendingPathComponent("pooled")
        let one = try runNibviz(
            ["site", project.path, "-o", serial.path, "--jobs", "1", "--timings"], currentDirectory: TestPaths.packageRoot)
        let two = try runNibviz(
            ["site", project.path, "-o", pooled.path, "--jobs", "2", "--timings"], currentDirectory: TestPaths.packageRoot)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\n\(two.stderr)")
        #expect(one.stderr.contains("timings:") && one.stderr.contains("longest diagrams"))
        #expect(one.stderr.contains("one lane, in this process"))
        // Pipes and idle workers are the pool's: a serial build does not report them.
        #expect(!one.stderr.contains("idle worker time") && !one.stderr.contains("framing, pipes"))
        #expect(two.stderr.contains("idle worker time") && two.stderr.contains("framing, pipes") && two.stderr.contains("main thread"))
        // Both serial parts, the main thread and the page files' queue, with what they took.
        let serialLine = two.stderr.split(separator: "\n").first { $0.contains("serial parts") } ?? ""
        #expect(
            serialLine.contains("main thread ") && serialLine.contains("in all steps") && serialLine.contains("page-files queue ")
                && serialLine.contains(" over 2 queues"), "\(serialLine)")
        let filesCPU = two.stderr.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("files-cpu=") }
            .flatMap { Double($0.dropFirst(10)) }
        #expect((filesCPU ?? 0) > 0, "\(two.stderr)")
        #expect(!one.stderr.contains("files-cpu="))
        // The process's CPU less Graphviz's: nibviz's own work, beside Graphviz's.
        let ownLine = one.stderr.split(separator: "\n").first { $0.contains("this process ") } ?? ""
        #expect(ownLine.contains("nibviz's own work") && ownLine.contains("next to Graphviz's"), "\(ownLine)")
        #expect(one.stderr.contains(" process-cpu="))
        // The whole machine's cores over the build, where /proc/stat tells.
        if FileManager.default.fileExists(atPath: "/proc/stat") {
            let machineLine = two.stderr.split(separator: "\n").first { $0.contains("the machine's ") } ?? ""
            #expect(machineLine.contains(" cores over the build: busy ") && machineLine.contains("stolen by the host"), "\(machineLine)")
            #expect(two.stderr.contains(" machine-busy-share=") && two.stderr.contains(" machine-stolen="))
        }
        // Each step with the memory it leaves resident and the peak so far (Linux's /proc).
        let planLine = one.stderr.split(separator: "\n").first { $0.contains("step plan, render and write pages") } ?? ""
        #expect(planLine.contains("resident ") && planLine.contains(" MiB, peak "), "\(planLine)")
        #expect(
            SiteFixtures.snapshot(serial).filter { !$0.key.hasPrefix(".") }
                == SiteFixtures.snapshot(pooled).filter { !$0.key.hasPrefix(".") })
        // The diagram cache too: written in submission order whatever order the lanes finish in.
        let serialCache = SiteFixtures.snapshot(serial.appendingPathComponent(".nibviz-cache"))
        #expect(!serialCache.isEmpty && serialCache == SiteFixtures.snapshot(pooled.appendingPathComponent(".nibviz-cache")))
        let bad = try runNibviz(["site", project.path, "-o", pooled.path, "--jobs", "0"], currentDirectory: TestPaths.packageRoot)
        #expect(bad.status == 64 && bad.stderr.contains("--jobs"))
        // More workers than the cores can use are not started: the same site, with a note.
        let many = directory.appendingPathComponent("many")
        let crowded = try runNibviz(
            ["site", project.path, "-o", many.path, "--jobs", "100000", "--timings"], currentDirectory: TestPaths.packageRoot)
        #expect(crowded.status == 0, "\(crowded.stderr)")
        #expect(crowded.stderr.contains("--jobs 100000 is more than this machine can use"), "\(crowded.stderr)")
        let lanes = RenderWorkerPool.workerLimit
        #expect(crowded.stderr.contains(" lanes=\(lanes) ") || crowded.stderr.contains(" lanes=\(lanes)\n"), "\(crowded.stderr)")
        #expect(
            SiteFixtures.snapshot(many).filter { !$0.key.hasPrefix(".") } == SiteFixtures.snapshot(pooled).filter { !$0.key.hasPrefix(".") }
        )
    }
}
