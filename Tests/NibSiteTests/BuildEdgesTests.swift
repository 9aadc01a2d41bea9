import Foundation
import GraphvizRender
import NibTestSupport
import Synchronization
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// Renders in this process and records every session a build opens: whether it asked for its
/// workers to start at once, and the last step the build had logged by then.
final class SessionRecordingBackend: DiagramBackend, @unchecked Sendable {
    let sessions = Mutex([Bool]())
    let openedDuring = Mutex([String]())
    /// The build's step log (`BuildProgress`), as far as it got.
    let log = Mutex("")

    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        InProcessBackend().render(requests, progress: progress)
    }

    func session(
        startingWorkers: Bool, completed: @escaping @Sendable (Int, Result<RenderOutput, RenderError>) -> Void
    ) -> DiagramSession {
        sessions.withLock { $0.append(startingWorkers) }
        let step = log.withLock { $0 }.split(separator: "\n").last.map(String.init) ?? ""
        openedDuring.withLock { $0.append(step) }
        return InProcessBackend().session(completed: completed)
    }
}

/// The two ends of a build, where fewer threads than cores have work (#17): the render session
/// opens, its workers starting, as soon as the inputs are known to have changed; the state is
/// saved beside the link check.
@Suite("Site build start and end", .serialized)
struct BuildEdgesTests {
    static func options(_ output: URL, siteRoot: URL = SiteFixtures.siteRoot) -> SiteOptions {
        var options = SiteOptions(siteRoot: siteRoot, output: output, version: "test", showProgress: false, logSteps: false)
        options.jobs = 2
        return options
    }

    @Test func theWorkersStartOnceTheInputsChangedAndNotForAnUpToDateSite() throws {
        let output = SiteFixtures.temporaryDirectory("session-start").appendingPathComponent("public")
        let first = SessionRecordingBackend()
        let builder = SiteBuilder(options: Self.options(output), backend: first)
        builder.progress = BuildProgress(showBar: false, logSteps: true) { text in first.log.withLock { $0 += text } }
        let report = try builder.build()
        #expect(report.diagramsRendered > 0)
        #expect(first.sessions.withLock { $0 } == [true], "one session, its workers started at once")
        let opened = first.openedDuring.withLock { $0 }
        #expect(opened.count == 1 && opened[0].contains("read previous build"), "opened before the documents are read: \(opened)")
        let again = SessionRecordingBackend()
        let rebuilt = try SiteBuilder(options: Self.options(output), backend: again).build()
        #expect(rebuilt.stepSeconds.count == 1, "an up-to-date site stops after hashing its inputs")
        #expect(again.sessions.withLock { $0 }.isEmpty, "no worker is started for a site that is up to date")
    }

    @Test func aFailedLinkCheckWaitsForTheStateBesideItBeforeTheStagingGoes() throws {
        let directory = SiteFixtures.temporaryDirectory("state-beside-links")
        let root = directory.appendingPathComponent("site")
        try SiteFixtures.copySiteRoot(to: root)
        try "# Broken\n\n[gone](missing.html)\n".write(
            to: root.appendingPathComponent("pages/broken.md"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("public")
        // A cache inside the output: the state (and the diagram pack) is written while the links
        // are checked, on a thread of its own with `--jobs 2`.
        do {
            _ = try SiteBuilder(options: Self.options(output, siteRoot: root), backend: InProcessBackend()).build()
            Issue.record("a site with a broken link must not build")
        } catch let error as SiteBuildError {
            #expect(error.step == "check links")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is swapped in")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["site"], "no staging folder is left behind: \(left)")
    }

    struct Failure: Error, Equatable {}

    @Test(arguments: [true, false]) func workBesideIsDoneWhenWaitReturnsAndItsErrorComesBack(threaded: Bool) throws {
        let done = Atomic(false)
        let work = BesideWork(threaded: threaded) {
            usleep(100_000)
            done.store(true, ordering: .sequentiallyConsistent)
            throw Failure()
        }
        #expect(throws: Failure.self) { try work.wait() }
        let finished = done.load(ordering: .sequentiallyConsistent)
        #expect(finished, "wait returns once the work is done")
        #expect(throws: Failure.self, "waiting again returns at once, with the same error") { try work.wait() }
    }
}
