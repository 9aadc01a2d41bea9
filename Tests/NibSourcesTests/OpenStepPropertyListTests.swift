import Foundation
import NibTestSupport
import Testing

@testable import NibSources

/// `OpenStepPropertyList` reads what Foundation's reader reads, to the same values.
@Suite struct OpenStepPropertyListTests {
    /// A value as text with sorted keys, the same for Foundation's bridged values and ours.
    static func canonical(_ value: Any?) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription)=\(canonical(dictionary[$0]))" }.joined(separator: ";") + "}"
        case let array as [Any]: return "(" + array.map { canonical($0) }.joined(separator: ",") + ")"
        case let string as String: return string.debugDescription
        case let data as Data: return "<\(data.map { String(format: "%02x", $0) }.joined())>"
        case nil: return "nil"
        default: return "?\(type(of: value))"
        }
    }

    static func expectSameAsFoundation(_ data: Data, _ name: String) {
        let foundation = try? PropertyListSerialization.propertyList(from: data, format: nil)
        // CocoaPods once wrote XML project files: Foundation reads those (the caller falls back).
        if data.starts(with: Array("<?xml".utf8)) {
            #expect(OpenStepPropertyList.read(data) == nil && foundation != nil, "\(name): XML is Foundation's")
            return
        }
        guard let ours = OpenStepPropertyList.read(data) else {
            Issue.record("\(name): not read")
            return
        }
        let (left, right) = (canonical(ours), canonical(foundation))
        guard left != right else { return }
        let common = zip(left, right).prefix { $0 == $1 }.count
        Issue.record(
            "\(name): differs from Foundation after \(common) characters: …\(left.dropFirst(common).prefix(80)) vs …\(right.dropFirst(common).prefix(80))"
        )
    }

    @Test func theFixtureProjectReadsAsFoundationReadsIt() throws {
        let url = Fixtures.root.appendingPathComponent("Modules/ShopApp.xcodeproj/project.pbxproj")
        Self.expectSameAsFoundation(try Data(contentsOf: url), url.lastPathComponent)
    }

    /// Real projects' files, when `NIBVIZ_PBXPROJ_DIR` names a folder of them.
    @Test func projectFilesInAFolderReadAsFoundationReadsThem() throws {
        guard let folder = ProcessInfo.processInfo.environment["NIBVIZ_PBXPROJ_DIR"] else {
            print("skipped: set NIBVIZ_PBXPROJ_DIR to a folder of project.pbxproj files to compare them all")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for name in names {
            Self.expectSameAsFoundation(try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name)), name)
        }
        print("compared \(names.count) project files with Foundation's reader")
    }

    @Test(arguments: [
        "// !$*UTF8*$!\n{ a = b; /* note */ c = ( x, \"y z\", ); d = { }; e = <0fA1 2b>; }",
        "\u{FEFF}{ \"quoted key\" = \"tab\\there \\\"q\\\" back\\\\slash \\U00e9 \\n\"; n = 56; path = ../a/b_$c:d.e-f; }",
        "{ list = ( ( a ), ( ) ); empty = \"\"; single = 'it'; }",
        "{ a = b; a = c; }",
    ])
    func edgeCasesReadAsFoundationReadsThem(text: String) {
        Self.expectSameAsFoundation(Data(text.utf8), text)
    }

    @Test(arguments: ["{ a = b }", "{ a = ; }", "{ a = b; ", "( a b )", "{ a = \"open; }", "{ a = b; } extra", "{ /* open a = b; }"])
    func malformedTextIsNotRead(text: String) {
        #expect(OpenStepPropertyList.read(Data(text.utf8)) == nil, "\(text)")
    }

    /// What Foundation reads its own way is left to it (nil): the caller then asks Foundation.
    @Test(arguments: [
        "{ a = \"\\U+041\"; }", "{ a = \"\\U41\"; }", "{ a = <0 f>; }", "{ a = <0f\u{0B}1a>; }", "// c\u{2028} a = b;\n{ }",
        "{ a = \"b\u{2029}\"; }",
    ])
    func textFoundationReadsItsOwnWayIsLeftToIt(text: String) {
        #expect(OpenStepPropertyList.read(Data(text.utf8)) == nil, "\(text)")
    }

    @Test func bytesThatAreNotUTF8AreLeftToFoundation() {
        #expect(OpenStepPropertyList.read(Data("{ a = b; /* ".utf8) + Data([0xFF, 0xFE]) + Data(" */ }".utf8)) == nil)
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let text = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(OpenStepPropertyList.read(Data(text.utf8)) == nil)
    }
}
