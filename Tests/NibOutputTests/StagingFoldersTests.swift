import Foundation
import Testing

@testable import NibOutput

/// Folders are made inside a staging folder, never the staging folder itself: one removed under
/// a writer still running (Ctrl-C, `InterruptCleanup`) must not come back without its marker,
/// where no later run would remove it.
@Suite struct StagingFoldersTests {
    @Test func foldersAreMadeInsideTheRootButNeverTheRootItself() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("staging-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent(".site.nibviz-tmp-1").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try POSIXFile.makeFolders(root + "/documents/project", inside: root, shownAs: "site/documents/project")
        #expect(POSIXFile.kind(root + "/documents/project") == .directory)
        try FileManager.default.removeItem(atPath: root)
        #expect(throws: OutputError.self) {
            try POSIXFile.makeFolders(root + "/scenes/Main", inside: root, shownAs: "site/scenes/Main")
        }
        #expect(POSIXFile.kind(root) == .missing)
        // A path that is not inside the root is refused too, a sibling sharing its name's start included.
        #expect(throws: OutputError.self) { try POSIXFile.makeFolders(root + "0/pages", inside: root, shownAs: "pages") }
        #expect(POSIXFile.kind(root + "0") == .missing)
        #expect(throws: OutputError.self) { try POSIXFile.makeFolders(parent.path + "/elsewhere", inside: root, shownAs: "elsewhere") }
    }
}
