import Foundation
import NibParsing
import NibTestSupport
import Testing

/// The whole corpus against MANIFEST.tsv: every XML file parses and its counts match.
@Suite struct CorpusTests {
    @Test func everyCorpusFileParsesWithTheManifestCounts() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: corpus not found beside the package (../shared/corpus)")
            return
        }
        let rows = try CorpusManifest.rows(in: corpus)
        #expect(rows.count > 500)
        let start = Date()
        var bytes = 0
        var objects = 0
        var connections = 0
        for row in rows {
            let url = corpus.appendingPathComponent(row.file)
            let data = try Data(contentsOf: url)
            bytes += data.count
            switch row.rootElement {
            case "document", "archive":
                let graph = try NibDocumentParser.parse(data: data, file: row.file)
                objects += graph.objects.count
                connections += graph.connections.count
                if row.rootElement == "document" { try checkDocument(row, graph, data: data) } else { checkArchive(row, graph) }
            case let root where root.hasPrefix("binary"):
                // Compiled nibs: CompiledCorpusTests checks them in detail.
                let graph = try NibDocumentParser.parse(data: data, file: row.file)
                objects += graph.objects.count
                connections += graph.connections.count
                #expect(graph.format == (root.contains("NIBArchive") ? .nibArchive : .keyedArchive), "\(row.file)")
            default:
                checkThrows(row, data: data, containing: "empty file")
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            "corpus: \(rows.count) files, \(objects) objects, \(connections) connections, \(bytes / 1024) KiB in \(String(format: "%.2f", seconds)) s"
        )
    }

    private func checkDocument(_ row: ManifestRow, _ graph: NibGraph, data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        let nested = matches(#"<segue[^>]*\skey="(commit|preview)""#, in: text)
        let expected = [
            "outlet": row.count("outlet"), "outletCollection": row.count("outletCollection"),
            "action": row.count("action"), "binding": row.count("binding"),
            "segue": row.count("segue") - row.count("segue_reference_only") - nested,
        ]
        #expect(kindCounts(graph) == expected, "\(row.file)")
        #expect(graph.objects.filter { $0.element == "placeholder" && $0.isPlaceholder }.count == row.count("placeholder"), "\(row.file)")
        // R-XML-4: macOS placeholders are customObjects with reserved negative ids.
        let macPlaceholders = matches(#"<customObject[^>]*\sid="-[123]""#, in: text)
        let found = graph.objects.filter { $0.element == "customObject" && $0.id.rawValue.hasPrefix("-") && $0.isPlaceholder }.count
        #expect(found == (graph.platform == .macos ? macPlaceholders : 0), "\(row.file)")
        #expect(graph.scenes.count == row.count("scene"), "\(row.file)")
        let storyboardReferences = graph.objects.filter { $0.placeholder == PlaceholderIdentifier.storyboardReference }.count
        #expect(storyboardReferences == row.count("storyboard_references"), "\(row.file)")
        // customClass_objects counts every element with customClass: objects and custom segues.
        let customSegues = graph.connections.filter {
            if case .segue(_, let segue) = $0.kind { return segue.customClass != nil }
            return false
        }.count
        #expect(graph.objects.filter { $0.customClass != nil }.count + customSegues == row.count("customClass_objects"), "\(row.file)")
        #expect(graph.format == .document)
        let duplicates = graph.diagnostics.filter { $0.message.hasPrefix("duplicate id") }.count
        let dangling = graph.diagnostics.filter { $0.message.hasPrefix("dangling reference") }.count
        #expect(duplicates == row.count("duplicate_ids"), "\(row.file)")
        #expect(dangling == row.count("dangling_refs"), "\(row.file)")
    }

    private func checkArchive(_ row: ManifestRow, _ graph: NibGraph) {
        let classes = row.archiveClasses
        let expected = [
            "outlet": (classes["IBOutletConnection"] ?? 0) + (classes["IBCocoaTouchOutletConnection"] ?? 0),
            "outletCollection": 0,
            "action": (classes["IBActionConnection"] ?? 0) + (classes["IBCocoaTouchEventConnection"] ?? 0),
            "binding": classes["IBBindingConnection"] ?? 0,
            "segue": 0,
        ]
        #expect(kindCounts(graph) == expected, "\(row.file)")
        #expect(graph.connections.count == classes["IBConnectionRecord"] ?? 0, "\(row.file)")
        #expect(graph.objects.filter { $0.element == "IBProxyObject" }.count == classes["obj:IBProxyObject"] ?? 0, "\(row.file)")
        #expect(graph.objects.filter { $0.element == "NSCustomObject" }.count == classes["obj:NSCustomObject"] ?? 0, "\(row.file)")
        #expect(graph.format == .archive)
        let placeholders = Set(graph.objects.compactMap(\.placeholder))
        #expect(placeholders.contains(PlaceholderIdentifier.filesOwner), "\(row.file)")
    }

    private func checkThrows(_ row: ManifestRow, data: Data, containing text: String) {
        do {
            _ = try NibDocumentParser.parse(data: data, file: row.file)
            Issue.record("\(row.file) parsed but should fail")
        } catch let error as LocatedError {
            #expect(error.message.contains(text), "\(row.file): \(error)")
            #expect(error.location.line == 1 && error.location.column == 1, "\(row.file): \(error)")
        } catch {
            Issue.record("\(row.file): unexpected error \(error)")
        }
    }

    private func kindCounts(_ graph: NibGraph) -> [String: Int] {
        var counts = ["outlet": 0, "outletCollection": 0, "action": 0, "binding": 0, "segue": 0]
        for connection in graph.connections { counts[connection.kind.name, default: 0] += 1 }
        return counts
    }

    private func matches(_ pattern: String, in text: String) -> Int {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return 0 }
        return regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
