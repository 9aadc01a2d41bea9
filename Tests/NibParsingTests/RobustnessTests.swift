import Foundation
import NibInspect
import NibParsing
import Testing

/// Inputs real projects contain: BOMs, CRLF, odd ids, unknown elements, broken files.
@Suite struct RobustnessTests {
    private func failure(_ name: String) -> LocatedError? {
        do {
            _ = try Fixtures.graph(name)
            return nil
        } catch {
            return error as? LocatedError
        }
    }

    @Test func aByteOrderMarkAndCRLFLineEndsReadLikeAPlainFile() throws {
        let graph = try Fixtures.graph("bom-crlf.xib")
        #expect(graph.objects.map(\.id.rawValue) == ["-1", "-2", "29", "449"])  // integer ids (R-XML-8)
        #expect(graph.objects.last?.label == "Café — label")
        #expect(graph.objects.last?.line == 12)
        #expect(graph.connections.first?.line == 6)
        #expect(graph.diagnostics == [])
    }

    @Test func anUnknownElementIsKeptAsAGenericObjectWithADiagnostic() throws {
        let graph = try Fixtures.graph("unknown-element.xib")
        let gadget = try #require(graph.objectsByID["frb-aa-001"])
        #expect(gadget.className == "UIFrobnicatorView")
        #expect(gadget.parent == "vw0-aa-001")
        #expect(graph.connections.count == 1)
        #expect(
            graph.diagnostics.map(\.description) == [
                "unknown-element.xib:12:17: warning: unknown element <frobnicatorView> kept as a generic object"
            ])
    }

    @Test func duplicateIdsAreDiagnosedWithLinesAndTheFirstObjectWins() throws {
        let graph = try Fixtures.graph("duplicate-id.xib")
        #expect(
            graph.diagnostics.map { "\($0.location.line): \($0.message)" } == [
                "8: duplicate id \"same-id-1\" on <label> (first used on line 6 by <view>)",
                "12: duplicate id \"lbl-aa-002\" on <constraint> (first used on line 9 by <label>)",
            ])
        #expect(graph.objects.map(\.id.rawValue) == ["-1", "-2", "same-id-1", "lbl-aa-002"])
        #expect(graph.objectsByID["same-id-1"]?.element == "view")
    }

    @Test func danglingReferencesAreDiagnosedAndTheConnectionsKept() throws {
        let graph = try Fixtures.graph("dangling-ref.xib")
        #expect(graph.connections.count == 3)
        #expect(
            graph.diagnostics.map(\.description) == [
                "dangling-ref.xib:7:17: warning: dangling reference: <outlet> refers to missing id \"gone-0-id\"",
                "dangling-ref.xib:13:17: warning: dangling reference: <action> refers to missing id \"nowhere\"",
            ])
    }

    @Test func aTruncatedFileFailsWithTheLineWhereItEnds() throws {
        let error = try #require(failure("truncated.xib"))
        #expect(error.location.line == 56)
        #expect(error.description.hasPrefix("truncated.xib:56:"))
        #expect(error.message.contains("truncated"))
    }

    @Test(arguments: [
        ("empty.xib", "empty.xib:1:1: empty file: not an Interface Builder document"),
        ("not-xml.xib", "not-xml.xib:1:1: not XML: no root element"),
        ("compiled.nib", "compiled.nib: byte 18: NIBArchive without objects"),
    ])
    func unreadableFilesFailWithALocatedError(name: String, message: String) {
        #expect(failure(name)?.description == message)
    }

    @Test func aBinaryPlistNibIsReadAsAKeyedArchive() {
        let data = Data("bplist00".utf8) + Data(repeating: 0, count: 16)
        do {
            _ = try NibDocumentParser.parse(data: data, file: "k.nib")
            Issue.record("a truncated binary plist parsed")
        } catch {
            #expect("\(error)" == "k.nib: byte 24: truncated: no room for the 32-byte trailer")
        }
    }

    @Test func aDocumentWithAnotherRootElementIsRejected() {
        #expect(
            throws: LocatedError(
                at: FileLocation(file: "p.xib", line: 1, column: 1),
                "not an Interface Builder document: root element <plist>, expected <document> or <archive>")
        ) {
            try NibDocumentParser.parse(data: Data("<plist/>".utf8), file: "p.xib")
        }
    }

    @Test func aStoryboardOfOnlyEmptyScenesParses() throws {
        let xml = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes/></document>"#
        let graph = try NibDocumentParser.parse(data: Data(xml.utf8), file: "e.storyboard")
        #expect(graph.isStoryboard && graph.objects.isEmpty && graph.scenes.isEmpty && graph.diagnostics.isEmpty)
    }

    @Test func aMissingFileFailsWithItsName() {
        let url = URL(fileURLWithPath: "/nonexistent/nowhere.xib")
        #expect(throws: LocatedError.self) { try NibDocumentParser.parse(contentsOf: url, displayName: "nowhere.xib") }
    }

    @Test func invalidUTF8IsALocatedErrorNotACrash() {
        // FoundationXML traps on some invalid UTF-8 names that libxml2 lets through.
        var bytes = Array("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects><view id=\"a\" second".utf8)
        bytes += [0xF3] + Array("ute=\"1\"/></objects></document>".utf8)
        #expect(throws: LocatedError(at: FileLocation(file: "u.xib", line: 2, column: 29), "not valid UTF-8 text (byte 0xF3)")) {
            try NibDocumentParser.parse(data: Data(bytes), file: "u.xib")
        }
    }

    @Test func aDocumentDeclaringLatin1IsConverted() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n".utf8)
        bytes += Array("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"a\" userLabel=\"Caf".utf8)
        bytes += [0xE9] + Array("\"/></objects></document>".utf8)
        let graph = try NibDocumentParser.parse(data: Data(bytes), file: "l.xib")
        #expect(graph.objects.first?.label == "Café")
    }

    /// The declaration is read on its bytes: either quote, the encoding named in any case.
    @Test(arguments: ["encoding='windows-1252'", "encoding=\"Windows-1252\"", "encoding=\"cp1252\" standalone=\"yes\""])
    func aDocumentDeclaringALatinEncodingIsConverted(declaration: String) throws {
        var bytes = Array("<?xml version=\"1.0\" \(declaration)?>\n".utf8)
        bytes += Array("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"a\" userLabel=\"Caf".utf8)
        bytes += [0xE9] + Array("\"/></objects></document>".utf8)
        let graph = try NibDocumentParser.parse(data: Data(bytes), file: "l.xib")
        #expect(graph.objects.first?.label == "Café")
    }

    @Test func mangledDocumentsParseOrFailCleanlyButNeverCrash() throws {
        // A small seeded fuzz: cut, insert markup, flip bytes; every outcome must be a graph
        // (that renders) or a LocatedError. A crash fails the whole test run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let tokens = ["<", ">", "\"", "id=\"-1\"", "</view>", "<connections>", "<segue reference=\"x\"/>", "&", "\n", "\u{F3}"]
        let inputs = try GoldenDumpTests.documents.map { [UInt8](try Data(contentsOf: Fixtures.url($0))) }
        var parsed = 0
        for round in 0..<600 {
            var bytes = inputs[round % inputs.count]
            for _ in 0...next(5) {
                let position = next(bytes.count)
                switch next(4) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(contentsOf: Array(tokens[next(tokens.count)].utf8), at: position)
                case 2: bytes[position] = UInt8(next(256))
                default: bytes.removeSubrange(position..<min(bytes.count, position + 1 + next(200)))
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            do {
                let graph = try NibDocumentParser.parse(data: Data(bytes), file: "fuzz.xib")
                _ = InspectText.render(graph) + InspectJSON.encode(graph)
                parsed += 1
            } catch is LocatedError {
                continue
            }
        }
        #expect(parsed > 0)
    }

    @Test func parsingOnManyThreadsGivesTheSameGraphs() throws {
        // Callers (site, diagrams) may parse in parallel; FoundationXML keeps per-parser state.
        let names = GoldenDumpTests.documents
        let expected = try names.map { try Fixtures.graph($0) }
        let results = ResultBox(count: names.count * 8)
        DispatchQueue.concurrentPerform(iterations: names.count * 8) { index in
            results.set(index, try? Fixtures.graph(names[index % names.count]))
        }
        for index in 0..<(names.count * 8) { #expect(results.get(index) == expected[index % names.count]) }
    }
}

/// Collects results from concurrent iterations.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [NibGraph?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: NibGraph?) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
    func get(_ index: Int) -> NibGraph? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
