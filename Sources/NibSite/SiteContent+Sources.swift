import Foundation
import NibCheck
import NibModel
import NibScenario
import NibSimulation
import Synchronization

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
        for graph: NibGraph, classes: [String: ClassInfo]?, overriddenBy overrides: [String: ClassInfo?] = [:],
        platform: ProjectFile.PlatformDefaults?
    ) -> SimulationOptions {
        var options = SimulationOptions(
            classTable: classes.map { SimulationOptions.classTable($0, overriddenBy: overrides, seenBy: graph) })
        if let platform, platform.platform.usesAppKit == graph.platform.usesAppKit {
            options.osVersion = platform.osVersion
            options.idiom = platform.idiom
        }
        return options
    }

    /// A digest of what a document's runs read of the app's classes (`options`' class table
    /// slice and the classes the runtime will not find); "" without either. With the
    /// document's bytes it decides whether its simulations can change, so an edit to the
    /// sources that leaves the slice as it was keeps the document's pages. `base` is the table
    /// the slice was cut from (`SourceIndex.overrides(for:)` changes only the entries of
    /// `graph`'s custom classes): the digests of its other entries are computed once per build.
    public static func classesDigest(_ options: SimulationOptions, of graph: NibGraph, base: ClassEntryDigests? = nil) -> String {
        guard options.classTable != nil || !options.classesNotFound.isEmpty else { return "" }
        let table = options.classTable.map { slice in
            let custom = Set(graph.objects.compactMap(\.customClass))
            return slice.sorted { $0.key < $1.key }.map { name, info in
                let entry = custom.contains(name) ? nil : base?.digest(of: name)
                return name + "\u{0}" + (entry ?? ClassEntryDigests.digest(of: info))
            }.joined(separator: "\u{1}")
        }
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

/// The digests of a class table's entries as a document's class table slice holds them
/// (`SimulationOptions.classTable(_:seenBy:)` drops `source`), each worked out once and shared
/// by every document of a build: each slice holds every framework class, and their JSON made
/// again for each document was 0.4 s of a 1.4 s rebuild of the corpus with its sources.
public final class ClassEntryDigests: Sendable {
    private let table: [String: ClassInfo]
    private let digests = Mutex<[String: String]>([:])

    /// Digests of `table`'s entries, worked out as they are asked for.
    public init(table: [String: ClassInfo]) { self.table = table }

    /// The digest of the entry `name`, nil when the table has none.
    func digest(of name: String) -> String? {
        if let known = digests.withLock({ $0[name] }) { return known }
        guard let info = table[name] else { return nil }
        let digest = Self.digest(of: info)
        digests.withLock { $0[name] = digest }
        return digest
    }

    /// The digest of `info` as a slice holds it (without its `source`).
    static func digest(of info: ClassInfo) -> String {
        var info = info
        info.source = nil
        return StableHash.hex([SiteContent.digestText(info)])
    }
}
