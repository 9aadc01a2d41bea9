import Foundation
import NibParsing
import Testing

/// What the libxml2 SAX2 reader hands the document readers: the same values, names and
/// positions FoundationXML's `XMLParser` gave (R-XML-1), read from small documents of our own.
@Suite struct XMLReadingTests {
    private func parse(_ text: String) throws -> NibGraph {
        try NibDocumentParser.parse(data: Data(text.utf8), file: "t.xib")
    }

    private let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23" targetRuntime="iOS.CocoaTouch">
            <objects>

        """

    @Test func entitiesAndCharacterReferencesInAttributesAreDecoded() throws {
        let graph = try parse(
            header + """
                        <view id="v1" userLabel="Tom &amp; Jerry &lt;3 &#x263A; &quot;q&quot;" accessibilityHint="a&#10;b"/>
                    </objects>
                </document>
                """)
        let view = try #require(graph.objectsByID["v1"])
        #expect(view.label == "Tom & Jerry <3 ☺ \"q\"")
        #expect(view.attributes["accessibilityHint"] == "a\nb")
    }

    @Test func aStartTagSpanningLinesIsLocatedAtItsAngleBracket() throws {
        let graph = try parse(
            header + """
                        <label id="l1"
                            text="first"
                            unknownThing="x"/>
                      <frobnicator id="f1" a="1"
                          b="2"/>
                    </objects>
                </document>
                """)
        #expect(graph.objectsByID["l1"]?.line == 4)
        let warning = try #require(graph.diagnostics.first { $0.message.contains("frobnicator") })
        #expect(warning.location.line == 7)
        #expect(warning.location.column == 7)
    }

    @Test func nonASCIITextBeforeATagOnTheSameLineCountsInBytes() throws {
        // Columns are byte columns, as compilers print them: each é is two bytes.
        let graph = try parse(header + "        <view id=\"é1\" userLabel=\"é\"/><frobnicator id=\"f2\"/>\n    </objects>\n</document>\n")
        let warning = try #require(graph.diagnostics.first { $0.message.contains("frobnicator") })
        #expect(warning.location.line == 4)
        #expect(warning.location.column == 40)
    }

    @Test func namespacedAttributesKeepTheirPrefix() throws {
        let graph = try parse(
            header + """
                        <view id="v2" xmlns:x="urn:x" x:note="kept"/>
                    </objects>
                </document>
                """)
        let view = try #require(graph.objectsByID["v2"])
        #expect(view.attributes["x:note"] == "kept")
        #expect(view.attributes["xmlns:x"] == "urn:x")
    }

    @Test func anUnclosedElementIsReportedWhereItOpened() throws {
        let text = header + "        <view id=\"v3\">\n"
        #expect {
            try parse(text)
        } throws: { error in
            "\(error)".contains("document ends inside <view> opened on line 4")
        }
    }

    /// A document on one line (minified, or hostile): each element's column is still its own,
    /// counted from the line's start once, not walked back per element.
    @Test func elementsOnOneLineKeepTheirColumns() throws {
        let views = (0..<400).map { #"<view id="v\#($0)"/>"# }.joined()
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"><objects>"#
            + views + "</objects></document>"
        let graph = try parse(text)
        let bytes = Array(text.utf8)
        for index in [0, 1, 199, 399] {
            let object = try #require(graph.objects.first { $0.id.rawValue == "v\(index)" })
            let needle = Array(#"<view id="v\#(index)""#.utf8)
            let offset = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
            #expect(object.line == 1 && object.column == offset + 1, "v\(index)")
        }
    }

    /// Each object's line and column are those of its own `<`, found forwards from the tag
    /// before it: past end tags, comments holding `<`, CDATA, tags over several lines and
    /// several tags on one line. The reference counts the bytes of the text itself.
    @Test func everyObjectIsLocatedAtItsOwnTagWhateverComesBetween() throws {
        let body = """
                    <view id="a1"/><view id="a2"
                        userLabel="x"/>
                    <!-- a < b, and <view id="fake"/> -->
                    <view id="a3"><subviews><view id="a4" userLabel="&lt;"/></subviews></view>

                    <view

                      id="a5"/> <view id="a6"><string key="t"><![CDATA[<view id="no">]]></string></view>
                </objects>
            </document>
            """
        let text = header + body
        let graph = try parse(text)
        let bytes = Array(text.utf8)
        for index in 1...6 {
            let id = "a\(index)"
            let object = try #require(graph.objectsByID[ObjectID(id)], "\(id)")
            let needle = Array(" id=\"\(id)\"".utf8)
            let idOffset = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
            let tag = try #require(bytes[..<idOffset].lastIndex(of: UInt8(ascii: "<")))
            let line = bytes[..<tag].count { $0 == 0x0A } + 1
            let lineStart = bytes[..<tag].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            #expect(object.line == line && object.column == tag - lineStart + 1, "\(id)")
        }
    }

    /// An element's own text is kept as written, white space and CDATA included, in order;
    /// the white space before an element's first child is indentation and is not text.
    @Test func textIsKeptWithItsWhiteSpaceAndCDATAInOrder() throws {
        let graph = try parse(
            header + """
                        <view id="t1">
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="spaced">
                                    <string key="value">  two  spaces  </string>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="string" keyPath="mixed">
                                    <string key="value">a&amp;<![CDATA[<b>]]> c </string>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="string" keyPath="blank">
                                    <string key="value">   </string>
                                </userDefinedRuntimeAttribute>
                            </userDefinedRuntimeAttributes>
                        </view>
                    </objects>
                </document>
                """)
        let view = try #require(graph.objectsByID["t1"])
        let values = Dictionary(uniqueKeysWithValues: view.runtimeAttributes.map { ($0.keyPath, $0.value) })
        #expect(values["spaced"] == "  two  spaces  ")
        #expect(values["mixed"] == "a&<b> c ")
        #expect(values["blank"] == "   ")
    }
}
