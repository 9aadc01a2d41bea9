import Foundation
import GraphvizRender
import NibTestSupport
import Synchronization
import Testing

@Suite struct RenderWorkerPoolTests {
    /// Takes dot well over a minute to lay out: a worker given it stays busy until killed.
    static let slowGraph =
        "digraph { " + (0..<1500).map { "n\($0) -> n\(($0 * 7 + 3) % 1500); n\($0) -> n\(($0 * 13 + 5) % 1500);" }.joined(separator: " ")
        + " }"

    func requests(_ count: Int) -> [RenderRequest] {
        (0..<count).map { index in
            RenderRequest(dot: "digraph { n\(index) -> m\(index) }", name: "g\(index).dot")
        }
    }

    @Test func resultsKeepInputOrder() throws {
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2)
        let results = pool.render(requests(40))
        #expect(results.count == 40)
        for (index, result) in results.enumerated() {
            let svg = String(decoding: try result.get().data, as: UTF8.self)
            #expect(svg.contains("<title>n\(index)</title>"))
        }
    }

    @Test func pooledOutputMatchesInProcessOutput() throws {
        let dot = "digraph { subgraph cluster_1 { a -> b } subgraph cluster_0 { c } a -> c }"
        let local = try GraphvizRenderer.shared.render(RenderRequest(dot: dot))
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2)
        let pooled = pool.render([RenderRequest(dot: dot), RenderRequest(dot: dot)])
        for result in pooled { #expect(try result.get().data == local.data) }
    }

    @Test func aFailingGraphIsReportedAndTheBatchGoesOn() throws {
        var batch = requests(6)
        batch[2] = RenderRequest(dot: "digraph { a -> -> }", name: "bad.dot")
        let results = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2).render(batch)
        #expect(throws: RenderError.self) { try results[2].get() }
        for index in [0, 1, 3, 4, 5] { _ = try results[index].get() }
    }

    /// A worker whose first graph fails retires in the pool's sight (it forks no server from
    /// what the failure left): the graph written ahead to it is sent again to the next worker.
    @Test func aGraphWrittenAheadToAWorkerThatRetiresIsSentAgain() throws {
        // The largest request goes first: padded, the bad graph is the worker's first.
        let bad = RenderRequest(dot: "digraph { a -> -> }" + String(repeating: " ", count: 200), name: "bad.dot")
        let batch = [bad] + requests(5)
        let results = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1).render(batch)
        #expect(throws: RenderError.self) { try results[0].get() }
        for index in 1..<batch.count {
            let svg = String(decoding: try results[index].get().data, as: UTF8.self)
            #expect(svg.contains("<title>n\(index - 1)</title>"), "answer \(index) is its own graph's")
        }
    }

    @Test func aWorkerKilledMidBatchIsReplaced() throws {
        // A huge graph keeps one worker busy long enough to kill it from outside.
        var batch = requests(8)
        batch.insert(RenderRequest(dot: Self.slowGraph, name: "slow.dot"), at: 0)
        let killer = Thread {
            // Killed once it is on the slow graph; on a loaded machine the worker may start
            // late, so pkill is tried again until it finds it (status 0).
            Thread.sleep(forTimeInterval: 0.8)
            for _ in 0..<150 {
                let kill = try? runCommand(URL(fileURLWithPath: "/usr/bin/pkill"), ["-KILL", "-f", "__render-worker --slow-marker"])
                if kill?.status == 0 { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, arguments: ["__render-worker", "--slow-marker"], workerCount: 1)
        killer.start()
        let results = pool.render(batch)
        guard case .failure(let error) = results[0] else {
            Issue.record("the killed worker's graph should fail")
            return
        }
        #expect(error.stage == .worker)
        #expect(error.message.contains("crashed"))
        for index in 1..<batch.count { _ = try results[index].get() }
    }

    // The slow graph takes over a minute to lay out, so 3 s separates it from the small graphs
    // even on a loaded machine (0.3 s timed out the small ones under load).
    @Test func aHungWorkerTimesOutAndIsReplaced() throws {
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1, timeout: 3)
        let results = pool.render([RenderRequest(dot: Self.slowGraph, name: "slow.dot")] + requests(3))
        guard case .failure(let error) = results[0] else {
            Issue.record("the slow graph should time out")
            return
        }
        #expect(error.message.contains("timed out"))
        for index in 1..<4 { _ = try results[index].get() }
    }

    /// A worker gets its next graph while it draws the current one (#17). Answers larger than
    /// the pipe, and graphs too large to be written ahead, go through one worker without a
    /// deadlock, each answer matched to its own graph.
    @Test func graphsWrittenAheadKeepTheirAnswersAndNeverBlock() throws {
        func graph(_ index: Int, nodes: Int) -> RenderRequest {
            let label = String(repeating: "label\(index) ", count: 12)
            let body = (0..<nodes).map { "n\($0) [label=\"\(label)\($0)\"];" }.joined(separator: " ")
            return RenderRequest(dot: "digraph g\(index) { \(body) }", name: "big\(index).dot")
        }
        // Small DOT with answers over 64 KiB (written ahead), and DOT over the pipe (never ahead).
        let batch = (0..<4).map { graph($0, nodes: 300) } + (4..<6).map { graph($0, nodes: 1200) }
        #expect(batch[0].dot.utf8.count < RenderSession.pipelinedBytes && batch[4].dot.utf8.count > 64 << 10)
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1)
        let results = pool.render(batch)
        for (index, result) in results.enumerated() {
            let svg = String(decoding: try result.get().data, as: UTF8.self)
            #expect(svg.count > 64 << 10 && svg.contains("label\(index) "), "answer \(index) is its own graph's")
        }
    }

    @Test func workersRetireAfterTheirJobLimitWithoutLosingGraphs() throws {
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, arguments: ["__render-worker", "--max-jobs", "3"], workerCount: 2)
        let results = pool.render(requests(20))
        for result in results { _ = try result.get() }
    }

    @Test func aSessionStartingItsWorkersAtOnceRendersEveryRequest() throws {
        let results = Mutex<[Int: Result<RenderOutput, RenderError>]>([:])
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2)
        let session = pool.session(startingWorkers: true) { id, result in results.withLock { $0[id] = result } }
        for (index, request) in requests(6).enumerated() { session.submit(index, request) }
        session.finish()
        let all = results.withLock { $0 }
        #expect(all.count == 6)
        for index in 0..<6 {
            let svg = String(decoding: try #require(all[index]).get().data, as: UTF8.self)
            #expect(svg.contains("<title>n\(index)</title>"))
        }
    }

    /// Largest first, but a small request overtaken by 24 later ones per lane goes next: it is
    /// not left for last while bigger ones keep coming (its page waits for it).
    @Test func aSmallRequestIsNotStarvedByLargerOnes() throws {
        let finished = Mutex<[Int]>([])
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1)
        let session = pool.session { id, _ in finished.withLock { $0.append(id) } }
        func chain(_ length: Int) -> String { (0..<length).map { "n\($0) -> n\($0 + 1);" }.joined(separator: " ") }
        // The lane may take the first request at once, alone; the small one never is the largest.
        session.submit(0, RenderRequest(dot: "digraph { \(chain(5)) }", name: "first.dot"))
        session.submit(1, RenderRequest(dot: "digraph { a }", name: "small.dot"))
        for index in 2...61 { session.submit(index, RenderRequest(dot: "digraph { \(chain(index)) }", name: "g\(index).dot")) }
        session.finish()
        let order = finished.withLock { $0 }
        #expect(order.count == 62)
        #expect((order.firstIndex(of: 1) ?? 62) <= 27, "\(order)")
        // Among the rest, the largest still go first.
        #expect((order.firstIndex(of: 61) ?? 62) < (order.firstIndex(of: 30) ?? 0), "\(order)")
    }

    @Test func workersThatCannotStartFailEachRequestWithTheReason() {
        let results = Mutex<[Int: Result<RenderOutput, RenderError>]>([:])
        let pool = RenderWorkerPool(executable: URL(fileURLWithPath: "/nonexistent/nibviz"), workerCount: 2)
        let session = pool.session(startingWorkers: true) { id, result in results.withLock { $0[id] = result } }
        for (index, request) in requests(3).enumerated() { session.submit(index, request) }
        session.finish()
        let all = results.withLock { $0 }
        #expect(all.count == 3)
        for result in all.values {
            guard case .failure(let error) = result else {
                Issue.record("rendered without a worker")
                continue
            }
            #expect(error.message.contains("cannot start render worker"))
        }
    }
}
