import Foundation
import NibParsing
import Testing

/// One answer to "what is this input", for every command.
@Suite struct InputClassifierTests {
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
}
