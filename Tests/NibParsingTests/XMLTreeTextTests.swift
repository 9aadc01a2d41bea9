import Foundation
import Testing

@testable import NibParsing

/// What the tree keeps as an element's text: its own text whole, white space included, and not
/// the indentation before its first child.
@Suite struct XMLTreeTextTests {
    @Test func indentationBeforeAFirstChildIsNotTextButALeafsBlankTextIs() throws {
        let text = "<a>\n    <b>  x  </b>\n    <c>   </c>\n    <d>\n        <e/>\n    </d>\n</a>\n"
        let root = try XMLTreeBuilder.parse(Data(text.utf8), file: "t.xml")
        #expect(root.text == "")
        #expect(root.children.map(\.text) == ["  x  ", "   ", ""])
        #expect(root.children[2].children.first?.name == "e")
    }
}
