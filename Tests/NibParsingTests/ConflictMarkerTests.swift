import Foundation
import NibModel
import Testing

@testable import NibParsing

/// Git's conflict marker is recognised only where git writes it: seven '<' at a line's start,
/// then a space or the line's end.
@Suite struct ConflictMarkerTests {
    static func line(_ text: String) -> Int? { XMLTreeBuilder.conflictMarkerLine(Data(text.utf8)) }

    @Test func theMarkerLineIsFound() {
        #expect(Self.line("<a>\n<<<<<<< HEAD\n<b/>\n=======\n<c/>\n>>>>>>> main\n</a>") == 2)
        #expect(Self.line("<x/>\r\n<<<<<<<\r\n") == 2)
        #expect(Self.line("<<<<<<< HEAD") == 1)
        #expect(Self.line("<x/>\n<<<<<<<") == 2)
    }

    @Test func lookalikesAreNot() {
        #expect(Self.line("a <<<<<<< b\n<x/>") == nil)
        #expect(Self.line("<x/>\n<<<<<<<< eight\n") == nil)
        #expect(Self.line("<x/>\n<<<<<< six\n") == nil)
        #expect(Self.line("") == nil)
    }

    /// The parse error of a conflicted document names the conflict at its marker; the same
    /// markup error elsewhere keeps libxml2's words.
    @Test func aFailedParseNamesTheConflict() throws {
        let conflicted = Data("<document>\n<<<<<<< HEAD\n<a/>\n=======\n<b/>\n>>>>>>> x\n</document>\n".utf8)
        #expect(throws: LocatedError.self) { try XMLTreeBuilder.parse(conflicted, file: "f.xib") }
        do {
            _ = try XMLTreeBuilder.parse(conflicted, file: "f.xib")
        } catch let error as LocatedError {
            #expect(error.location.line == 2)
            #expect(error.message.hasPrefix("unresolved merge conflict"), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
        let stray = Data("<document>\n< a/>\n</document>\n".utf8)
        do {
            _ = try XMLTreeBuilder.parse(stray, file: "f.xib")
            Issue.record("parsed")
        } catch let error as LocatedError {
            #expect(!error.message.contains("merge conflict"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
