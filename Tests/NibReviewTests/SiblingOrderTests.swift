import Foundation
import NibModel
import NibParsing
import Testing

@testable import NibDiffing

/// Subviews in another order are drawn and hit-tested in another order (Transmission moved a
/// view behind its siblings so a context menu opened again; `diff` said "no semantic change"):
/// the order of a parent's keyless children is a structure fact.
@Suite struct SiblingOrderTests {
    static func xib(_ subviews: [(id: String, element: String)]) -> Data {
        let views = subviews.map {
            #"<\#($0.element) id="\#($0.id)"><rect key="frame" x="0" y="0" width="10" height="10"/></\#($0.element)>"#
        }
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customObject id="-2" userLabel="File's Owner"/>
                    <customView id="root">
                        <rect key="frame" x="0" y="0" width="100" height="100"/>
                        <subviews>
                            \(views.joined(separator: "\n                "))
                        </subviews>
                    </customView>
                </objects>
            </document>
            """.utf8)
    }

    static let threeViews = [(id: "a", element: "imageView"), (id: "b", element: "customView"), (id: "c", element: "textField")]

    static func diff(_ old: Data, _ new: Data) throws -> NibDiff {
        NibDiffer.diff(
            old: try NibDocumentParser.parse(data: old, file: "Cell.xib"), new: try NibDocumentParser.parse(data: new, file: "Cell.xib"),
            oldXML: old, newXML: new)
    }

    static func textconv(_ data: Data) throws -> [String] {
        Textconv.text(try NibDocumentParser.parse(data: data, file: "Cell.xib"), xml: data).split(separator: "\n").map(String.init)
    }

    @Test func aViewMovedBehindItsSiblingsIsOneStructureChangeAndOneTextconvLine() throws {
        let old = Self.xib(Self.threeViews)
        let new = Self.xib([Self.threeViews[1], Self.threeViews[0], Self.threeViews[2]])
        let diff = try Self.diff(old, new)
        #expect(diff.hasSemanticChanges)
        let order = diff.properties.filter { $0.field == "order" }
        #expect(order.count == 1)
        #expect(order.first?.category == .structure)
        #expect(order.first?.old == "NSImageView, NSView, NSTextField" && order.first?.new == "NSView, NSImageView, NSTextField")
        let before = try Self.textconv(old)
        let after = try Self.textconv(new)
        #expect(after.filter { !before.contains($0) } == ["structure NSView .order = NSView, NSImageView, NSTextField"])
        #expect(before.filter { !after.contains($0) }.count == 1)
    }

    @Test func anAddedViewIsAnObjectChangeNotAReorderingAndRegeneratedIDsAreNone() throws {
        let old = Self.xib(Self.threeViews)
        let added = try Self.diff(old, Self.xib(Self.threeViews + [(id: "d", element: "button")]))
        #expect(!added.properties.contains { $0.field == "order" })
        #expect(added.objects.count == 1)
        let regenerated = try Self.diff(old, Self.xib(Self.threeViews.map { (id: $0.id + "x", element: $0.element) }))
        #expect(!regenerated.hasSemanticChanges, "\(regenerated.properties)")
    }

    /// A compiled nib's objects come in its object table's order: no order facts.
    @Test func compiledNibsHaveNoOrderFacts() throws {
        var graph = try NibDocumentParser.parse(data: Self.xib(Self.threeViews), file: "Cell.xib")
        #expect(SiblingOrder.children(of: graph).count == 1)
        graph.format = .nibArchive
        #expect(SiblingOrder.children(of: graph).isEmpty)
    }

    /// Prototype cells reordered under their table view: no change (they are dequeued by
    /// reuse identifier).
    @Test func reorderedPrototypeCellsAreNoChange() throws {
        func storyboard(_ cells: [String]) -> Data {
            let prototypes = cells.map {
                #"<tableViewCell reuseIdentifier="\#($0)" id="c-\#($0)"><rect key="frame" x="0" y="0" width="320" height="44"/></tableViewCell>"#
            }
            return Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                        <tableView id="t"><rect key="frame" x="0" y="0" width="320" height="480"/>
                            <prototypes>\(prototypes.joined())</prototypes>
                        </tableView>
                    </objects>
                </document>
                """.utf8)
        }
        let diff = try Self.diff(storyboard(["A", "B"]), storyboard(["B", "A"]))
        #expect(!diff.properties.contains { $0.field == "order" }, "\(diff.properties)")
    }

    @Test(arguments: [
        ("tableViewCell", "tableView", true), ("collectionViewCell", "collectionView", true), ("tableCellView", "tableColumn", true),
        ("tableViewCell", "tableViewSection", false), ("button", "view", false), ("tableColumn", "tableView", false),
    ])
    func prototypeCellsHaveNoOrder(element: String, parent: String, isPrototype: Bool) {
        #expect(SiblingOrder.isPrototype(element, in: parent) == isPrototype)
    }
}
