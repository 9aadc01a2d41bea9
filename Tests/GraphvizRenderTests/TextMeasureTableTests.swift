import Foundation
import GraphvizShim
import Testing

@testable import GraphvizRender

/// The text layout plugin's measurements live in memory shared with forked processes
/// (TextMeasureTable.c), so a render worker's servers each start with what the servers before
/// them measured, as one process's table would.
@Suite struct TextMeasureTableTests {
    /// What a forked child stores, its parent reads after the child exits; what the parent
    /// stored before the fork, the child read.
    @Test func measurementsStoredInAForkedChildOutliveIt() throws {
        // The renderer's context opens the table; its lock keeps other tests' renders off it.
        _ = try GraphvizRenderer.shared.render(RenderRequest(dot: "digraph { a }"))
        try #require(nibviz_text_table_open() == 1)
        let parentKey = Array("parent key \(UUID())".utf8)
        let childKey = Array("child key \(UUID())".utf8)
        let (status, found, unknownFound) = GraphvizRenderer.shared.whileNotDrawing {
            var stored = nibviz_text_metrics(width: 12.5, height: 3, yoffset_layout: 1, yoffset_centerline: 0.5, measured: 1)
            nibviz_text_table_store(parentKey, parentKey.count, &stored)
            let child = fork()
            if child == 0 {
                // The child: only C calls, then out without running the test process's exit.
                var found = nibviz_text_metrics()
                let sawParent = nibviz_text_table_lookup(parentKey, parentKey.count, &found) == 1 && found.width == 12.5
                var metrics = nibviz_text_metrics(width: 40.25, height: 7, yoffset_layout: 2, yoffset_centerline: 1, measured: 1)
                nibviz_text_table_store(childKey, childKey.count, &metrics)
                _exit(sawParent ? 0 : 3)
            }
            // Polled with a deadline: a child that never ends must not hold the renderer's lock
            // (and every other test's renders) for good.
            var status: Int32 = -1
            var waited = 0
            while child > 0, waited < 10_000 {
                let reaped = waitpid(child, &status, WNOHANG)
                if reaped == child || (reaped < 0 && errno != EINTR) { break }
                usleep(1_000)
                waited += 1
            }
            if child > 0, waited >= 10_000 { kill(child, SIGKILL) }
            var found = nibviz_text_metrics()
            let unknown = Array("never stored \(UUID())".utf8)
            let unknownFound = nibviz_text_table_lookup(unknown, unknown.count, &found) == 1
            found = nibviz_text_metrics()
            let childFound = nibviz_text_table_lookup(childKey, childKey.count, &found) == 1
            return (status, childFound ? found : nil, unknownFound)
        }
        #expect(status == 0, "the child ran and read the parent's measurement")
        let metrics = try #require(found, "the parent reads what the child stored")
        #expect(metrics.width == 40.25 && metrics.height == 7 && metrics.measured == 1)
        #expect(!unknownFound)
    }
}
