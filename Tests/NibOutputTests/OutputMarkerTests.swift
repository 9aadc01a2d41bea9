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

    /// nibviz writes only inside its folder, so a listed name that leaves it (absolute, `..`,
    /// `..` behind a combining mark, an empty component) is not one of its files.
    @Test func namesOutsideTheFolderAreNotReadAsListed() {
        let text = "nibviz output folder\nkind: output\nversion: 1\nfiles:\nindex.html\n../x\n/etc/x\n../\u{301}x\na//b\nd/e.html\n"
        #expect(OutputMarker(text: text)?.files == ["d/e.html", "index.html"])
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
