import Foundation
import NibCheck
import NibModel
import NibScenario
import NibSimulation

/// The app's own sources in a site (`--sources`, a project file's `sources:`): one class table
/// from `SourceScanner` — the value `simulate --sources` and `check` use — drives every
/// document's simulation, and `check`'s findings (NibCheck's `Checker` over the same graphs)
/// are placed on the document they are located in.
extension SiteContent {
    /// What the sources gave the site.
    public struct SourcesRecord: Sendable {
        /// The source folders and files, as given.
        public var paths: [String]
        /// Classes in the derived table, and the files they came from.
        public var classCount: Int
        public var swiftFileCount: Int
        public var objcFileCount: Int
        /// Findings located in a source file rather than a document (identifiers used in code, R-CHK-7).
        public var codeFindings: [CheckFinding]
        /// Outlets, actions and custom classes resolved against the sources.
        public var statistics: Checker.Statistics
        /// Every finding, in `check`'s order.
        public var findings: [CheckFinding]

        /// Creates a record.
        public init(
            paths: [String], classCount: Int, swiftFileCount: Int, objcFileCount: Int, codeFindings: [CheckFinding],
            statistics: Checker.Statistics, findings: [CheckFinding]
        ) {
            self.paths = paths
            self.classCount = classCount
            self.swiftFileCount = swiftFileCount
            self.objcFileCount = objcFileCount
            self.codeFindings = codeFindings
            self.statistics = statistics
            self.findings = findings
        }
    }

    /// The simulation options of a document: the class table, and the project's OS version and
    /// idiom for documents of its platform (a document of the other platform keeps the defaults).
    public static func simulationOptions(
        for graph: NibGraph, classes: [String: ClassInfo]?, platform: ProjectFile.PlatformDefaults?
    ) -> SimulationOptions {
        var options = SimulationOptions(classTable: classes)
        if let platform, platform.platform.usesAppKit == graph.platform.usesAppKit {
            options.osVersion = platform.osVersion
            options.idiom = platform.idiom
        }
        return options
    }
}
