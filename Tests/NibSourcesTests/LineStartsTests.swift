import SwiftParser
import SwiftSyntax
import Testing

@testable import NibSources

/// `LineStarts` gives every token the line and column SwiftSyntax's `SourceLocationConverter`
/// gives it (R-SRC-1's locations), whatever ends the lines.
@Suite struct LineStartsTests {
    @Test(arguments: [
        "class A: UIViewController {\n    @IBOutlet weak var label: UILabel!\n}\n",
        "class A {\r\n  @IBAction func tap(_ sender: Any) {}\r\n}\r\n",
        "class A {\r  var x = \"é — 日本\"\r}",
        "\n\n\r\r\n\nstruct S { let s = \"\"\"\n  multi\n  line\n  \"\"\" }",
        "// ünïcödé comment\nclass Ü: NSObject { func f() { g(\"a\", b: 1) } }",
        "",
        "class A {}",
    ])
    func locationsMatchSwiftSyntax(_ text: String) {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
        let lines = LineStarts(text)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let expected = token.startLocation(converter: converter, afterLeadingTrivia: true)
            let found = lines.location(ofUTF8Offset: token.positionAfterSkippingLeadingTrivia.utf8Offset)
            #expect(found.line == expected.line && found.column == expected.column, "\(token.text) in \(text.debugDescription)")
        }
    }
}
