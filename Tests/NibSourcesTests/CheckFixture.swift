import Foundation
import NibCheck
import NibParsing

@testable import NibSources

/// A throwaway project for `check` tests: source and project files written under one temporary
/// folder, scanned as `--sources`, and a document written among them and checked.
struct CheckFixture {
    let folder: URL

    /// Writes `files` (path relative to the folder → text), creating their folders.
    init(_ files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-check-fixture-\(UUID().uuidString)")
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The findings of `check` for `document`, written at `path`, against the folder's sources.
    func findings(document: String, at path: String) throws -> [CheckFinding] {
        try write(document, to: path)
        let index = try SourceScanner.scan([folder.path])
        let url = folder.appendingPathComponent(path)
        let graph = try NibDocumentParser.parse(contentsOf: url, displayName: url.path)
        return Checker(graphs: [graph], index: index).run().findings
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
