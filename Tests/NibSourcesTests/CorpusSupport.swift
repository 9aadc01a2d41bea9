import Foundation
import NibCheck
import NibModel
import NibParsing
import NibSources
import NibTestSupport

/// The ten projects of the source corpus, with their current (non-`rev-`) documents.
enum CorpusProjects {
    static let names = [
        "Automattic__pocket-casts-ios", "altstoreio__AltStore", "openfoodfacts__openfoodfacts-ios", "hackiftekhar__IQKeyboardManager",
        "ReactiveX__RxSwift", "coteditor__CotEditor", "iina__iina", "sequelpro__sequelpro", "bihicheng__wordpress-ios-old",
        "pokeb__asi-http-request",
    ]

    /// Where the corpus documents and re-created sources are, or why the tests skip.
    static func roots() -> (documents: URL, sources: URL)? {
        guard let corpus = TestPaths.corpus else {
            print("skipped: ../shared/corpus is absent")
            return nil
        }
        guard let sources = TestPaths.corpusSources else {
            print(
                "skipped: the source corpus is absent; re-create it with corpus/sources/rebuild.sh (see its README) into ../corpus-sources or set NIBVIZ_CORPUS_SOURCES"
            )
            return nil
        }
        return (corpus.appendingPathComponent("files"), sources)
    }

    /// The current XML documents of `project` (compiled nibs and `rev-` files left out).
    static func documentPaths(_ project: String, in documents: URL) throws -> [String] {
        let folder = documents.appendingPathComponent(project)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix("rev-") && ($0.hasSuffix(".xib") || $0.hasSuffix(".storyboard")) }
            .sorted().map { folder.appendingPathComponent($0).path }
    }

    static func graphs(_ paths: [String]) throws -> [NibGraph] {
        try paths.map { try NibDocumentParser.parse(contentsOf: URL(fileURLWithPath: $0), displayName: $0) }
    }
}
