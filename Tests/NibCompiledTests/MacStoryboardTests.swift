import Foundation
import NibInspect
import NibParsing
import NibTestSupport
import Testing

/// A compiled macOS storyboard (`NSStoryboard`'s `.storyboardc`) reads into the same scenes and
/// segues as its source storyboard (`__Fixtures__/macos-segues.storyboard`), built by
/// `CompiledFixtures.writeMacStoryboardc`.
@Suite struct MacStoryboardTests {
    static let source = TestPaths.packageRoot.appendingPathComponent("Tests/NibCompiledTests/__Fixtures__/macos-segues.storyboard")

    static func compiled() throws -> NibGraph {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mac-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Main.storyboardc")
        try CompiledFixtures.writeMacStoryboardc(at: url)
        return try NibDocumentParser.parse(contentsOf: url, displayName: "Main.storyboardc")
    }

    /// A controller as both readers can name it: class, custom class and storyboard identifier.
    static func name(_ id: ObjectID?, in graph: NibGraph) -> String {
        guard let object = graph.objects.first(where: { $0.id == id }) else { return "?" }
        let custom = object.customClass.map { " \(object.customModule ?? "-").\($0)" } ?? ""
        return object.className + custom + (object.storyboardIdentifier.map { " #\($0)" } ?? "")
    }

    static func segues(_ graph: NibGraph) -> [String] {
        graph.connections.compactMap { connection in
            guard case .segue(let destination, let segue) = connection.kind else { return nil }
            let kind = segue.relationship.map { "relationship \($0)" } ?? segue.kind
            let anchor = segue.popoverAnchor.map { " anchor \(name($0, in: graph))" } ?? ""
            return "\(name(connection.source, in: graph)) \(kind) \(segue.identifier ?? "-") \(segue.customClass ?? "-")\(anchor) → "
                + name(destination, in: graph)
        }.sorted()
    }

    /// Both graphs have scenes headed by the same controllers, each controller top-level in its
    /// scene (a window's content view controller, split and tab items too).
    static func expectTheSameScenes(_ xml: NibGraph, _ compiled: NibGraph) {
        func controllers(_ graph: NibGraph) -> [String] { graph.scenes.map { name($0.controller, in: graph) }.sorted() }
        #expect(controllers(compiled) == controllers(xml))
        for graph in [xml, compiled] {
            for scene in graph.scenes {
                let controller = graph.objects.first { $0.id == scene.controller }
                #expect(controller?.scene == scene.id && controller?.parent == nil, "\(graph.file) \(scene.id)")
            }
        }
    }

    @Test func scenesSeguesAndTheEntryPointMatchTheSourceStoryboard() throws {
        let xml = try NibDocumentParser.parse(contentsOf: Self.source, displayName: "macos-segues.storyboard")
        let compiled = try Self.compiled()
        #expect(compiled.platform == .macos && compiled.isStoryboard && compiled.format == .keyedArchive)
        #expect(compiled.scenes.count == 5)
        Self.expectTheSameScenes(xml, compiled)
        #expect(Self.name(compiled.initialViewController, in: compiled) == "NSWindowController")
        #expect(Self.name(compiled.initialViewController, in: compiled) == Self.name(xml.initialViewController, in: xml))
        #expect(Self.segues(compiled) == Self.segues(xml))
        #expect(Self.segues(xml).count == 4)
        #expect(
            Self.segues(compiled).contains("NSButton show settings - → NSViewController #Settings"),
            "the button that performs the template owns the segue")
    }

    /// ibtool adds plumbing outlets (`sceneController`, `storyboard`, `window`, `view`) and drops
    /// First Responder (nil targets); every other object and connection reads back.
    @Test func objectsOutletsAndActionsMatchTheSourceStoryboardBesidesIbtoolsPlumbing() throws {
        let xml = try NibDocumentParser.parse(contentsOf: Self.source, displayName: "macos-segues.storyboard")
        let compiled = try Self.compiled()
        func classes(_ graph: NibGraph) -> [String] {
            graph.objects.filter { !$0.isPlaceholder }.map { "\($0.className) \($0.customClass ?? "-") \($0.scene != nil)" }.sorted()
        }
        #expect(classes(compiled) == classes(xml))
        let plumbing: Set<String> = ["sceneController", "storyboard", "window", "view"]
        func wiring(_ graph: NibGraph) -> [String] {
            graph.connections.compactMap { connection in
                switch connection.kind {
                case .outlet(let property, let destination) where !plumbing.contains(property):
                    return "\(Self.name(connection.source, in: graph)).\(property) → \(Self.name(destination, in: graph))"
                case .action(let selector, _, _): return "\(Self.name(connection.source, in: graph)) \(selector)"
                default: return nil
                }
            }.sorted()
        }
        #expect(wiring(compiled) == wiring(xml))
        #expect(wiring(xml).count == 3)
        // Each object sits in the scene its controller heads, as in the source.
        func sceneOf(_ graph: NibGraph, _ className: String) -> String? {
            let object = graph.objects.first { $0.className == className }
            let scene = graph.scenes.first { $0.id == object?.scene }
            return Self.name(scene?.controller, in: graph)
        }
        for className in ["NSButton", "NSTextField", "NSMenuItem", "NSWindow"] {
            #expect(sceneOf(compiled, className) == sceneOf(xml, className), "\(className)")
        }
        #expect(compiled.diagnostics.allSatisfy { $0.severity == .note }, "\(compiled.diagnostics)")
    }

    @Test func theCompiledMacStoryboardDumpMatchesItsGolden() throws {
        let graph = try Self.compiled()
        Golden.check(
            InspectText.render(graph), against: CompiledSnapshots.folder.appendingPathComponent("compiled-macos.storyboardc.txt").path)
    }

    @Test func aWindowsContentViewControllerIsAlsoARuntimeAttribute() throws {
        let graph = try Self.compiled()
        let window = try #require(graph.objects.first { $0.className == "NSWindow" })
        #expect(window.runtimeAttributes.map(\.keyPath) == ["contentViewController"])
        #expect(window.runtimeAttributes.first?.type == "ViewController")
    }
}
