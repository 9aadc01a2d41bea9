import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

/// Interface Builder 3 archives (pre-Xcode 5 `.xib`, `designable.nib`) keep titles, frames,
/// autoresizing flags, fonts and colours as keyed values inside each archived object
/// (`ArchiveRecords`): `diff` itemises them with their categories and `textconv` prints them, so
/// `git diff` shows such an edit (an old app's "let the panel resize" commit changed `NSvFlags`
/// and frames only, and textconv printed the same text before and after).
@Suite struct ArchiveDiffTests {
    /// A window with a view holding a button and its cell; the cell's font is archived once
    /// and referred to again by the view. Each argument is one value an edit changes.
    static func archive(
        title: String = "Main", frame: String = "{{20, 20}, {96, 32}}", flags: String = "268", fontSize: String = "13",
        toolsVersion: String = "6254", nextResponder: String = #"<nil key="NSNextResponder"/>"#,
        editorRect: String = "{{100, 100}, {480, 270}}", clipFrame: String = "{{1, 1}, {50, 50}}"
    ) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="8.00">
            \t<data>
            \t\t<string key="IBDocument.InterfaceBuilderVersion">\(toolsVersion)</string>
            \t\t<array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
            \t\t\t<object class="NSCustomObject" id="1001"><string key="NSClassName">NSObject</string></object>
            \t\t\t<object class="NSWindowTemplate" id="1005">
            \t\t\t\t<string key="NSWindowTitle">\(title)</string>
            \t\t\t\t<string key="NSWindowRect">{{196, 240}, {480, 270}}</string>
            \t\t\t\t<object class="NSView" key="NSWindowView" id="1006">
            \t\t\t\t\t\(nextResponder)
            \t\t\t\t\t<array class="NSMutableArray" key="NSSubviews">
            \t\t\t\t\t\t<object class="NSButton" id="2001">
            \t\t\t\t\t\t\t<reference key="NSNextResponder" ref="1006"/>
            \t\t\t\t\t\t\t<int key="NSvFlags">\(flags)</int>
            \t\t\t\t\t\t\t<string key="NSFrame">\(frame)</string>
            \t\t\t\t\t\t\t<reference key="NSSuperview" ref="1006"/>
            \t\t\t\t\t\t\t<object class="NSButtonCell" key="NSCell" id="2002">
            \t\t\t\t\t\t\t\t<string key="NSContents">Refresh</string>
            \t\t\t\t\t\t\t\t<object class="NSFont" key="NSSupport" id="5001">
            \t\t\t\t\t\t\t\t\t<string key="NSName">LucidaGrande</string>
            \t\t\t\t\t\t\t\t\t<double key="NSSize">\(fontSize)</double>
            \t\t\t\t\t\t\t\t</object>
            \t\t\t\t\t\t\t\t<object class="NSColor" key="NSBackgroundColor">
            \t\t\t\t\t\t\t\t\t<int key="NSColorSpace">3</int>
            \t\t\t\t\t\t\t\t\t<bytes key="NSWhite">MC42NjY2NjY2NjY3AA</bytes>
            \t\t\t\t\t\t\t\t</object>
            \t\t\t\t\t\t\t\t<reference key="NSControlView" ref="2001"/>
            \t\t\t\t\t\t\t</object>
            \t\t\t\t\t\t\t<reference key="NSNextKeyView" ref="2100"/>
            \t\t\t\t\t\t</object>
            \t\t\t\t\t\t<object class="NSClipView" id="2100">
            \t\t\t\t\t\t\t<reference key="NSNextResponder" ref="1006"/>
            \t\t\t\t\t\t\t<string key="NSFrame">\(clipFrame)</string>
            \t\t\t\t\t\t</object>
            \t\t\t\t\t</array>
            \t\t\t\t\t<reference key="NSFont" ref="5001"/>
            \t\t\t\t</object>
            \t\t\t</object>
            \t\t</array>
            \t\t<object class="IBObjectContainer" key="IBDocument.Objects">
            \t\t\t<array key="connectionRecords"/>
            \t\t\t<object class="IBMutableOrderedSet" key="objectRecords">
            \t\t\t\t<array key="orderedObjects">
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">0</string><array key="object" id="0"/><reference key="children" ref="1000"/><nil key="parent"/></object>
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">-2</string><reference key="object" ref="1001"/><reference key="parent" ref="0"/><string key="objectName">File's Owner</string></object>
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">1</string><reference key="object" ref="1005"/><reference key="parent" ref="0"/><string key="objectName">Panel</string></object>
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">2</string><reference key="object" ref="1006"/><reference key="parent" ref="1005"/></object>
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">3</string><reference key="object" ref="2001"/><reference key="parent" ref="1006"/></object>
            \t\t\t\t\t<object class="IBObjectRecord"><string key="id">4</string><reference key="object" ref="2002"/><reference key="parent" ref="2001"/></object>
            \t\t\t\t</array>
            \t\t\t</object>
            \t\t\t<dictionary class="NSMutableDictionary" key="flattenedProperties">
            \t\t\t\t<string key="1.IBEditorWindowLastContentRect">\(editorRect)</string>
            \t\t\t\t<string key="1.NSWindowTemplate.visibleAtLaunch">NO</string>
            \t\t\t</dictionary>
            \t\t</object>
            \t</data>
            </archive>
            """.utf8)
    }

    static func parse(_ data: Data) throws -> NibGraph { try NibDocumentParser.parse(data: data, file: "Panel.xib") }

    static func diff(_ old: Data, _ new: Data) throws -> NibDiff {
        NibDiffer.diff(old: try parse(old), new: try parse(new), oldXML: old, newXML: new)
    }

    /// The textconv lines of `new` that `old` lacks, and those of `old` that `new` lacks.
    static func textconvDelta(_ old: Data, _ new: Data) throws -> (added: [String], removed: [String]) {
        let before = Textconv.text(try parse(old), xml: old).split(separator: "\n").map(String.init)
        let after = Textconv.text(try parse(new), xml: new).split(separator: "\n").map(String.init)
        return (after.filter { !before.contains($0) }, before.filter { !after.contains($0) })
    }

    @Test func recordsAreReadPerObjectWithSharedValuesAndBytesDecoded() throws {
        let records = try ArchiveRecords.read(Self.archive(), file: "Panel.xib")
        #expect(records.complete)
        let cell = records.entries["4"] ?? []
        #expect(cell.contains(ArchiveRecords.Entry(key: "NSContents", value: "Refresh")))
        #expect(cell.contains(ArchiveRecords.Entry(key: "NSSupport.NSSize", value: "13", valueClass: "NSFont")))
        #expect(cell.contains(ArchiveRecords.Entry(key: "NSBackgroundColor.NSWhite", value: "0.6666666667", valueClass: "NSColor")))
        #expect(cell.contains(ArchiveRecords.Entry(key: "NSControlView", value: "", object: ObjectID("3"))))
        // The button's cell is an object of its own, not a value of the button.
        let button = records.entries["3"] ?? []
        #expect(!button.contains { $0.key.hasPrefix("NSCell") })
        #expect(button.contains(ArchiveRecords.Entry(key: "NSFrame", value: "{{20, 20}, {96, 32}}")))
        // The view refers to the cell's font: the font's values are the view's too.
        #expect(
            (records.entries["2"] ?? []).contains(ArchiveRecords.Entry(key: "NSFont.NSName", value: "LucidaGrande", valueClass: "NSFont")))
        #expect((records.entries["1"] ?? []).contains(ArchiveRecords.Entry(key: "IB:NSWindowTemplate.visibleAtLaunch", value: "NO")))
    }

    @Test func frameAutoresizingTitleAndFontEditsAreItemisedWithTheirCategories() throws {
        let old = Self.archive()
        let cases: [(Data, ChangeCategory, String, String)] = [
            (Self.archive(frame: "{{20, 20}, {120, 32}}"), .layout, "NSFrame", "{{20, 20}, {120, 32}}"),
            (Self.archive(flags: "265"), .layout, "NSvFlags", "265"),
            (Self.archive(title: "Settings"), .text, "NSWindowTitle", "Settings"),
        ]
        for (new, category, field, value) in cases {
            let diff = try Self.diff(old, new)
            let changes = diff.properties.filter { $0.category != .cosmetic }
            #expect(changes.count == 1, "\(field): \(diff.properties)")
            #expect(changes.first?.category == category && changes.first?.field == field && changes.first?.new == value)
            #expect(!diff.properties.contains { $0.field.contains("not itemised") })
            let delta = try Self.textconvDelta(old, new)
            #expect(delta.added.count == 1 && delta.removed.count == 1, "\(delta)")
            #expect(
                delta.added.first?.hasPrefix(category.rawValue + " ") == true && delta.added.first?.contains(".\(field) = \(value)") == true
            )
        }
        // A shared font changes for everything that refers to it: the cell and the view.
        let font = try Self.diff(old, Self.archive(fontSize: "15"))
        #expect(Set(font.properties.filter { $0.category == .font }.map(\.field)) == ["NSSupport.NSSize", "NSFont.NSSize"])
    }

    /// A view's hidden bit is the top bit of `NSvFlags`: hiding it is a state change, its
    /// autoresizing mask unchanged.
    @Test func hidingAViewIsAStateChangeNotALayoutOne() throws {
        let hidden = String(Int32(bitPattern: 0x8000_0000 | 268))
        let diff = try Self.diff(Self.archive(), Self.archive(flags: hidden))
        let changes = diff.properties.filter { $0.category != .cosmetic }
        #expect(changes.map(\.field) == ["NSvFlags.hidden"] && changes.first?.category == .state, "\(diff.properties)")
    }

    /// Hostile shapes stay bounded: a 100 KB key is cut (with a digest) in every path under it,
    /// and a dictionary of many `NS.key.N` pairs is read in one pass.
    @Test func longKeysAreCutAndLargeDictionariesRead() throws {
        let longKey = String(repeating: "K", count: 100_000)
        let pairs = (0..<5_000).map { #"<string key="NS.key.\#($0)">k\#($0)</string><int key="NS.object.\#($0)">\#($0)</int>"# }
        let base = String(decoding: Self.archive(), as: UTF8.self)
        let hostile = base.replacingOccurrences(
            of: "<string key=\"NSContents\">Refresh</string>",
            with: "<object class=\"NSObject\" key=\"\(longKey)\"><nil key=\"A\"/><nil key=\"B\"/></object>"
                + "<object class=\"NSMutableDictionary\" key=\"Table\">\(pairs.joined())</object>")
        let records = try ArchiveRecords.read(Data(hostile.utf8), file: "Panel.xib")
        let cell = records.entries["4"] ?? []
        #expect(cell.filter { $0.key.hasPrefix("KKK") }.count == 2)
        #expect(cell.allSatisfy { $0.key.utf8.count < 200 })
        #expect(cell.filter { $0.key.hasPrefix("Table[") }.count == 5_000)
        #expect(cell.contains(ArchiveRecords.Entry(key: "Table[k4999]", value: "4999", valueClass: "NSMutableDictionary")))
    }

    /// A view without a record of its own (a scroll view's clip view) is given where it is
    /// archived; a reference to it names its class, so its frame is one fact, not one per
    /// reference. Its position counts only the array elements that give entries (the button
    /// beside it is an object of its own), so adding a subview does not renumber it.
    @Test func aViewWithoutARecordIsGivenOnceWhereItIsArchived() throws {
        let records = try ArchiveRecords.read(Self.archive(), file: "Panel.xib")
        #expect(
            (records.entries["3"] ?? []).contains(
                ArchiveRecords.Entry(key: "NSNextKeyView", value: "{NSClipView}", valueClass: "NSClipView")))
        #expect(
            (records.entries["2"] ?? []).contains(
                ArchiveRecords.Entry(key: "NSSubviews[0].NSFrame", value: "{{1, 1}, {50, 50}}")))
        let diff = try Self.diff(Self.archive(), Self.archive(clipFrame: "{{1, 1}, {60, 50}}"))
        #expect(diff.properties.filter { $0.category != .cosmetic }.map(\.field) == ["NSSubviews[0].NSFrame"], "\(diff.properties)")
    }

    @Test func interfaceBuildersOwnRecordsAreCosmeticAndLeaveTextconvAlone() throws {
        let old = Self.archive()
        let new = Self.archive(
            toolsVersion: "6751", nextResponder: #"<reference key="NSNextResponder"/>"#, editorRect: "{{300, 200}, {480, 270}}")
        let diff = try Self.diff(old, new)
        #expect(!diff.properties.isEmpty && diff.properties.allSatisfy { $0.category == .cosmetic }, "\(diff.properties)")
        #expect(!diff.hasSemanticChanges)
        let delta = try Self.textconvDelta(old, new)
        #expect(delta.added.isEmpty && delta.removed.isEmpty, "\(delta)")
    }

    /// A cut-down diff diagram keeps what changed at run time: the window whose only change is
    /// Interface Builder's editor position is left out like the unchanged objects; a moved
    /// button is shown with its ancestors.
    @Test func aCutDownDiagramLeavesOutObjectsWithCosmeticChangesOnly() throws {
        let cosmetic = try Self.diff(Self.archive(), Self.archive(editorRect: "{{300, 200}, {480, 270}}"))
        #expect(cosmetic.properties.contains { $0.category == .cosmetic && $0.object == ObjectID("1") })
        let picture = DiffDiagram.picture(cosmetic, title: "Panel.xib", maxNodes: 3)
        #expect(picture.nodes.map(\.key) == ["N:-2"])
        #expect(picture.note == "4 objects not shown (unchanged, or cosmetic changes only)", "\(picture.note ?? "")")
        let moved = try Self.diff(Self.archive(), Self.archive(frame: "{{0, 0}, {96, 32}}"))
        let shown = DiffDiagram.picture(moved, title: "Panel.xib", maxNodes: 3).nodes.map(\.key)
        #expect(shown == ["N:-2", "N:1", "N:2", "N:3"], "\(shown)")
    }

    /// Categories come from the key: its first part, but for the frame and back links of a view
    /// archived inside another object (a scroll view's clip view has no record of its own).
    @Test(arguments: [
        ("NSSubviews[0].NSWindow", ChangeCategory.cosmetic), ("NSContentView.NSSuperview", .cosmetic),
        ("NSSubviews[0].NSFrame", .layout), ("NSvFlags", .layout), ("NSNormalImage.NSClassName", .image),
        ("NSClassName", .cosmetic), ("NSSupport.NSSize", .font), ("NSBackgroundColor.NSColor.NSWhite", .color),
        ("NSContents.NSString", .text), ("NSCellFlags", .attribute), ("IB:NSWindowTemplate.visibleAtLaunch", .state),
        ("IB:IBEditorWindowLastContentRect", .cosmetic),
    ])
    func categoriesOfArchivedKeys(key: String, category: ChangeCategory) {
        #expect(PropertyCategories.archived(key, owner: "3") == category)
        #expect(PropertyCategories.archived(key, owner: "") == .cosmetic)
    }

    /// The value's class wins over the key: a button cell's `NSAlternateImage` holding its font
    /// (an AppKit quirk) is a font, an image cell's `NSContents` resource an image.
    @Test func theValuesClassDecidesItsCategory() {
        #expect(PropertyCategories.archived("NSAlternateImage.NSSize", owner: "3", valueClass: "NSFont") == .font)
        #expect(PropertyCategories.archived("NSContents.NSClassName", owner: "3", valueClass: "NSCustomResource") == .image)
        #expect(PropertyCategories.archived("NSContents", owner: "3", valueClass: nil) == .text)
        #expect(PropertyCategories.archived("NSSupport.NSWindow", owner: "3", valueClass: "NSFont") == .cosmetic)
    }

    /// Shared value objects are written out at each reference: an archive whose references fan
    /// out level by level stops at `maxEntries` and is then not itemised (a part of the values
    /// would read as removals), promptly.
    @Test func aFanOutOfReferencesIsCutAtTheBudgetAndNotItemised() throws {
        var values = ""
        let levels = 8
        let fanOut = 8
        for level in 0..<levels {
            let refs =
                level + 1 < levels
                ? (0..<fanOut).map { #"<reference key="V\#($0)" ref="v\#(level + 1)"/>"# }.joined() : "<int key=\"N\">1</int>"
            values += "<object class=\"NSObject\" key=\"L\(level)\" id=\"v\(level)\">\(refs)</object>"
        }
        let base = String(decoding: Self.archive(), as: UTF8.self)
        let hostile = base.replacingOccurrences(
            of: "<string key=\"NSContents\">Refresh</string>", with: "<reference key=\"Deep\" ref=\"v0\"/>"
        )
        .replacingOccurrences(
            of: "<array key=\"connectionRecords\"/>",
            with: "<array key=\"connectionRecords\"/><object class=\"NSObject\" key=\"Values\">\(values)</object>")
        let records = try ArchiveRecords.read(Data(hostile.utf8), file: "Panel.xib")
        #expect(!records.complete)
        let edited = Data(hostile.replacingOccurrences(of: "{{20, 20}, {96, 32}}", with: "{{0, 0}, {96, 32}}").utf8)
        let diff = try Self.diff(Data(hostile.utf8), edited)
        #expect(diff.properties.map(\.field) == ["archive XML (not itemised)"])
    }
}
