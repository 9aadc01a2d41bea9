import Foundation
import NibTestSupport
import Testing

/// End-to-end: `render --scene` by id or by name for every diagram kind, and `--scene all`.
@Suite struct SceneSelectionTests {
    static let names = TestPaths.packageRoot.appendingPathComponent("Tests/NibVizCLITests/__Fixtures__/Names.storyboard").path
    static let kinds = ["graph", "flow", "instantiation", "timeline", "lifecycle"]

    /// The root graph's title line of `-T dot` output.
    func title(_ dot: String) -> String {
        dot.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test(arguments: kinds)
    func aSceneIsPickedByItsIdOrByAnyCasePrefixOfItsName(kind: String) throws {
        let byID = try runNibviz(["render", Self.names, "--diagram", kind, "--scene", "scC-00-001", "-T", "dot"])
        #expect(byID.status == 0, "\(byID.stderr)")
        #expect(title(byID.output).contains("Settings Detail"))
        let byName = try runNibviz(["render", Self.names, "--diagram", kind, "--scene", "settings d", "-T", "dot"])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.output == byID.output)
    }

    @Test func anExactNameWinsOverLongerNamesItPrefixes() throws {
        let result = try runNibviz(["render", Self.names, "--scene", "SETTINGS", "-T", "dot"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(title(result.output) == "digraph \"Names.storyboard — Settings\" {")
    }

    @Test func anAmbiguousPrefixFailsListingIdsWithNames() throws {
        let result = try runNibviz(["render", Self.names, "--diagram", "timeline", "--scene", "step", "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'step' names 4 parts"))
        for number in 1...4 { #expect(result.stderr.contains("st\(number)-00-001  Step \(number)")) }
    }

    @Test func anUnknownNameFailsListingEveryPartWithItsName() throws {
        let result = try runNibviz(["render", Self.names, "--scene", "Checkout", "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("scB-00-001  Settings\n"))
        #expect(result.stderr.contains("scA-00-001  UINavigationController"))
    }

    @Test func nodesAreLabelledWithLabelsTextsTitlesAndIdentifiersNotIds() throws {
        let result = try runNibviz(["render", Self.names, "--scene", "Settings", "-T", "dot"])
        #expect(result.status == 0, "\(result.stderr)")
        for label in ["<B>Card</B>", "<B>“Hello”</B>", "<B>“Sign In”</B>", "<B>“Email”</B>", "<B>ItemCell</B>"] {
            #expect(result.output.contains(label), "\(label)")
        }
        // The ids stay in the tooltips.
        #expect(result.output.contains("id: btn-00-001"))
        #expect(!result.output.contains("POINT-SIZE=\"10\">btn-00-001"))
    }

    @Test func sceneAllWritesEveryPartToTheFolderTheSameEachTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-all-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try runNibviz(["render", Self.names, "--diagram", "graph", "--scene", "all", "-T", "svg", "-o", folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        // Beside the parts, only nibviz's ownership marker (a dot file).
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files.count == 7)
        #expect(files.allSatisfy { $0.hasPrefix("scene-") && $0.hasSuffix(".svg") })
        #expect(files.contains("scene-scB-00-001.svg"))
        let bytes = try Data(contentsOf: folder.appendingPathComponent("scene-scB-00-001.svg"))
        let again = try runNibviz(["render", Self.names, "--diagram", "graph", "--scene", "all", "-T", "svg", "-o", folder.path])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("scene-scB-00-001.svg")) == bytes)
    }

    @Test(arguments: kinds)
    func legendOnlyDrawsTheKindsLegendAndOmitLeavesItOut(kind: String) throws {
        let only = try runNibviz(["render", "unused", "--diagram", kind, "--legend", "only", "-T", "svg"])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(only.output.contains("class=\"cluster legend\""))
        #expect(only.output.contains("legend&#45;sample"))
        let omitted = try runNibviz(["render", Self.names, "--diagram", kind, "--scene", "Settings", "--legend", "omit", "-T", "dot"])
        #expect(omitted.status == 0, "\(omitted.stderr)")
        #expect(!omitted.output.contains("cluster_legend"))
    }

    @Test func sceneAllWithoutAnOutputFolderIsAnError() throws {
        let result = try runNibviz(["render", Self.names, "--scene", "all", "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--scene all needs -o DIR"))
    }
}

/// End-to-end on a real storyboard: the 26,958-px timeline strip.
@Suite struct BigTimelineTests {
    @Test func aBigStoryboardsTimelinePNGWrapsIntoRowsInsteadOfAStrip() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: no corpus beside the project (../shared/corpus)")
            return
        }
        let file = corpus.appendingPathComponent("files/altstoreio__AltStore/AltStore__Base.lproj__Main.storyboard")
        guard FileManager.default.fileExists(atPath: file.path) else {
            print("skipped: AltStore is not in the corpus")
            return
        }
        let result = try runNibviz(["render", file.path, "--diagram", "timeline", "-T", "png"])
        #expect(result.status == 0, "\(result.stderr)")
        let header = [UInt8](result.stdout.prefix(24))
        try #require(header.count == 24 && header.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        // Was 26,958 × 1,462 px; rows of events now fit 1,200 pt (1,600 px at 96 dpi).
        #expect(width <= 1_600, "timeline is \(width) × \(height) px")
        // It lists its per-scene parts, by id and name, for --scene.
        #expect(result.stderr.contains("Pick one with --scene ID|NAME|all"))
    }
}
