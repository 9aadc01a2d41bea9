import Foundation
import NibModel

/// The forms `nibviz check` writes: compiler-style text, JSON, SARIF 2.1.0 and GitHub Actions
/// workflow commands.
public enum CheckOutput {
    /// Output formats.
    public enum Format: String, CaseIterable, Sendable {
        case text, json, sarif, github
    }

    /// The findings in `format`; deterministic (same findings, same bytes).
    public static func format(
        _ findings: [CheckFinding], as format: Format, toolVersion: String, workspace: String? = nil
    ) throws -> String {
        switch format {
        case .text: text(findings)
        case .json: try json(findings)
        case .sarif: try sarif(findings, toolVersion: toolVersion)
        case .github: github(findings, workspace: workspace)
        }
    }

    /// `file:line:col: error: message [R-CHK-1]`, then `source:line:col: note: declared here`.
    public static func text(_ findings: [CheckFinding]) -> String {
        var out = ""
        for finding in findings {
            out += "\(finding.location): \(finding.severity.rawValue): \(oneLine(finding.message)) [\(finding.rule)]\n"
            if let source = finding.sourceLocation {
                out += "\(source): note: \(finding.sourceNote ?? "declared here")\n"
            }
        }
        return out + summary(findings)
    }

    /// `n errors, n warnings, n notes`.
    static func summary(_ findings: [CheckFinding]) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let notes = findings.count - errors - warnings
        return
            "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(notes) note\(notes == 1 ? "" : "s")\n"
    }

    static func oneLine(_ text: String) -> String { text.split(whereSeparator: \.isNewline).joined(separator: " ") }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `{"findings": [...], "errors": n, "warnings": n, "notes": n}`.
    public static func json(_ findings: [CheckFinding]) throws -> String {
        struct Document: Encodable {
            let findings: [CheckFinding]
            let errors: Int
            let warnings: Int
            let notes: Int
        }
        let document = Document(
            findings: findings, errors: findings.filter { $0.severity == .error }.count,
            warnings: findings.filter { $0.severity == .warning }.count, notes: findings.filter { $0.severity == .note }.count)
        return String(decoding: try encoder().encode(document), as: UTF8.self) + "\n"
    }

    /// Reads the findings of a JSON report (`--baseline`).
    public static func findings(fromJSON data: Data) throws -> [CheckFinding] {
        struct Document: Decodable { let findings: [CheckFinding] }
        return try JSONDecoder().decode(Document.self, from: data).findings
    }

    /// The findings not in the JSON report at `path` (`--baseline`); an unreadable file or one
    /// that is not a report is an error naming it.
    public static func subtracting(baselineAt path: String, from findings: [CheckFinding]) throws -> [CheckFinding] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocatedError(at: FileLocation(file: path), "cannot read the baseline")
        }
        do {
            return subtracting(try CheckOutput.findings(fromJSON: data), from: findings)
        } catch {
            throw LocatedError(
                at: FileLocation(file: path), "not a nibviz check JSON report (\(error.localizedDescription))")
        }
    }

    /// The findings not in `baseline` (matched by fingerprint: file, kind, class, key, selector).
    public static func subtracting(_ baseline: [CheckFinding], from findings: [CheckFinding]) -> [CheckFinding] {
        let known = Set(baseline.map(\.fingerprint))
        return findings.filter { !known.contains($0.fingerprint) }
    }
}
