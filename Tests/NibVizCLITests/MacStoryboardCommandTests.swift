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
}
