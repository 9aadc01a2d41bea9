import Foundation
import NibInspect
import NibParsing
import NibTestSupport
import Testing

/// Container controllers of a compiled macOS storyboard — split and tab items, a container
/// view's embed, a popover's anchor, a storyboard reference — read into the same scenes and
/// relationships as the source storyboard (`__Fixtures__/macos-containers.storyboard`), built by
/// `CompiledFixtures.writeMacContainersStoryboardc`.
@Suite struct MacContainerStoryboardTests {
    static let source = TestPaths.packageRoot.appendingPathComponent("Tests/NibCompiledTests/__Fixtures__/macos-containers.storyboard")

    static func graphs() throws -> (xml: NibGraph, compiled: NibGraph) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mac-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Library.storyboardc")
        try CompiledFixtures.writeMacContainersStoryboardc(at: url)
        let compiled = try NibDocumentParser.parse(contentsOf: url, displayName: "Library.storyboardc")
        return (try NibDocumentParser.parse(contentsOf: source, displayName: "macos-containers.storyboard"), compiled)
    }

    @Test func everyControllerHeadsItsOwnSceneAsInTheSource() throws {
        let (xml, compiled) = try Self.graphs()
        #expect(compiled.scenes.count == 9)
        MacStoryboardTests.expectTheSameScenes(xml, compiled)
        #expect(MacStoryboardTests.name(compiled.initialViewController, in: compiled) == "NSWindowController")
    }

    @Test func splitAndTabItemsEmbedsPopoverAnchorsAndReferencesMatchTheSource() throws {
        let (xml, compiled) = try Self.graphs()
        #expect(MacStoryboardTests.segues(compiled) == MacStoryboardTests.segues(xml))
        let segues = MacStoryboardTests.segues(compiled)
        #expect(segues.count == 8)
        #expect(segues.filter { $0.contains("relationship splitItems") }.count == 2)
        #expect(segues.contains("NSTabViewController relationship tabItems - - → NSViewController Library.BooksViewController"))
        #expect(segues.contains("NSView embed - - → NSViewController Library.ShelfViewController"), "the container view owns the embed")
        #expect(segues.contains("NSButton popover info - anchor NSTextField → NSViewController"))
        #expect(segues.contains("NSViewController Library.SidebarViewController show preferences - → NSController"))
    }

    @Test func aStoryboardReferenceNamesItsStoryboardAndController() throws {
        let (xml, compiled) = try Self.graphs()
        for graph in [xml, compiled] {
            let reference = try #require(
                graph.objects.first { $0.placeholder == PlaceholderIdentifier.storyboardReference }, "\(graph.file)")
            #expect(reference.attributes["storyboardName"] == "Preferences")
            #expect(reference.attributes["referencedIdentifier"] == "Settings")
            #expect(graph.scenes.contains { $0.controller == reference.id })
        }
    }

    /// The compiled reference leads where a source reference does (the one resolver the site,
    /// the app map and `check` share): `Preferences.storyboardc`'s scene of identifier `Settings`.
    @Test func aCompiledReferenceResolvesToTheSceneOfAnotherCompiledStoryboard() throws {
        let library = try Self.graphs().compiled
        let preferences = try MacStoryboardTests.compiled()
        let storyboards = [
            StoryboardDocument(key: "Demo.app/Contents/Resources/Library.storyboardc", graph: library),
            StoryboardDocument(key: "Demo.app/Contents/Resources/Preferences.storyboardc", graph: preferences),
        ]
        let reference = try #require(library.objects.first { $0.placeholder == PlaceholderIdentifier.storyboardReference })
        let target = try #require(StoryboardReferenceResolver.target(of: reference, from: 0, in: storyboards))
        #expect(target.storyboard == 1)
        let scene = preferences.scenes.first { $0.id == target.scene }
        #expect(MacStoryboardTests.name(scene?.controller, in: preferences) == "NSViewController #Settings")
    }

    @Test func objectsSitInTheScenesOfTheSource() throws {
        let (xml, compiled) = try Self.graphs()
        func members(_ graph: NibGraph) -> [String] {
            let scenes = Dictionary(graph.scenes.map { ($0.id, MacStoryboardTests.name($0.controller, in: graph)) }) { first, _ in first }
            return graph.objects.filter { !$0.isPlaceholder }.map { "\($0.className) in \(scenes[$0.scene ?? ""] ?? "-")" }.sorted()
        }
        #expect(members(compiled) == members(xml))
        #expect(compiled.diagnostics.allSatisfy { $0.severity == .note }, "\(compiled.diagnostics)")
    }

    @Test func theCompiledContainersDumpMatchesItsGolden() throws {
        let graph = try Self.graphs().compiled
        Golden.check(
            InspectText.render(graph),
            against: CompiledSnapshots.folder.appendingPathComponent("compiled-macos-containers.storyboardc.txt").path)
    }

    /// The application scene's main menu hangs below the application in both readers.
    @Test func theMainMenuSitsBelowTheApplicationAsInTheSource() throws {
        let xml = try NibDocumentParser.parse(contentsOf: MacStoryboardTests.source, displayName: "macos-segues.storyboard")
        let compiled = try MacStoryboardTests.compiled()
        for graph in [xml, compiled] {
            let menu = try #require(
                graph.objects.first { $0.className == "NSMenu" && $0.attributes["systemMenu"] == "main" }, "\(graph.file)")
            let parent = graph.objects.first { $0.id == menu.parent }
            #expect(parent?.element == "application" && menu.key == "mainMenu", "\(graph.file)")
        }
    }
}

/// Damaged container layouts in a compiled macOS storyboard: an item whose controller is not
/// in the nib is a located warning, an item holding its own container is drawn as the nib says
/// without a loop, and a template outlet to a missing segue is an outlet like any other.
@Suite struct MacContainerRobustnessTests {
    @Test func itemsWithoutTheirControllerOrHoldingTheirContainerAreReadNotLooped() throws {
        var nib = AppKitNibBuilder()
        let split = nib.add("NSSplitViewController")
        let own = nib.add("NSSplitViewItem", [("NSViewController", .ref(split))], parent: split)
        let stray = nib.nib.object("NSViewController")  // archived, not one of the nib's objects
        let missing = nib.add("NSSplitViewItem", [("NSViewController", .ref(stray))], parent: split)
        nib.nib.append([("NSSplitViewItems", .ref(nib.nib.array([own, missing])))], to: split)
        nib.outlet("sceneController", from: nib.owner, to: split)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mac-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Bad.storyboardc")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let identifier = "NSSplitViewController-SPL"
        let info = BinaryPlistWriter.encode(
            .dictionary([
                ("NSViewControllerIdentifiersToNibNames", .dictionary([(identifier, .string(identifier))])),
                ("NSStoryboardDesignatedEntryPointIdentifier", .string(identifier)),
            ]))
        try Data(info).write(to: url.appendingPathComponent("Info.plist"))
        try Data(KeyedArchiveWriter.encode(nib.build())).write(to: url.appendingPathComponent(identifier + ".nib"))
        let graph = try NibDocumentParser.parse(contentsOf: url, displayName: "Bad.storyboardc")
        let warnings = graph.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(
            warnings.contains { $0.contains("byte") && $0.contains("NSSplitViewItems item's view controller is not among") }, "\(warnings)")
        #expect(MacStoryboardTests.segues(graph) == ["NSSplitViewController relationship splitItems - - → NSSplitViewController"])
        #expect(graph.scenes.count == 1, "the container keeps the one scene it heads")
    }
}
