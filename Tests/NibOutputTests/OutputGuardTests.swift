import Foundation
import Testing

@testable import NibOutput

/// The refusals no flag overrides, on paths built in a scratch folder.
@Suite("OutputGuard")
struct OutputGuardTests {
    let root: String

    init() throws {
        let base = OutputPath.canonical(FileManager.default.temporaryDirectory.path)
        root = base + "/nibviz-guard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/repo/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/repo/ui", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link-to-repo", withDestinationPath: root + "/repo")
    }

    func reason(_ target: String, inputs: [String] = [], cwd: String? = nil) -> String? {
        OutputGuard.reason(
            OutputPath.canonical(target, base: cwd ?? root), inputs: inputs, environment: ["HOME": root + "/home"],
            currentDirectory: cwd ?? root)
    }

    @Test func refusesTheRootTheHomeFolderAndItsAncestors() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(reason("/") == "it is the root folder")
        #expect(reason("home") == "it is your home folder")
        #expect(reason(".")?.hasPrefix("it holds your home folder") == true)
        #expect(reason("home/site") == nil)
    }

    @Test func refusesAGitWorkTreeItsDotGitAndTheirAncestorsEvenThroughASymlink() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repo = root + "/repo"
        #expect(reason(".", cwd: repo) == "it is the root of a git work tree")
        #expect(reason("../../link-to-repo", cwd: repo + "/ui") == "it is the root of a git work tree")
        #expect(reason(".git/out", cwd: repo) == "it is inside a git repository's .git folder")
        #expect(reason("..", cwd: repo + "/ui") == "it is the root of a git work tree")
        #expect(reason("ui/site", cwd: repo) == nil)
    }

    @Test func refusesAnInputAndAnyFolderAboveOne() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let input = root + "/repo/ui/View.xib"
        #expect(reason(input, inputs: [input]) == "it is the input \(input)")
        #expect(reason(root + "/repo/ui", inputs: [input]) == "it holds the input \(input)")
        #expect(reason(root + "/repo/ui/out", inputs: [input]) == nil)
    }

    @Test func tildeIsAnOrdinaryName() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(OutputPath.canonical("~", base: root) == root + "/~")
        #expect(OutputPath.canonical("~/x", base: root) == root + "/~/x")
        #expect(reason("~") == nil)
    }
}
