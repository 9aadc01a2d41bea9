import Foundation
import NibTestSupport

/// The golden dumps of the compiled-nib fixtures (built by the encoders in NibTestSupport).
enum CompiledSnapshots {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/NibCompiledTests/__Snapshots__")
}
