import Foundation
import NibParsing
import NibTestSupport

/// The hand-written IB documents in `__Fixtures__` (never corpus copies).
enum Fixtures {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__")
    static let snapshots = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Snapshots__")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Parses a fixture, naming it by its file name so dumps do not depend on the checkout path.
    static func graph(_ name: String) throws -> NibGraph {
        try NibDocumentParser.parse(contentsOf: url(name), displayName: name)
    }
}
