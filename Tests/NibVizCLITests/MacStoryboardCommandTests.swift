import Foundation
import NibTestSupport
import Testing

/// End-to-end: compiled macOS storyboards (`CompiledFixtures.writeMacStoryboardc`,
/// `writeMacContainersStoryboardc`) through the built binary: inspected, drawn, launched by the
/// simulator.
@Suite struct MacStoryboardCommandTests {
    @Test func aCompiledMacStoryboardIsInspectedRenderedAndSimulated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mac-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = folder.appendingPathComponent("Main.storyboardc")
        try CompiledFixtures.writeMacStoryboardc(at: storyboard)
        let inspect = try runNibviz(["inspect", storyboard.path])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.output.contains("macos storyboard, keyedArchive format"))
        #expect(inspect.output.contains("segue sheet \"about\""))
        let flow = try runNibviz(["render", storyboard.path, "--diagram", "flow", "-T", "dot"])
        #expect(flow.status == 0, "\(flow.stderr)")
        for label in ["settings", "about", "fade"] { #expect(flow.output.contains(label), "\(label): \(flow.output)") }
        let simulate = try runNibviz(["simulate", storyboard.path])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.output.contains("NSWindowController"), "\(simulate.output)")
    }

    @Test func aCompiledMacStoryboardWithContainersIsInspectedRenderedAndSimulated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-macsb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = folder.appendingPathComponent("Library.storyboardc")
        try CompiledFixtures.writeMacContainersStoryboardc(at: storyboard)
        let inspect = try runNibviz(["inspect", storyboard.path])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.output.contains("macos storyboard, keyedArchive format"))
        #expect(inspect.output.contains("segue relationship splitItems"))
        #expect(inspect.output.contains("segue relationship tabItems"))
        #expect(inspect.output.contains("segue popover \"info\" anchor=#SID-aa-001-view-SID-vw-001:5 (NSTextField)"))
        let json = try runNibviz(["inspect", storyboard.path, "--format", "json"])
        #expect(json.status == 0 && json.output.contains("\"popoverAnchor\""), "\(json.stderr)")
        for diagram in ["flow", "graph"] {
            let render = try runNibviz(["render", storyboard.path, "--diagram", diagram, "-T", "svg"])
            #expect(render.status == 0, "\(render.stderr)")
            #expect(render.output.contains("<svg"))
        }
        let flow = try runNibviz(["render", storyboard.path, "--diagram", "flow", "-T", "dot"])
        #expect(flow.output.contains("SidebarViewController") && flow.output.contains("BooksViewController"), "\(flow.output)")
        let simulate = try runNibviz(["simulate", storyboard.path])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.output.contains("NSWindowController"), "\(simulate.output)")
    }

    /// The simulator launches the compiled storyboard as it launches its source: the same
    /// lifecycle calls to the same classes, in the same order. Ids differ (compiled nibs renumber
    /// objects), and setters differ by ibtool's plumbing outlets (`storyboard`, `window`, `view`)
    /// and by the `perform:` action that became a segue's trigger.
    @Test func theCompiledContainersStoryboardLaunchesLikeItsSource() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-macsb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = folder.appendingPathComponent("Library.storyboardc")
        try CompiledFixtures.writeMacContainersStoryboardc(at: storyboard)
        let source = TestPaths.packageRoot.appendingPathComponent("Tests/NibCompiledTests/__Fixtures__/macos-containers.storyboard")
        func calls(_ path: String) throws -> [String] {
            let result = try runNibviz(["simulate", path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.output.split(separator: "\n").map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }
                .filter { $0.hasPrefix("-[") && !$0.contains(" set") }
        }
        let compiled = try calls(storyboard.path)
        #expect(compiled == (try calls(source.path)))
        #expect(compiled.count == 22, "\(compiled)")
        #expect(compiled.contains("-[ShelfViewController initWithCoder:]"), "the embed is performed: \(compiled)")
        #expect(compiled.contains("-[BooksViewController viewDidAppear]"), "the first tab appears: \(compiled)")
    }
}
