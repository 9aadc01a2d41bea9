import Foundation
import NibTestSupport
import Testing

/// A throw-away folder for end-to-end output tests, with the helpers they share.
struct OutputScratch {
    let root: URL
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/NibDiagramsTests/__Fixtures__")
    static let siteRoot = TestPaths.packageRoot.appendingPathComponent("site").path

    init(_ name: String) throws {
        root = URL(fileURLWithPath: OutputScratch.realTemporaryDirectory).appendingPathComponent("nibviz-out-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// The temporary folder with symlinks resolved (paths in messages are canonical).
    static var realTemporaryDirectory: String {
        let path = FileManager.default.temporaryDirectory.path
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes a text file (creating folders).
    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Copies one of the project's own small fixtures (never a corpus file) into the scratch folder.
    func copyFixture(_ name: String, to relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: url)
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: path(relative), encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Every entry below `relative` (recursive, sorted), to show nothing changed.
    func listing(_ relative: String = "") -> [String] {
        let base = relative.isEmpty ? root.path : path(relative)
        return ((FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []).sorted()
    }

    /// `git init` here.
    func gitInit() throws {
        let result = try runCommand(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], currentDirectory: root)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Runs `nibviz site … --site-root <project site>` in this folder.
    func site(_ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
        try runNibviz(["site", "--site-root", Self.siteRoot] + arguments, currentDirectory: root, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
