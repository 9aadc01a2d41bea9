import Foundation
import NibTestSupport
import Testing

@testable import GraphvizRender

/// A Graphviz crash, abort, hang or memory blow-up costs one diagram, never the process.
@Suite struct IsolationTests {
    /// Graphviz 2.43 segfaults on a node in two clusters with an edge inside both (`dot` too).
    static let crashingGraph = "digraph { newrank=true; subgraph cluster_1 { a -> b } subgraph cluster_4 { a -> b } }"

    @Test func aGraphvizCrashBecomesAnErrorNamingTheInput() throws {
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1)
        let results = pool.render([
            RenderRequest(dot: Self.crashingGraph, name: "crash.dot"), RenderRequest(dot: "digraph { a -> b }", name: "fine.dot"),
        ])
        guard case .failure(let error) = results[0] else {
            Issue.record("the crashing graph should fail")
            return
        }
        #expect(error.description.hasPrefix("crash.dot: Graphviz crashed"))
        #expect(error.message.contains("SIGSEGV") || error.message.contains("SIGABRT"))
        _ = try results[1].get()
    }

    @Test func aGraphNeedingMoreThanTheMemoryLimitFailsAlone() throws {
        // 300 MiB of address space: enough for a worker and small graphs (~175 MiB here), not
        // for 400,000 nodes (`dot` maps over 1 GiB for them). Under the limit they fail within a
        // second, in the parser or the layout's first pass; 40,000 long-labelled nodes instead
        // ran out at a point that varied from 1 to 19 s into their layout.
        let big = "digraph { " + (0..<400_000).map { "n\($0);" }.joined(separator: " ") + " }"
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-memory-mb", "300"], workerCount: 1)
        let results = pool.render([RenderRequest(dot: big, name: "big.dot"), RenderRequest(dot: "digraph { a -> b }", name: "small.dot")])
        guard case .failure(let error) = results[0] else {
            Issue.record("the big graph should fail under the limit")
            return
        }
        #expect(error.name == "big.dot")
        _ = try results[1].get()
    }

    /// A graph Graphviz fails (here a syntax error) retires the process that drew it: the next
    /// graph gets a fresh Graphviz, not one holding whatever the failure left behind. After its
    /// first graph a worker forks servers; a failed graph retires its server, and the worker
    /// forks the next one (the pool keeps the worker).
    @Test func aFailedGraphRetiresItsServerAndAGoodOneDoesNot() throws {
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-jobs", "100"])
        defer { worker.stop() }
        func send(_ dot: String) -> (result: Result<RenderOutput, RenderError>, retiring: Bool, server: Int32)? {
            guard case .rendered(let result, let retiring) = worker.send(RenderRequest(dot: dot, name: "g.dot"), timeout: 30) else {
                return nil
            }
            return (result, retiring, worker.serverPID)
        }
        let first = try #require(send("digraph { a -> b }"))
        #expect(try first.result.get().data.count > 0 && !first.retiring)
        #expect(first.server == worker.pid, "the worker draws its first graph itself")
        let second = try #require(send("digraph { a -> c }"))
        #expect(try second.result.get().data.count > 0 && !second.retiring)
        #expect(second.server != worker.pid, "then a server it forked draws")
        let bad = try #require(send("digraph { a -> }"), "the bad graph should fail with an error, not kill its worker")
        guard case .failure(let error) = bad.result else {
            Issue.record("the bad graph should fail")
            return
        }
        #expect(error.name == "g.dot")
        #expect(!bad.retiring && bad.server == second.server)
        let after = try #require(send("digraph { a -> d }"))
        #expect(try after.result.get().data.count > 0 && !after.retiring)
        #expect(after.server != second.server && after.server != worker.pid, "a fresh server draws after the failure")
    }

    /// A worker whose first graph fails forks no server from what the failure left: it retires.
    @Test func aWorkerWhoseFirstGraphFailsRetires() throws {
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker"])
        defer { worker.stop() }
        guard case .rendered(.failure, let retiring) = worker.send(RenderRequest(dot: "digraph { a -> }", name: "bad.dot"), timeout: 30)
        else {
            Issue.record("the bad graph should fail with an error")
            return
        }
        #expect(retiring)
    }

    @Test func theCommandLineReportsACrashingDOTFileAndExitsOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-iso-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("crash.dot")
        try Data(Self.crashingGraph.utf8).write(to: input)
        let result = try runNibviz(["render", input.path, "-T", "svg", "-o", folder.appendingPathComponent("out.svg").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("crash.dot: Graphviz crashed"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["crash.dot"], "no output, no temp file")
    }

    @Test func aHangIsCutAtTheTimeoutAndNamesTheInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-iso-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("slow.dot")
        try Data(RenderWorkerPoolTests.slowGraph.utf8).write(to: input)
        var environment = ProcessInfo.processInfo.environment
        environment["NIBVIZ_RENDER_TIMEOUT"] = "0.5"
        let result = try runNibviz(["render", input.path, "-T", "svg"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("slow.dot: Graphviz timed out after 0.5 s"), "\(result.stderr)")
    }

    @Test func killingTheParentLeavesNoWorkerBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-iso-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("slow.dot")
        try Data(RenderWorkerPoolTests.slowGraph.utf8).write(to: input)
        let parent = Process()
        parent.executableURL = TestPaths.nibviz
        parent.arguments = ["render", input.path, "-T", "svg", "-o", folder.appendingPathComponent("out.svg").path]
        parent.standardOutput = FileHandle.nullDevice
        parent.standardError = FileHandle.nullDevice
        try parent.run()
        let pid = parent.processIdentifier
        var started = false
        for _ in 0..<100 where !started {
            Thread.sleep(forTimeInterval: 0.05)
            started = !Self.workers(of: pid).isEmpty
        }
        #expect(started, "the render should have started a worker")
        kill(pid, SIGKILL)
        parent.waitUntilExit()
        var remaining = Self.workers(of: pid)
        for _ in 0..<60 where !remaining.isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
            remaining = Self.workers(of: pid)
        }
        #expect(remaining.isEmpty, "orphan workers: \(remaining)")
    }

    /// Live worker processes started by the pool in process `parent` (found by the variable
    /// the pool sets; zombies do not count).
    static func workers(of parent: Int32) -> [Int32] {
        let marker = "NIBVIZ_RENDER_POOL_PARENT=\(parent)"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                !status.contains(") Z ")
            else { return false }
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == marker }
        }
    }
}

/// The limits page quotes the per-diagram limits the pool enforces.
@Suite struct RenderLimitsPageTests {
    @Test func theLimitsPageQuotesTheRenderLimits() throws {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("site/pages/reference/limits.md"), encoding: .utf8)
        #expect(page.contains("**\(Int(RenderLimits.defaultTimeout))** s"))
        #expect(page.contains("**\(RenderLimits.defaultMaxAddressBytes >> 20)** MiB"))
    }
}
