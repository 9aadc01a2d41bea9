import Foundation

/// Where things are, for tests: the package root, the corpus, the built binary.
public enum TestPaths {
    /// The package root, found from this file's path.
    public static let packageRoot: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// `../shared/corpus` beside the project, or nil when absent (tests then skip with a message).
    /// Also found two levels up (worktrees live in `wt/<name>`) or at `$NIBVIZ_CORPUS`.
    public static var corpus: URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NIBVIZ_CORPUS"] { candidates.append(URL(fileURLWithPath: path)) }
        var folder = packageRoot
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("shared/corpus"))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    }

    /// The re-created source corpus (`corpus/sources/rebuild.sh OUT`): `$NIBVIZ_CORPUS_SOURCES`,
    /// a `corpus-sources` folder beside the project (or two levels up), or the corpus's own
    /// `sources` folder when rebuilt in place; nil when none holds a project folder.
    public static var corpusSources: URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NIBVIZ_CORPUS_SOURCES"] { candidates.append(URL(fileURLWithPath: path)) }
        var folder = packageRoot
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("corpus-sources"))
        }
        if let corpus { candidates.append(corpus.appendingPathComponent("sources")) }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("altstoreio__AltStore").path)
                || FileManager.default.fileExists(atPath: $0.appendingPathComponent("pokeb__asi-http-request").path)
        }
    }

    /// The SPEC beside the project, or nil when absent.
    public static var spec: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/SPEC.md")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The built `nibviz` binary (`make test` builds it before running tests).
    public static var nibviz: URL {
        for config in ["debug", "release"] {
            let url = packageRoot.appendingPathComponent(".build/\(config)/nibviz")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/nibviz")
    }
}
