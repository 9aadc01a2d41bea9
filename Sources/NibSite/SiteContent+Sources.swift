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

    /// The simulation options of a document: the entries of the class table its runs can look
    /// up (`SimulationOptions.classTable(_:seenBy:)`), and the project's OS version and idiom for
    /// documents of its platform (a document of the other platform keeps the defaults).
    public static func simulationOptions(
        for graph: NibGraph, classes: [String: ClassInfo]?, platform: ProjectFile.PlatformDefaults?
    ) -> SimulationOptions {
        var options = SimulationOptions(classTable: classes.map { SimulationOptions.classTable($0, seenBy: graph) })
        if let platform, platform.platform.usesAppKit == graph.platform.usesAppKit {
            options.osVersion = platform.osVersion
            options.idiom = platform.idiom
        }
        return options
    }

    /// A digest of what a document's runs read of the app's classes (`options`' class table
    /// slice and the classes the runtime will not find); "" without either. With the
    /// document's bytes it decides whether its simulations can change, so an edit to the
    /// sources that leaves the slice as it was keeps the document's pages.
    public static func classesDigest(_ options: SimulationOptions) -> String {
        guard options.classTable != nil || !options.classesNotFound.isEmpty else { return "" }
        let table = options.classTable.map { digestText($0) }
        // `classesNotFound` in a fixed order (its inner keys are no strings: JSON would not sort them).
        let notFound = options.classesNotFound.sorted { $0.key < $1.key }.map { file, objects in
            ([file] + objects.sorted { $0.key < $1.key }.map { $0.key.rawValue + "\u{0}" + $0.value }).joined(separator: "\u{1}")
        }
        return StableHash.hex([table ?? "no table"] + notFound)
    }

    /// A value as text to digest: its JSON with sorted keys (every field, in a fixed order), or
    /// its description should it not encode.
    static func digestText(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
