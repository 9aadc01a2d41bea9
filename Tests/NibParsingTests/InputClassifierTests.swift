import Foundation
import NibParsing
import Testing

/// One answer to "what is this input", for every command.
@Suite struct InputClassifierTests {
    /// Paths in a git revision name nothing on disk: the input they belong to is decided by name.
    @Test func aRepositoryPathBelongsToTheInputItIsPartOf() {
        let cases: [(String, String?)] = [
            ("App/View.xib", "App/View.xib document"), ("Build/Main.storyboardc/Nav.nib", "Build/Main.storyboardc compiledNib"),
            ("Build/Main.storyboardc/Info.plist", "Build/Main.storyboardc compiledNib"),
            ("Build/Prefs.nib/keyedobjects-101300.nib", "Build/Prefs.nib compiledNib"),
            ("Old.nib/designable.nib", "Old.nib/designable.nib document"), ("Status.nib", "Status.nib compiledNib"),
            ("Demo.ipa", "Demo.ipa appArchive"), ("README.md", nil), ("Build/Prefs.nib/Info.plist", "Build/Prefs.nib compiledNib"),
        ]
        for (path, expected) in cases {
            #expect(InputClassifier.input(containing: path).map { "\($0.path) \($0.kind.rawValue)" } == expected, "\(path)")
        }
    }

    @Test func everyKindOfInputIsRecognisedAndBundlesAreOneInput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-classifier-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "a/View.xib", "b/Main.storyboard", "Old.nib/designable.nib", "Old.nib/keyedobjects.nib", "Compiled.nib/keyedobjects.nib",
            "Status.nib", "Main.storyboardc/Info.plist", "Main.storyboardc/BYZ-38-t0r-view-8bC-Xf-vdC.nib", "run.yaml", "graph.dot",
            "notes.txt", ".hidden/X.xib", "Legacy.designable.nib",
        ]
        for path in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<document/>".utf8).write(to: url)
        }
        let found = InputClassifier.inputs(under: root).map { "\($0.relativePath) \($0.kind.rawValue)" }
        #expect(
            found == [
                "Compiled.nib compiledNib", "Legacy.designable.nib document", "Main.storyboardc compiledNib", "Old.nib document",
                "Status.nib compiledNib", "a/View.xib document", "b/Main.storyboard document", "graph.dot dot", "run.yaml scenario",
            ])
        // Folder commands (site, inspect, render-corpus) read the same documents.
        #expect(
            InputClassifier.documents(under: root).map(\.relativePath) == [
                "Compiled.nib", "Legacy.designable.nib", "Main.storyboardc", "Old.nib", "Status.nib", "a/View.xib", "b/Main.storyboard",
            ])
        #expect(InputClassifier.kind(of: root.appendingPathComponent("notes.txt")) == nil)
        #expect(InputClassifier.kind(of: root.appendingPathComponent("Old.nib")) == .document)
    }

    /// #13, #16: what `site DIR` and `inspect DIR` read and skip, with the reason: excluded
    /// inputs are skipped; `.ipa` archives inside the folder are inputs (`DocumentLoader` opens them).
    @Test func folderInputsSayWhatTheySkipAndWhy() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-skips-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["a/View.xib", "Builds/Demo.ipa", "Pods/Old.ipa", "Pods/P.xib"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let inputs = InputClassifier.inputs(under: root, exclusion: InputExclusion(["Pods"]))
        #expect(inputs.kept.map(\.relativePath) == ["Builds/Demo.ipa", "a/View.xib"])
        #expect(inputs.kept.map(\.kind) == [.appArchive, .document])
        #expect(
            inputs.skipped.map { "\($0.input.relativePath): \($0.reason)" } == [
                "Pods/Old.ipa: excluded by Pods", "Pods/P.xib: excluded by Pods",
            ])
    }
}
