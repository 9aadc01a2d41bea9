import Foundation
import NibModel
import NibParsing
import NibSimulation
import Testing

/// R-SB-7 in a xib: a view-based table column's prototype cell views (`<prototypeCellViews>`)
/// are nibs of their own that `makeViewWithIdentifier:owner:` loads per row; the document's
/// load creates none of them, nor makes their connections (MacPass's OutlineView.xib showed
/// `-[MPOutlineTableCellView initWithCoder:]` and its outlets in the load).
@Suite("Xib prototype cell views (R-SB-7)")
struct XibPrototypeCellTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="ListController"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <scrollView id="sv1" customClass="ListScrollView">
                    <clipView key="contentView" id="cv1">
                        <subviews>
                            <tableView id="tv1" customClass="ListTable">
                                <tableColumns>
                                    <tableColumn identifier="Name" id="tc1">
                                        <prototypeCellViews>
                                            <tableCellView identifier="Row" id="rc1" customClass="RowView">
                                                <subviews>
                                                    <textField id="tf1"/>
                                                </subviews>
                                                <connections>
                                                    <outlet property="textField" destination="tf1" id="oc1"/>
                                                    <outlet property="controller" destination="-2" id="oc2"/>
                                                </connections>
                                            </tableCellView>
                                        </prototypeCellViews>
                                    </tableColumn>
                                </tableColumns>
                            </tableView>
                        </subviews>
                    </clipView>
                </scrollView>
            </objects>
            <connections>
                <outlet property="table" destination="tv1" id="oc3"/>
            </connections>
        </document>
        """

    @Test func theLoadCreatesNoPrototypeAndSaysWhy() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.xib.utf8), file: "List.xib")
        let timeline = Simulator.run(document: graph)
        let receivers = Set(timeline.events.compactMap { $0.receiver?.id })
        #expect(!receivers.contains("rc1") && !receivers.contains("tf1"), "\(timeline.events.map(\.selector))")
        #expect(timeline.events.contains { $0.receiver?.id == "tv1" && $0.selector == "initWithCoder:" })
        #expect(!timeline.events.contains { $0.selector == "setTextField:" || $0.selector == "setController:" })
        #expect(timeline.notes.contains { $0.contains("prototype cell view RowView rc1 (\"Row\")") && $0.contains("R-SB-7") })
        let unit = NibUnit(name: "List", graph: graph)
        #expect(unit.prototypeCells.map(\.id) == ["rc1"])
        #expect(!unit.objects.contains { $0.id == "tf1" } && unit.connections.count == graph.connections.count - 2)
    }
}
