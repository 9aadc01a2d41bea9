import Foundation
import Testing

/// Golden-file snapshots: a missing golden is written and the test fails; a mismatch fails with
/// a line diff; `NIBVIZ_UPDATE_GOLDEN=1` rewrites goldens instead of comparing.
public enum Golden {
    /// Compares `actual` with the golden file at `path` (absolute).
    public static func check(_ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = URL(fileURLWithPath: path)
        let update = ProcessInfo.processInfo.environment["NIBVIZ_UPDATE_GOLDEN"] == "1"
        guard !update, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do { try actual.write(to: url, atomically: true, encoding: .utf8) } catch {
                Issue.record("cannot write golden \(path): \(error)", sourceLocation: sourceLocation)
                return
            }
            if !update {
                Issue.record(
                    "golden \(url.lastPathComponent) was missing and has been written; check it and rerun", sourceLocation: sourceLocation)
            }
            return
        }
        if expected != actual {
            Issue.record(
                "\(url.lastPathComponent) differs from its golden (NIBVIZ_UPDATE_GOLDEN=1 to accept):\n\(lineDiff(expected, actual))",
                sourceLocation: sourceLocation)
        }
    }

    /// A short line diff: the first differing lines with their numbers.
    public static func lineDiff(_ expected: String, _ actual: String, limit: Int = 20) -> String {
        let a = expected.components(separatedBy: "\n")
        let b = actual.components(separatedBy: "\n")
        var out: [String] = []
        for index in 0..<max(a.count, b.count) where out.count < limit * 2 {
            let left = index < a.count ? a[index] : "<missing>"
            let right = index < b.count ? b[index] : "<missing>"
            if left != right {
                out.append("  \(index + 1) - \(left)")
                out.append("  \(index + 1) + \(right)")
            }
        }
        return out.joined(separator: "\n")
    }
}
