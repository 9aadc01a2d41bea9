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

    @Test func sceneAllWithoutAnOutputFolderIsAnError() throws {
        let result = try runNibviz(["render", Self.names, "--scene", "all", "-T", "svg"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--scene all needs -o DIR"))
    }
}
