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
