import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

private let snapshots = TestPaths.packageRoot.appendingPathComponent("Tests/NibReviewTests/__Snapshots__")

@Suite struct PropertyDifferTests {
    private func xml(tools: String, frame: String, color: String, viewID: String, label: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="\(viewID)">
                        <rect key="frame" x="0.0" y="0.0" width="\(frame)" height="100"/>
                        <subviews>
                            <button userLabel="\(label)" id="\(viewID)-b">
                                <rect key="frame" x="1" y="2" width="3" height="4"/>
                            </button>
                        </subviews>
                        <color key="backgroundColor" white="\(color)" alpha="1" colorSpace="custom"/>
                        <constraints>
                            <constraint firstItem="\(viewID)-b" firstAttribute="top" secondItem="\(viewID)" secondAttribute="top" id="\(viewID)-c"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """.utf8)
    }

    private func graph(viewID: String, label: String) -> NibGraph {
        NibGraph(
            file: "x.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", platform: .ios,
            objects: [
                NibObject(id: "-1", element: "placeholder", className: "NSObject", placeholder: PlaceholderIdentifier.filesOwner),
                NibObject(id: ObjectID(viewID), element: "view", className: "UIView"),
                NibObject(id: ObjectID(viewID + "-b"), element: "button", className: "UIButton", parent: ObjectID(viewID), label: label),
            ])
    }

    @Test func colorsAndFramesAreRealChangesWithValuesAndOnlyTheToolsVersionIsCosmetic() {
        let diff = NibDiffer.diff(
            old: graph(viewID: "v1", label: "OK"), new: graph(viewID: "v1", label: "OK"),
            oldXML: xml(tools: "1", frame: "320", color: "1", viewID: "v1", label: "OK"),
            newXML: xml(tools: "2", frame: "375", color: "0.5", viewID: "v1", label: "OK"))
        #expect(diff.hasSemanticChanges)
        #expect(diff.cosmetic.map(\.field) == ["toolsVersion"])
        let real = diff.realProperties.map { "\($0.category.rawValue) \($0.name) \($0.field): \($0.old ?? "∅") → \($0.new ?? "∅")" }
        #expect(
            real == [
                "layout UIView rect[frame]: height=100 width=320 x=0.0 y=0.0 → height=100 width=375 x=0.0 y=0.0",
                "color UIView color[backgroundColor]: alpha=1 colorSpace=custom white=1 → alpha=1 colorSpace=custom white=0.5",
            ], "\(real)")
        #expect(DiffSummary.headline(diff) == "1 color, 1 layout changed; 1 cosmetic")
    }

    @Test func aConstraintConstantIsAChangeOfTheSameConstraint() throws {
        let old = xml(tools: "1", frame: "320", color: "1", viewID: "v1", label: "OK")
        let new = Data(
            String(decoding: old, as: UTF8.self).replacingOccurrences(
                of: "secondAttribute=\"top\"", with: "secondAttribute=\"top\" constant=\"55\""
            ).utf8)
        let diff = NibDiffer.diff(old: graph(viewID: "v1", label: "OK"), new: graph(viewID: "v1", label: "OK"), oldXML: old, newXML: new)
        #expect(diff.properties.count == 1)
        let change = try #require(diff.properties.first)
        #expect(change.category == .constraint)
        #expect(change.field == "constraint OK.top ~ self.top")
        #expect(change.old == "relation=equal")
        #expect(change.new == "constant=55 relation=equal")
    }

    @Test func regeneratedIDsInsideConstraintsAreNoChangeAtAll() {
        let diff = NibDiffer.diff(
            old: graph(viewID: "v1", label: "OK"), new: graph(viewID: "w9", label: "OK"),
            oldXML: xml(tools: "1", frame: "320", color: "1", viewID: "v1", label: "OK"),
            newXML: xml(tools: "1", frame: "320", color: "1", viewID: "w9", label: "OK"))
        #expect(diff.isEmpty, "\(diff.properties)")
    }

    @Test func aRenamedUserLabelIsCosmetic() {
        let diff = NibDiffer.diff(
            old: graph(viewID: "v1", label: "OK"), new: graph(viewID: "v1", label: "Done"),
            oldXML: xml(tools: "1", frame: "320", color: "1", viewID: "v1", label: "OK"),
            newXML: xml(tools: "1", frame: "320", color: "1", viewID: "v1", label: "Done"))
        #expect(!diff.hasSemanticChanges)
        #expect(diff.cosmetic.map(\.field) == ["userLabel"])
    }

    @Test func reorderedConstraintsAndSiblingElementsAreNoChange() throws {
        let text = try String(contentsOf: ReviewGitTests.fixture, encoding: .utf8)
        let first =
            #"<constraint firstItem="lbl-aa-001" firstAttribute="top" secondItem="saf-aa-001" "#
            + #"secondAttribute="top" constant="35" id="cst-aa-001"/>"#
        let second =
            #"<constraint firstItem="lbl-aa-001" firstAttribute="leading" secondItem="saf-aa-001" "#
            + #"secondAttribute="leading" constant="20" id="cst-aa-002"/>"#
        let swapped = text.replacingOccurrences(of: first, with: "SWAP").replacingOccurrences(of: second, with: first)
            .replacingOccurrences(of: "SWAP", with: second)
        #expect(swapped != text)
        let old = try NibDocumentParser.parse(data: Data(text.utf8), file: "a.storyboard")
        let new = try NibDocumentParser.parse(data: Data(swapped.utf8), file: "a.storyboard")
        let diff = NibDiffer.diff(old: old, new: new, oldXML: Data(text.utf8), newXML: Data(swapped.utf8))
        #expect(diff.isEmpty, "\(diff.properties)")
        #expect(Textconv.text(old, xml: Data(text.utf8)) == Textconv.text(new, xml: Data(swapped.utf8)))
    }

    @Test func textconvOfARealisticStoryboardIsOneLinePerFact() throws {
        let data = try Data(contentsOf: ReviewGitTests.fixture)
        let graph = try NibDocumentParser.parse(data: data, file: "review-base.storyboard")
        let text = Textconv.text(graph, xml: data)
        Golden.check(text, against: snapshots.appendingPathComponent("review-base-textconv.txt").path)
        // Cosmetic facts (tool version, canvas position, IB resources) stay out.
        #expect(!text.contains("toolsVersion") && !text.contains("canvasLocation") && !text.contains("systemColor[systemBackgroundColor]"))
    }
}
