import Foundation
import NibSources
import NibTestSupport

/// The fixtures of this suite (Swift and Objective-C files written for these tests).
enum Fixtures {
    static let root = TestPaths.packageRoot.appendingPathComponent("Tests/NibSourcesTests/__Fixtures__")
    static let app = root.appendingPathComponent("App")

    /// The index of the whole fixture app.
    static func appIndex() throws -> SourceIndex { try SourceScanner.scan([app.path]) }

    /// Declarations of one fixture text.
    static func read(_ text: String, path: String = "Fixture.swift", module: String = "App") -> SourceFileDeclarations {
        SourceScanner.declarations(text, path: path, module: module)
    }
}
