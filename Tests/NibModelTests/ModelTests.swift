import Foundation
import NibModel
import Testing

@Suite struct FileLocationTests {
    @Test(arguments: [
        (FileLocation(file: "a.xib"), "a.xib"),
        (FileLocation(file: "a.xib", line: 3), "a.xib:3"),
        (FileLocation(file: "a.xib", line: 3, column: 7), "a.xib:3:7"),
    ])
    func describesOnlyTheKnownParts(location: FileLocation, text: String) {
        #expect(location.description == text)
    }

    @Test func errorsPrintCompilerStyle() {
        let error = LocatedError(at: FileLocation(file: "Main.storyboard", line: 12, column: 5), "unexpected end of file")
        #expect(error.description == "Main.storyboard:12:5: unexpected end of file")
    }
}

@Suite struct ConnectionTests {
    @Test func nilTargetActionsHaveNoDestination() {
        let action = Connection(id: "a1", source: "btn", kind: .action(selector: "copy:", target: nil, eventType: nil))
        #expect(action.destination == nil)
        #expect(action.kind.name == "action")
    }

    @Test func everyKindExposesItsDestination() {
        let segue = Connection(id: "s1", source: "vc1", kind: .segue(destination: "vc2", Segue(kind: "show", identifier: "detail")))
        #expect(segue.destination == "vc2")
        let binding = Connection(id: "b1", source: "v", kind: .binding(name: "value", destination: "-2", keyPath: "x", options: []))
        #expect(binding.destination == "-2")
    }
}

@Suite struct NibObjectTests {
    @Test func placeholdersAreRecognisedAndNamedByLabelFirst() {
        let owner = NibObject(
            id: "-1", element: "placeholder", className: "NSObject", customClass: "Owner", placeholder: PlaceholderIdentifier.filesOwner,
            label: "File's Owner")
        #expect(owner.isPlaceholder)
        #expect(owner.runtimeClass == "Owner")
        #expect(owner.displayName == "File's Owner")
    }
}

/// Messages name the class the runtime builds with the article it is read with.
@Suite struct ArticleTests {
    @Test func aClassNameGetsTheArticleItIsReadWith() {
        let cases = [
            ("NSObject", "an NSObject"), ("UIButton", "a UIButton"), ("UILabel", "a UILabel"), ("ARSerifLabel", "an ARSerifLabel"),
            ("MKMapView", "an MKMapView"), ("WKWebView", "a WKWebView"), ("CancelModalButton", "a CancelModalButton"),
            ("ImageView", "an ImageView"), ("", "a "),
        ]
        for (name, expected) in cases { #expect(TextQuoting.withArticle(name) == expected) }
    }
}

@Suite struct HexTests {
    @Test func bytesBecomeTwoLowercaseDigitsEach() {
        #expect([UInt8]().lowercaseHex == "")
        #expect([0x00, 0x0F, 0xA0, 0xFF, 0x7C].lowercaseHex == "000fa0ff7c")
        #expect((0...255).map(UInt8.init).lowercaseHex == (0...255).map { String(format: "%02x", $0) }.joined())
    }
}

@Suite struct CompactBinaryTests {
    @Test func valuesReadBackInTheOrderWritten() throws {
        var writer = CompactBinary.Writer()
        let integers = [0, 1, 127, 128, 300, 16_383, 16_384, Int(UInt32.max), Int.max]
        for value in integers { writer.integer(value) }
        writer.byte(0xFF)
        writer.string("")
        writer.string("Größe ✓")
        writer.strings(["a", "", "b c"])
        var reader = CompactBinary.Reader(writer.bytes)
        #expect(try integers.map { _ in try reader.integer() } == integers)
        #expect(try reader.byte() == 0xFF)
        #expect(try reader.string() == "")
        #expect(try reader.string() == "Größe ✓")
        #expect(try reader.strings() == ["a", "", "b c"])
        #expect(reader.isAtEnd)
    }

    @Test func malformedBytesAreErrorsNotCrashes() {
        // Ten bytes of continuation overflow 63 bits; so does a ninth byte above 0x7F.
        var overflow = CompactBinary.Reader(Array(repeating: 0xFF, count: 10) + [0x01])
        #expect(throws: CompactBinary.Malformed.self) { try overflow.integer() }
        var truncated = CompactBinary.Reader([0x80])
        #expect(throws: CompactBinary.Malformed.self) { try truncated.integer() }
        // A string or a count longer than the bytes left is refused before anything is reserved.
        var writer = CompactBinary.Writer()
        writer.integer(Int.max)
        var long = CompactBinary.Reader(writer.bytes + [0x61])
        #expect(throws: CompactBinary.Malformed.self) { try long.string() }
        var many = CompactBinary.Reader(writer.bytes)
        #expect(throws: CompactBinary.Malformed.self) { try many.strings() }
        var empty = CompactBinary.Reader([])
        #expect(throws: CompactBinary.Malformed.self) { try empty.byte() }
    }
}
