import Testing

@testable import NibSite

/// `ByteSeparated.split` cuts at the separator byte as `String.split` cuts at the character.
@Suite("Byte-separated text")
struct ByteSeparatedTests {
    @Test(arguments: ["", " ", "a", "a b", " a", "a ", "a  b", "  ", "ü é", "日本 e\u{301} 👩‍👩‍👧", "x y z", "tab\tnot cut"])
    func piecesAreTheStringsPieces(text: String) {
        let expected = text.isEmpty ? [] : text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        #expect(ByteSeparated.split(text, at: UInt8(ascii: " ")) == expected, "\(text.debugDescription)")
    }
}
