import Foundation
import NibTestSupport
import Testing

@testable import GraphvizRender

/// A worker draws its first graph itself, then forks servers that draw the rest, each until it
/// retires (`RenderWorker.serveThroughForkedServers`). To the pool it stays one process; these
/// check what that must not change: every graph answered in order across servers, a server's
/// crash and hang reported as the worker's, and no server outliving its worker.
@Suite struct ForkedServerTests {
    /// Graphs written ahead of their answers are not lost when the server that could have read
    /// them retires: each server reads exactly its own requests and leaves the rest to the next.
    @Test func requestsWrittenAheadSurviveServersRetiring() throws {
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-jobs", "2"])
        defer { worker.stop() }
        let requests = (0..<9).map { RenderRequest(dot: "digraph { first\($0) -> second\($0) }", name: "g\($0).dot") }
        let sent = requests.map { worker.submit($0) }
        #expect(sent.allSatisfy { $0.ok })
        var servers: Set<Int32> = []
        for (index, request) in requests.enumerated() {
            guard
                case .rendered(.success(let output), let retiring) = worker.receive(request, timeout: 10, since: sent[index].at, ownCPU: 0)
            else {
                Issue.record("graph \(index) was not answered")
                return
            }
            #expect(!retiring, "the worker itself never retires: its servers do")
            #expect(
                String(decoding: output.data, as: UTF8.self).contains("<title>first\(index)</title>"), "answer \(index) is its own graph's")
            servers.insert(worker.serverPID)
        }
        // The worker's first graph, then servers of two graphs each: 1 + 4 servers.
        #expect(servers.count == 5, "\(servers)")
    }

    /// A server that crashes ends its worker by the same signal: the pool reports the crash as
    /// before, and replaces the worker.
    @Test func aServersCrashIsReportedAsItsWorkers() throws {
        let worker = try Self.workerPastItsFirstGraph()
        defer { worker.kill() }
        let crash = worker.send(RenderRequest(dot: IsolationTests.crashingGraph, name: "crash.dot"), timeout: 30)
        #expect(worker.serverPID != worker.pid, "a forked server drew the crashing graph")
        guard case .died(let reason) = crash else {
            Issue.record("the crashing graph should end the worker")
            return
        }
        #expect(reason.contains("Graphviz crashed") && (reason.contains("SIGSEGV") || reason.contains("SIGABRT")), "\(reason)")
    }

    /// A hung server is cut at the CPU limit counted on the server itself (its notice names it:
    /// counted on the worker, which only waits, it would run to the wall-clock backstop, a
    /// minute), and it dies with the worker the pool kills.
    @Test func aHungServerTimesOutOnItsOwnCPUAndDiesWithItsWorker() throws {
        let worker = try Self.workerPastItsFirstGraph()
        defer { worker.kill() }
        let started = Date()
        let outcome = worker.send(RenderRequest(dot: RenderWorkerPoolTests.slowGraph, name: "slow.dot"), timeout: 2)
        let server = worker.serverPID
        #expect(server != worker.pid, "a forked server drew the slow graph")
        guard case .died(let reason) = outcome else {
            Issue.record("the slow graph should time out")
            return
        }
        #expect(reason.contains("timed out"), "\(reason)")
        #expect(Date().timeIntervalSince(started) < 30, "cut at the CPU limit, not at the backstop")
        worker.kill()
        var alive = true
        for _ in 0..<100 where alive {
            alive = Self.isRunning(server)
            if alive { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(!alive, "server \(server) outlived its worker")
    }

    /// A worker's memory limit is held against its own memory: a process started with
    /// `execve` inherits its parent's peak in `ru_maxrss`, so a worker of a pool whose process
    /// once held more than the limit would otherwise retire after every graph.
    @Test func aWorkerOfAPoolThatOnceHeldMoreThanTheLimitDoesNotRetire() throws {
        let size = 320 << 20
        let block = try #require(malloc(size))
        memset(block, 1, size)
        free(block)
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-rss-mb", "256"])
        defer { worker.stop() }
        var servers: [Int32] = []
        for index in 0..<4 {
            guard case .rendered(.success, let retiring) = worker.send(RenderRequest(dot: "digraph { a -> b\(index) }"), timeout: 30) else {
                Issue.record("graph \(index) should render")
                return
            }
            #expect(!retiring, "graph \(index): the worker retired")
            servers.append(worker.serverPID)
        }
        // The worker drew the first; one server, forked with the worker's own memory (its peak
        // is its own: `fork`, unlike `execve`, does not carry it), drew the other three.
        #expect(servers[0] == worker.pid && servers[1] != worker.pid && Set(servers.dropFirst()).count == 1, "\(servers)")
    }

    /// A server leaves each graph to its exit instead of freeing it (`Limits.keptBytes`), and
    /// retires once what it kept passes the budget: the same SVG as a worker that frees each,
    /// no freeing in the servers' timings, one server for every graph while freeing, and
    /// servers of a few graphs each while keeping.
    @Test func serversLeaveGraphsToTheirExitUntilTheirBudgetIsSpent() throws {
        // ~1.3 MiB kept per graph (150 nodes, 300 labelled edges) when the graph itself was kept too;
        // now the graph's part is in an arena the next graph reuses and its layout's part is kept:
        // a server of --kept-mb 3 still draws a few.
        let edges = (0..<300).map { "n\($0 % 150) -> n\(($0 * 7 + 3) % 150) [label=\"e\($0)\"]" }.joined(separator: "; ")
        let request = RenderRequest(dot: "digraph { node [shape=box]; \(edges) }", name: "kept.dot")
        var answers: [String: [(svg: [UInt8], release: Double, server: Int32)]] = [:]
        for kept in ["0", "3"] {
            let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--kept-mb", kept])
            defer { worker.stop() }
            for index in 0..<9 {
                guard case .rendered(.success(let output), let retiring) = worker.send(request, timeout: 30) else {
                    Issue.record("--kept-mb \(kept): graph \(index) should render")
                    return
                }
                #expect(!retiring)
                answers[kept, default: []].append((output.data, output.timing.release, worker.serverPID))
            }
        }
        let freeing = answers["0"] ?? [], keeping = answers["3"] ?? []
        try #require(freeing.count == 9 && keeping.count == 9)
        #expect(Set(freeing.map(\.svg) + keeping.map(\.svg)).count == 1, "every answer is the same SVG")
        #expect(freeing.allSatisfy { $0.release > 0 }, "with --kept-mb 0 every graph is freed")
        // The worker draws (and frees) the first graph; servers the rest.
        #expect(keeping[0].release > 0 && keeping.dropFirst().allSatisfy { $0.release == 0 }, "\(keeping.map(\.release))")
        #expect(Set(freeing.dropFirst().map(\.server)).count == 1, "freeing, one server draws the eight graphs")
        let servers = keeping.dropFirst().map(\.server)
        let perServer = Dictionary(grouping: servers, by: { $0 }).values.map(\.count)
        #expect(perServer.count > 1 && perServer.contains { $0 > 1 }, "keeping 3 MiB, a server draws a few graphs: \(servers)")
    }

    /// A server reads each graph into an arena that the next graph starts over (GraphArena.c):
    /// graphs of every size drawn one after another by servers, one with a block past a quarter
    /// of a chunk (a 400 KB attribute: a mapping of its own, let go when the next graph is read),
    /// give the bytes the serial path gives, every time.
    @Test func serversReuseTheArenaAcrossGraphsOfEverySize() throws {
        // Graphviz's lexer takes quoted strings up to 16 KiB: 27 of 15,000 bytes, joined with +.
        let big = Array(repeating: String(repeating: "x", count: 15_000), count: 27).joined(separator: "\" + \"")
        let edges = (0..<300).map { "n\($0 % 150) -> n\(($0 * 7 + 3) % 150) [label=\"e\($0)\"]" }.joined(separator: "; ")
        let dots = [
            "digraph { a -> b }", "digraph { n [x_big=\"\(big)\"]; n -> m }", "digraph { node [shape=box]; \(edges) }",
            "digraph { subgraph cluster_a { a -> b } c -> a }", "digraph { n [x_big=\"\(big)\"]; n -> m }", "digraph { a -> b }",
        ]
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--kept-mb", "64"])
        defer { worker.stop() }
        for (index, dot) in (dots + dots).enumerated() {
            let request = RenderRequest(dot: dot, name: "arena-\(index).dot")
            let answer = worker.send(request, timeout: 60)
            guard case .rendered(.success(let output), _) = answer else {
                Issue.record("graph \(index) should render: \(answer)")
                return
            }
            let serial = try GraphvizRenderer.shared.render(request)
            #expect(output.data == serial.data, "graph \(index): the server's SVG is the serial path's")
            #expect(output.timing.release == 0 || index == 0, "graph \(index) is drawn by a server, which keeps it")
        }
    }

    /// Under a low address-space limit a server keeps at most a quarter of the room it had left
    /// (`KeptMemory`): graph after graph still draws, where keeping up to the 128 MiB budget
    /// ran the server out of address space and crashed it.
    @Test func keptGraphsLeaveRoomUnderALowAddressSpaceLimit() throws {
        let edges = (0..<300).map { "n\($0 % 150) -> n\(($0 * 7 + 3) % 150) [label=\"e\($0)\"]" }.joined(separator: "; ")
        let request = RenderRequest(dot: "digraph { node [shape=box]; \(edges) }", name: "kept.dot")
        // The worker maps ~200 MiB before its first graph: 40 MiB of room under 240.
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-memory-mb", "240"])
        defer { worker.stop() }
        var servers: Set<Int32> = []
        for index in 0..<60 {
            guard case .rendered(.success, let retiring) = worker.send(request, timeout: 30) else {
                Issue.record("graph \(index) failed under the limit")
                return
            }
            #expect(!retiring)
            servers.insert(worker.serverPID)
        }
        #expect(servers.count > 2, "servers retired on their share of the room: \(servers.count)")
    }

    /// A worker that drew its first graph itself: the next is drawn by a server it forks.
    static func workerPastItsFirstGraph() throws -> WorkerProcess {
        let worker = try WorkerProcess(executable: TestPaths.nibviz, arguments: ["__render-worker"])
        guard case .rendered(.success, _) = worker.send(RenderRequest(dot: "digraph { a -> b }"), timeout: 30) else {
            worker.kill()
            throw FirstGraphFailed()
        }
        return worker
    }

    struct FirstGraphFailed: Error {}

    /// Whether process `pid` exists and is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.contains(") Z ")
    }
}
