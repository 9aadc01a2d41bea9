import Foundation

/// What a finished build tells the user on stderr, and whether it failed: the one place that
/// decides both, so every front end (the CLI, tests, scripts) reports a build the same way.
extension SiteReport {
    /// The closing lines: what was written (or that the site was up to date), the seconds per
    /// step, every input that could not be read and every diagram that failed.
    public func summaryLines(output: String, timings showTimings: Bool) -> [String] {
        var lines: [String] = []
        if upToDate {
            lines.append("site: up to date, \(pages) pages (\(documentPages) documents), nothing written → \(output)")
        } else {
            lines.append(
                "site: \(pages) pages (\(documentPages) documents; \(pagesKept) unchanged, kept), diagrams rendered \(diagramsRendered), cached \(diagramsCached) → \(output)"
            )
        }
        lines.append("site: steps " + stepSeconds.map { "\($0.0) \(String(format: "%.1f", $0.1))s" }.joined(separator: ", "))
        if showTimings { lines.append(timings.table()) }
        lines += failures.map { "Error: \($0)" }
        lines += diagramFailures.map { "Error: diagram failed: \($0)" }
        return lines
    }

    /// Why the build fails, or nil. Unreadable inputs fail it only when `strict` (a project's
    /// Pods must not fail its site: their pages show the error); a diagram Graphviz could not
    /// draw always does (#11). `note` is what to say when unreadable inputs are let through.
    public func failure(strict: Bool) -> (failure: String?, note: String?) {
        var problems: [String] = []
        var note: String?
        if !failures.isEmpty {
            if strict {
                problems.append("\(failures.count) input(s) could not be read")
            } else {
                note = "site: \(failures.count) input(s) could not be read; their pages show the error (--strict makes this fail)"
            }
        }
        if !diagramFailures.isEmpty { problems.append("\(diagramFailures.count) diagram(s) failed to render") }
        return (problems.isEmpty ? nil : problems.joined(separator: ", ") + "; their pages show the error", note)
    }
}
