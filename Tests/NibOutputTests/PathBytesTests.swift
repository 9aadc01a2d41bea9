import Foundation
import Testing

@testable import NibOutput

/// Paths are bytes to the kernel: a `/` is a separator even when a combining mark follows it,
/// which Swift's `Character` view merges into one grapheme (`"/\u{301}"` is not `"/"`). Every
/// path check must split, compare and search bytes, or a name starting with a combining mark
/// hides the separator before it.
@Suite("Path bytes")
struct PathBytesTests {
    static let mark = "\u{301}"

    @Test func aRelativePathThatClimbsBehindACombiningMarkIsRefused() {
        #expect(OutputPath.checkedRelative("../\(Self.mark)victim") == nil)
        #expect(OutputPath.checkedRelative("a/../\(Self.mark)b") == nil)
        #expect(OutputPath.checkedRelative("a/\(Self.mark)b") == "a/\(Self.mark)b")
        #expect(OutputPath.checkedRelative("..\(Self.mark)/x") == "..\(Self.mark)/x", "a name that merely starts with .. is a name")
    }

    @Test func folderArithmeticSeesTheSlashBeforeACombiningMark() {
        #expect(OutputPath.parent(of: "/a/\(Self.mark)b") == "/a")
        #expect(OutputPath.name(of: "/a/\(Self.mark)b") == "\(Self.mark)b")
        #expect(OutputPath.absolute("x/../\(Self.mark)y", base: "/base") == "/base/\(Self.mark)y")
        #expect(OutputPath.contains("/out", "/out/\(Self.mark)input"))
        // Canonically equivalent is not the same file on Linux: é (one scalar) and e + ◌́.
        #expect(!OutputPath.contains("/caf\u{E9}", "/cafe\u{301}"))
        #expect(!OutputPath.contains("/caf\u{E9}", "/cafe\u{301}/x"))
    }

    @Test func aPathInsideDotGitBehindACombiningMarkIsRefused() {
        let reason = OutputGuard.reason(
            "/somewhere/.git/\(Self.mark)out", inputs: [], environment: ["HOME": "/nonexistent-home"], currentDirectory: "/")
        #expect(reason == "it is inside a git repository's .git folder")
    }

    /// A marker (nibviz's own file, but anyone can write one) listing a path that climbs out
    /// behind a combining mark must not make nibviz delete a file outside the folder.
    @Test func aMarkerListingAClimbingPathDeletesNothingOutside() throws {
        let root = OutputPath.canonical(FileManager.default.temporaryDirectory.path) + "/nibviz-bytes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let victim = root + "/\(Self.mark)victim"
        try Data("not nibviz's".utf8).write(to: URL(fileURLWithPath: victim))
        try Data("page".utf8).write(to: URL(fileURLWithPath: root + "/out/page.html"))
        let marker = OutputMarker(kind: .output, version: "test", files: ["page.html", "../\(Self.mark)victim"])
        OutputFolder.removeOwned(root + "/out", marker)
        #expect(FileManager.default.fileExists(atPath: victim), "a file outside the folder was deleted")
        #expect(!FileManager.default.fileExists(atPath: root + "/out/page.html"))
    }
}
