import Foundation
import NibRules

/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for code-scanning services:
/// one run, the R-CHK rules as the driver's rules, one result per finding with its document
/// location and, when known, the source declaration as a related location.
extension CheckOutput {
    struct SARIFLog: Encodable {
        let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        let tool: Tool
        let results: [Result]
        let columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { let driver: Driver }

    struct Driver: Encodable {
        let name = "nibviz"
        let version: String
        let informationUri = "https://github.com/nibviz/nibviz"
        let rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
    }

    struct Message: Encodable { let text: String }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let relatedLocations: [Location]?
        let partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        let id: Int?
        let physicalLocation: PhysicalLocation
        let message: Message?
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }

    struct ArtifactLocation: Encodable { let uri: String }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int?
    }

    /// The SARIF log of `findings`.
    public static func sarif(_ findings: [CheckFinding], toolVersion: String) throws -> String {
        let rules = Rule.sourceChecks.filter { $0.id.hasPrefix("R-CHK-") }
        let descriptors = rules.map { rule in
            ReportingDescriptor(
                id: rule.id, name: rule.id.replacingOccurrences(of: "-", with: ""), shortDescription: Message(text: rule.summary))
        }
        let results = findings.map { finding in
            Result(
                ruleId: finding.rule, ruleIndex: rules.firstIndex { $0.id == finding.rule } ?? 0, level: finding.severity.rawValue,
                message: Message(text: finding.message),
                locations: [Location(id: nil, physicalLocation: physical(finding.file, finding.line, finding.column), message: nil)],
                relatedLocations: finding.sourceLocation.map { source in
                    [
                        Location(
                            id: 1, physicalLocation: physical(source.file, source.line, source.column),
                            message: Message(text: finding.sourceNote ?? "declared here"))
                    ]
                },
                partialFingerprints: ["nibvizFinding/v1": finding.fingerprint.replacingOccurrences(of: "\u{1F}", with: "|")])
        }
        let log = SARIFLog(runs: [Run(tool: Tool(driver: Driver(version: toolVersion, rules: descriptors)), results: results)])
        return String(decoding: try encoder().encode(log), as: UTF8.self) + "\n"
    }

    static func physical(_ file: String, _ line: Int, _ column: Int) -> PhysicalLocation {
        PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: uri(file)),
            region: line > 0 ? Region(startLine: line, startColumn: column > 0 ? column : nil) : nil)
    }

    /// A relative URI reference for a path: each segment percent-encoded (RFC 3986 pchar).
    static func uri(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@")
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
        }
        let joined = segments.joined(separator: "/")
        return path.hasPrefix("/") ? "file://" + joined : joined
    }
}
