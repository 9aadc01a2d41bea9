import Foundation
import NibParsing
import NibTestSupport
import Testing

@testable import NibCompiled

/// Every compiled nib of the corpus reads; the keyed archive that sits beside its
/// `designable.nib` in one `.nib` bundle yields the same objects and connections.
@Suite struct CompiledCorpusTests {
    @Test func everyCompiledCorpusNibReadsWithTheManifestTableCounts() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: corpus not found beside the package (../shared/corpus)")
            return
        }
        let rows = try CorpusManifest.rows(in: corpus).filter { $0.rootElement.hasPrefix("binary") }
        #expect(rows.count >= 24)
        for row in rows {
            let data = try Data(contentsOf: corpus.appendingPathComponent(row.file))
            let graph = try NibDocumentParser.parse(data: data, file: row.file)
            #expect(!graph.objects.isEmpty, "\(row.file)")
            #expect(graph.objects.contains { $0.placeholder == PlaceholderIdentifier.filesOwner }, "\(row.file)")
            // What the compiled nib no longer holds is said once, as a note.
            #expect(graph.diagnostics.filter { $0.severity == .note && $0.message.contains("are not stored") }.count == 1, "\(row.file)")
            #expect(graph.diagnostics.filter { $0.severity != .note }.isEmpty, "\(row.file): \(graph.diagnostics)")
            // The manifest's notes carry NIBArchive header counts: objects=… keys=… values=… classes=….
            if row.rootElement.contains("NIBArchive") {
                let table = try NIBArchiveDecoder.decode([UInt8](data), file: row.file)
                let notes = row.fields["notes"] ?? ""
                #expect(notes.contains("objects=\(table.objects.count) "), "\(row.file): \(notes)")
                #expect(graph.platform == (table.object(0)?["IB.objectdata"] != nil ? .macos : .ios), "\(row.file)")
            }
        }
    }

    /// The pair: `MainMenu.nib/designable.nib` (archive XML) and `MainMenu.nib/keyedobjects.nib`.
    /// ibtool drops First Responder (its actions get a nil target, the responder chain) and gives
    /// File's Owner (`NSRoot`) a fresh id; every other object keeps its IB id, class, custom class,
    /// parent and placeholder role, and every connection its kind, ends and label.
    @Test func aKeyedArchiveMatchesItsDesignableNib() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: corpus not found beside the package (../shared/corpus)")
            return
        }
        let prefix = "files/pokeb__asi-http-request/rev-f4cba8b6__English.lproj__MainMenu.nib__"
        let xml = try NibDocumentParser.parse(contentsOf: corpus.appendingPathComponent(prefix + "designable.nib"))
        let compiled = try NibDocumentParser.parse(contentsOf: corpus.appendingPathComponent(prefix + "keyedobjects.nib"))
        #expect(xml.format == .archive && compiled.format == .keyedArchive)
        let firstResponder = try #require(xml.objects.first { $0.placeholder == PlaceholderIdentifier.firstResponder })
        let xmlOwner = try #require(xml.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner })
        let owner = try #require(compiled.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner })
        #expect(compiled.objects.count == xml.objects.count - 1)
        #expect(compiled.connections.count == xml.connections.count)
        #expect(compiled.connections.count == 60)
        func shape(_ object: NibObject) -> String {
            "\(object.id) \(object.className) \(object.customClass ?? "-") \(object.parent?.rawValue ?? "-") \(object.placeholder ?? "-")"
        }
        let expectedObjects = xml.objects.filter { $0.id != firstResponder.id && $0.id != xmlOwner.id }.map(shape).sorted()
        #expect(compiled.objects.filter { $0.id != owner.id }.map(shape).sorted() == expectedObjects)
        func renamed(_ id: ObjectID?) -> String {
            switch id {
            case nil, firstResponder.id?: "responder chain"
            case xmlOwner.id?, owner.id?: "File's Owner"
            case let id?: id.rawValue
            }
        }
        func shape(_ connection: Connection) -> String {
            let label: String
            switch connection.kind {
            case .outlet(let property, _), .outletCollection(let property, _, _): label = property
            case .action(let selector, _, _): label = selector
            case .binding(let name, _, let keyPath, _): label = name + " " + keyPath
            case .segue(_, let segue): label = segue.kind
            }
            return "\(connection.kind.name) \(renamed(connection.source)) → \(renamed(connection.destination)) \(label)"
        }
        #expect(compiled.connections.map(shape).sorted() == xml.connections.map(shape).sorted())
    }

    /// The corpus's `Wizard.storyboardc` (its eight nibs, flattened) beside its
    /// `designable.storyboard`, put back into a folder with the `Info.plist` ibtool writes (scene
    /// nibs are named by their storyboard identifiers). Compiling adds ibtool's plumbing (File's
    /// Owner and storyboard placeholders with their `sceneViewController`, `storyboard` and
    /// `view` outlets) and archives UIKit's private cell separator view; everything else reads back.
    @Test func aCompiledStoryboardMatchesItsDesignableStoryboard() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: corpus not found beside the package (../shared/corpus)")
            return
        }
        let source = corpus.appendingPathComponent("files/SwiftGen__SwiftGen")
        let prefix = "SwiftGen.playground__Resources__Wizard.storyboardc__"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-wizard-\(UUID().uuidString)/Wizard.storyboardc")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var scenes: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasPrefix(prefix) && name.hasSuffix(".nib")
        {
            let nib = String(name.dropFirst(prefix.count))
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(nib))
            if !nib.contains("-view-") { scenes.append(String(nib.dropLast(4))) }
        }
        let xml = try NibDocumentParser.parse(contentsOf: source.appendingPathComponent(prefix + "designable.storyboard"))
        let entry = xml.objects.first { $0.id == xml.initialViewController }?.storyboardIdentifier ?? ""
        let info = BinaryPlistWriter.encode(
            .dictionary([
                ("UIViewControllerIdentifiersToNibNames", .dictionary(scenes.sorted().map { ($0, .string($0)) })),
                ("UIStoryboardDesignatedEntryPointIdentifier", .string(entry)),
            ]))
        try Data(info).write(to: folder.appendingPathComponent("Info.plist"))
        let compiled = try NibDocumentParser.parse(contentsOf: folder, displayName: "Wizard.storyboardc")

        func controllers(_ graph: NibGraph) -> [String] {
            graph.scenes.compactMap { scene in graph.objects.first { $0.id == scene.controller } }
                .map { "\($0.storyboardIdentifier ?? "-") \($0.className) \($0.customModule ?? "-").\($0.customClass ?? "-")" }.sorted()
        }
        #expect(compiled.scenes.count == 4 && controllers(compiled) == controllers(xml))
        #expect(compiled.objects.first { $0.id == compiled.initialViewController }?.storyboardIdentifier == entry)
        func segues(_ graph: NibGraph) -> [String] {
            graph.connections.compactMap { connection in
                guard case .segue(let destination, let segue) = connection.kind else { return nil }
                let source = graph.objects.first { $0.id == connection.source }?.className ?? "?"
                let target = graph.objects.first { $0.id == destination }?.storyboardIdentifier ?? "?"
                return "\(source) \(segue.kind) \(segue.identifier ?? "-") → \(target)"
            }.sorted()
        }
        #expect(segues(compiled) == segues(xml) && segues(xml).count == 1)
        func outlets(_ graph: NibGraph) -> [String] {
            graph.connections.compactMap { if case .outlet(let property, _) = $0.kind { return property } else { return nil } }.sorted()
        }
        let plumbing: Set<String> = ["sceneViewController", "storyboard", "view"]
        #expect(outlets(compiled).filter { !plumbing.contains($0) } == outlets(xml))
        // The prototype cell comes from its nested nib, with the separator view UIKit archives.
        let xmlClasses = xml.objects.filter { !$0.isPlaceholder }.map(\.className).sorted()
        #expect(compiled.objects.filter { !$0.isPlaceholder && !$0.className.hasPrefix("_") }.map(\.className).sorted() == xmlClasses)
        #expect(compiled.objects.filter { $0.className.hasPrefix("_") }.map(\.className) == ["_UITableViewCellSeparatorView"])
        #expect(compiled.diagnostics.allSatisfy { $0.severity == .note }, "\(compiled.diagnostics)")
    }
}
