import Foundation
import NibOutput
import Testing

@testable import NibParsing

/// The folder walk every input search uses lists what `FileManager.enumerator(atPath:)` lists:
/// links listed but never followed into, each folder's entries in byte order, and only the
/// folders the caller asks for gone into.
@Suite struct FolderWalkTests {
    static func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-walk-\(UUID().uuidString)")
        let outside = root.appendingPathComponent("outside")
        let project = root.appendingPathComponent("project")
        for path in [
            "project/B/z.swift", "project/B/a.xib", "project/a.txt", "project/.git/HEAD", "project/Pods/X/Y.xib", "outside/In.xib",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: project.appendingPathComponent("file.xib"), withDestinationURL: outside.appendingPathComponent("In.xib"))
        return project
    }

    @Test func itListsWhatTheEnumeratorListsInByteOrder() throws {
        let project = try Self.tree()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        var walked: [String] = []
        FolderWalk.walk(project.path) { path, _, _ in
            walked.append(path)
            return true
        }
        #expect(
            walked == [
                ".git", ".git/HEAD", "B", "B/a.xib", "B/z.swift", "Pods", "Pods/X", "Pods/X/Y.xib", "a.txt", "file.xib", "linked",
            ])
        let enumerated = (FileManager.default.enumerator(atPath: project.path)?.allObjects as? [String]) ?? []
        #expect(Set(walked) == Set(enumerated), "the walk and Foundation's enumerator list different entries")
    }

    /// Within `sharing`, each folder is read once: a second walk (of the same root or a folder
    /// under it) lists what the first read, a file added between them included in neither;
    /// outside, every walk reads the disk.
    @Test func walksWithinSharingReadEachFolderOnce() throws {
        let project = try Self.tree()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        func walked(_ root: URL) -> [String] {
            var paths: [String] = []
            FolderWalk.walk(root.path) { path, _, _ in
                paths.append(path)
                return true
            }
            return paths
        }
        let listings = FolderListings()
        let (first, second, nested) = try FolderWalk.sharing(listings) {
            let first = walked(project)
            try Data("x".utf8).write(to: project.appendingPathComponent("B/new.swift"))
            return (first, walked(project), walked(project.appendingPathComponent("B")))
        }
        #expect(first == second && !second.contains("B/new.swift"), "the listings the first walk read")
        #expect(nested == ["a.xib", "z.swift"])
        #expect(FolderWalk.sharing(listings) { walked(project) } == first, "the same listings shared again")
        #expect(walked(project).contains("B/new.swift"), "outside sharing, the disk as it is")
        #expect(FolderWalk.sharing { walked(project) }.contains("B/new.swift"), "new listings read afresh")
    }

    @Test func itGoesOnlyIntoTheFoldersAskedForAndTellsLinksApart() throws {
        let project = try Self.tree()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        var seen: [String: POSIXFile.Kind] = [:]
        FolderWalk.walk(project.path) { path, name, type in
            seen[path] = type
            return name != "Pods" && !name.hasPrefix(".")
        }
        #expect(seen["Pods"] == .directory && seen["Pods/X"] == nil && seen[".git/HEAD"] == nil)
        #expect(seen["linked"] == .symlink && seen["file.xib"] == .symlink && seen["B/a.xib"] == .regular)
        // Regular files, a link to a file counted as one (not the linked folder's contents).
        #expect(FolderWalk.files(under: project.path) == [".git/HEAD", "B/a.xib", "B/z.swift", "Pods/X/Y.xib", "a.txt", "file.xib"])
        // Not a folder: nothing.
        var count = 0
        FolderWalk.walk(project.appendingPathComponent("a.txt").path) { _, _, _ in
            count += 1
            return true
        }
        #expect(count == 0 && FolderWalk.files(under: project.appendingPathComponent("missing").path).isEmpty)
    }

    @Test func theInputsOfAFolderAreFoundWithoutFollowingALinkedFolder() throws {
        let project = try Self.tree()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let found = InputClassifier.inputs(under: project).map(\.relativePath)
        #expect(found == ["B/a.xib", "Pods/X/Y.xib", "file.xib"])
    }

    /// A folder nibviz wrote (its output marker) is listed but not gone into, and a folder merely
    /// named like a document is a folder whose inputs are found.
    @Test func aSiteWrittenInsideTheProjectAndAFolderNamedLikeADocumentAreNoInputs() throws {
        let project = try Self.tree()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        for path in ["site/.nibviz-output", "site/documents/Main.storyboard/scene.html", "Odd.xib/Inner.storyboard"] {
            let url = project.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        var walked: [String] = []
        FolderWalk.walk(project.path) { path, _, _ in
            walked.append(path)
            return true
        }
        #expect(walked.contains("site") && !walked.contains { $0.hasPrefix("site/") }, "\(walked)")
        #expect(!FolderWalk.files(under: project.path).contains { $0.hasPrefix("site/") })
        let found = InputClassifier.inputs(under: project).map(\.relativePath)
        #expect(found == ["B/a.xib", "Odd.xib/Inner.storyboard", "Pods/X/Y.xib", "file.xib"])
    }

    /// The classifier reads a name's extension without `NSString` (every file of a walk is asked):
    /// the same answer as `NSString.pathExtension`.
    @Test func aNamesExtensionIsNSStringsPathExtension() {
        let names = [
            ".xib", "a.", "a.b.c", "a..xib", "x.XIB", "..", ".", "a.xib.", "é.storyboard", "Main.storyboard~", "plain", "..xib",
            "Old.designable.nib", "Café.Storyboard", "a b.yaml",
        ]
        for name in names {
            #expect(String(InputClassifier.extensionOf(name)) == (name as NSString).pathExtension, "\(name)")
        }
    }
}
