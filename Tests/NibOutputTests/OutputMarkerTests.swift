import Testing

@testable import NibOutput

/// The `.nibviz-output` marker: what a later run may delete is exactly what it lists.
@Suite("OutputMarker")
struct OutputMarkerTests {
    @Test func aMarkerReadsBackWhatItListsEvenNamesWithNewlinesAndPercents() {
        let marker = OutputMarker(kind: .output, version: "1.2.3", files: ["b/c.html", "a%0A.svg", "odd\nname.txt", "index.html"])
        #expect(OutputMarker(text: marker.text) == marker)
        #expect(marker.text.hasPrefix("nibviz output folder\n"))
        #expect(marker.text.contains("version: 1.2.3\n"))
    }

    @Test func aFileThatMerelyHasTheMarkersNameIsNotAMarker() {
        #expect(OutputMarker(text: "my notes\nfiles:\n") == nil)
        #expect(OutputMarker(text: "") == nil)
    }

    @Test func errnoBecomesWords() {
        #expect(OutputError("out/x.svg", .system(13)).description == "cannot write out/x.svg: permission denied")
        #expect(OutputError("out", .system(28)).description == "cannot write out: no space left on device")
    }
}
