import Foundation
import NibInspect
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibCompiled

/// Keyed archives saved as XML property lists (Interface Builder 2 and 3 could write a nib
/// bundle's `keyedobjects.nib` so; Adium's repository holds such bundles): the same graph as the
/// binary form, CoreFoundation's leniencies, and errors that name the line.
@Suite struct XMLKeyedArchiveTests {
    @Test(arguments: ["uikit", "appkit"])
    func anXMLKeyedArchiveGivesTheGraphOfItsBinaryForm(kind: String) throws {
        let fixture = kind == "uikit" ? CompiledFixtures.uikitLoginView() : CompiledFixtures.appKitPreferences()
        let binary = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(fixture)), file: "x.nib")
        let xml = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encodeXML(fixture)), file: "x.nib")
        #expect(xml.format == .keyedArchive)
        var xmlWithoutWarnings = xml
        var binaryWithoutWarnings = binary
        xmlWithoutWarnings.diagnostics.removeAll { $0.severity == .warning }
        binaryWithoutWarnings.diagnostics.removeAll { $0.severity == .warning }
        #expect(InspectText.render(xmlWithoutWarnings) == InspectText.render(binaryWithoutWarnings))
        #expect(!xml.objects.isEmpty && !xml.connections.isEmpty)
        // A warning about an archived object names its line in the XML (its byte in the binary).
        #expect(xml.diagnostics.filter { $0.severity == .warning }.count == binary.diagnostics.filter { $0.severity == .warning }.count)
        for warning in xml.diagnostics where warning.severity == .warning {
            #expect(warning.location.line > 0 && !warning.message.hasPrefix("byte "), "\(warning)")
        }
    }

    @Test func aBundleWhoseKeyedObjectsAreXMLIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-xml-nib-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Preferences.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(KeyedArchiveWriter.encodeXML(CompiledFixtures.appKitPreferences())).write(
            to: bundle.appendingPathComponent("keyedobjects.nib"))
        // An IB 2 bundle beside it: classes.nib and info.nib are old-style text plists, not read.
        try Data("{ IBClasses = (); IBVersion = 1; }".utf8).write(to: bundle.appendingPathComponent("classes.nib"))
        let graph = try NibDocumentParser.parse(contentsOf: bundle, displayName: "Preferences.nib")
        #expect(graph.file == "Preferences.nib/keyedobjects.nib" && graph.platform == .macos)
        #expect(graph.objects.contains { $0.placeholder == "IBFilesOwner" })
    }

    /// Values, CoreFoundation's way: a `CF$UID` dictionary is a UID, entities are decoded, a raw
    /// control character (XML forbids it, CoreFoundation writes it for an Escape key equivalent)
    /// stays in its string, and an empty element is an empty value.
    @Test func valuesAreReadAsCoreFoundationReadsThem() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            \t<dict><key>CF$UID</key><integer>7</integer></dict>
            \t<string>a &lt;b&gt; &amp; &#233;</string>
            \t<string>\u{1B}\u{E000}\u{E001}x</string>
            \t<string/>
            \t<integer>-12</integer>
            \t<real>2.5</real>
            \t<true/>
            \t<data>AAEC</data>
            \t<dict><key>CF$UID</key><string>7</string></dict>
            </array>
            </plist>
            """
        let plist = try XMLPlistDecoder(Array(text.utf8), file: "k.nib")
        guard case .array(let members) = try plist.value(plist.top) else {
            Issue.record("the top object is not the array")
            return
        }
        let values = try members.map { try plist.value($0) }
        #expect(values.count == 9)
        if case .uid(let uid) = values[0] { #expect(uid == 7) } else { Issue.record("CF$UID is not a UID: \(values[0])") }
        if case .string(let text) = values[1] { #expect(text == "a <b> & é") } else { Issue.record("\(values[1])") }
        // Private-use characters of the text beside a control character stay as written.
        if case .string(let text) = values[2] { #expect(text == "\u{1B}\u{E000}\u{E001}x") } else { Issue.record("\(values[2])") }
        if case .string(let text) = values[3] { #expect(text.isEmpty) } else { Issue.record("\(values[3])") }
        if case .integer(let number) = values[4] { #expect(number == -12) } else { Issue.record("\(values[4])") }
        if case .real(let number) = values[5] { #expect(number == 2.5) } else { Issue.record("\(values[5])") }
        if case .bool(let flag) = values[6] { #expect(flag) } else { Issue.record("\(values[6])") }
        if case .data(let bytes) = values[7] { #expect(bytes == [0, 1, 2]) } else { Issue.record("\(values[7])") }
        if case .dictionary = values[8] {} else { Issue.record("a CF$UID that is no integer is a dictionary: \(values[8])") }
        // Offsets are where the element's line starts (line 5: the first <string>).
        let lineLengths = text.components(separatedBy: "\n").map { $0.utf8.count + 1 }
        #expect(plist.offset(of: members[1]) == lineLengths.prefix(4).reduce(0, +))
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key></plist>", "k.nib:1:"),
        ("<plist version=\"1.0\">\n<dict>\n<key>a</key>\n</dict>\n</plist>", "k.nib:2: XML property list: a <key> without its value"),
        ("<plist>\n<array><key>a</key></array></plist>", "k.nib:2:"),
        ("<plist>\n<array><color/></array></plist>", "unknown element <color>"),
        ("<plist>\n<integer>twelve</integer></plist>", "k.nib:2:"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY x \"y\">]>\n<plist><string>&x;</string></plist>", "entity reference"),
        ("<plist><string>a</string><string>b</string></plist>", "a second top-level object"),
        ("<plist xmlns=\"foo\">\n<dict>\n<key>a</key>\n<string>b</string>\n</array></plist>", "k.nib:5:"),
    ])
    func aBrokenXMLPropertyListNamesItsLine(text: String, expected: String) {
        do {
            _ = try XMLPlistDecoder(Array(text.utf8), file: "k.nib")
            Issue.record("read: \(text)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func aKeyedArchiveUIDBeyondItsObjectsIsAnErrorAtItsLine() throws {
        var text = String(decoding: KeyedArchiveWriter.encodeXML(CompiledFixtures.appKitPreferences()), as: UTF8.self)
        // The first reference that is a field's value (not an object's $class).
        let field = try #require(
            text.range(of: "<key>NS[A-Za-z]+</key>\n\t+<dict>\n\t+<key>CF\\$UID</key>\n\t+<integer>", options: .regularExpression))
        let uid = try #require(text[field].range(of: "<key>CF$UID</key>"))
        let end = try #require(text[field.upperBound...].firstIndex(of: "<"))
        text.replaceSubrange(field.upperBound..<end, with: "99999")
        let line = text[..<uid.lowerBound].filter { $0 == "\n" }.count
        do {
            _ = try NibDocumentParser.parse(data: Data(text.utf8), file: "k.nib")
            Issue.record("a UID past $objects was read")
        } catch {
            #expect("\(error)".contains("UID 99999 is not among"), "\(error)")
            #expect("\(error)".hasPrefix("k.nib:\(line):"), "\(error) (the CF$UID dictionary opens on line \(line))")
        }
    }

    /// Only an XML property list with a `$archiver` key is a keyed archive: an Interface Builder
    /// XML document (an `<archive>` or `<document>` root) or a plain property list is not.
    @Test func onlyAnXMLPlistWithAnArchiverIsAKeyedArchive() {
        let archiver = "<dict><key>$archiver</key><string>NSKeyedArchiver</string></dict></plist>"
        #expect(
            CompiledNibParser.container(Array("<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"x\" \"y\">\n<plist>\(archiver)".utf8))
                == .keyedArchive)
        #expect(
            CompiledNibParser.container(Array("\u{FEFF}<?xml version=\"1.0\"?><plist version=\"1.0\">\(archiver)".utf8)) == .keyedArchive)
        #expect(CompiledNibParser.container(Array("<?xml version=\"1.0\"?>\n<plist><dict><key>a</key><true/></dict></plist>".utf8)) == nil)
        #expect(
            CompiledNibParser.container(Array("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\">".utf8))
                == nil)
        #expect(CompiledNibParser.container(Array("<?xml version=\"1.0\"?>\n<document type=\"x\">\(archiver)".utf8)) == nil)
    }
}
