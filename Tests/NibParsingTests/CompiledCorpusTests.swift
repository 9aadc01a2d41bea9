import Foundation
import NibTestSupport
import Testing

@testable import NibParsing

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
            #expect(graph.diagnostics.filter { $0.severity == .note && $0.message.hasPrefix("compiled nib:") }.count == 1, "\(row.file)")
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
}
