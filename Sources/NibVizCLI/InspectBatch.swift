import ArgumentParser
import Foundation
import NibAppArchive
import NibInspect
import NibParsing
import NibScenario

/// `nibviz inspect DIR`: every IB document below a folder, one summary each plus totals.
///
/// A file that fails is reported in its line and does not stop the others; the command exits
/// 1 at the end when any failed. The progress bar goes to stderr, and only to a terminal.
struct InspectBatch {
    var folder: String
    var format: InspectFormat
    /// `--exclude` patterns; the folder's `.nibviz.yml` adds its own.
    var excludes: [String] = []

    func run() throws {
        let root = try AppArchivePath.url(for: folder)
        // The same files `site DIR` reads: one classifier, one exclusion, each skip reported.
        let exclusion = InputExclusion(excludes + ((try ProjectFile.read(in: root))?.exclude ?? []))
        let (kept, skipped) = exclusion.apply(InputClassifier.documents(under: root))
        for item in skipped { printError("inspect: skipped \(item.input.relativePath): excluded by \(item.pattern)") }
        let keptPaths = Set(kept.map(\.url.standardizedFileURL.path))
        let files = NibDocumentFinder.documents(in: root).filter { url in
            keptPaths.contains(url.standardizedFileURL.path) || keptPaths.contains(url.deletingLastPathComponent().standardizedFileURL.path)
        }
        let progress = ProgressBar(total: files.count)
        var summaries: [InspectSummary] = []
        for (index, url) in files.enumerated() {
            let name = displayName(url, under: root)
            progress.update(index, name)
            do {
                summaries.append(InspectSummary(graph: try NibDocumentParser.parse(contentsOf: url, displayName: name)))
            } catch let error as LocatedError {
                summaries.append(InspectSummary(file: name, error: error))
            }
        }
        progress.finish()
        let text: String
        if format == .json {
            text = InspectJSON.encodeSummaries(summaries)
        } else {
            text = (summaries.map(\.line) + [InspectSummary.totalsLine(summaries)]).joined(separator: "\n") + "\n"
        }
        try writeOutput(Array(text.utf8), to: nil)
        let failed = summaries.filter { $0.error != nil }.count
        if failed > 0 { throw CommandFailure("\(folder): \(failed) of \(files.count) files could not be read") }
    }

    /// The path as the user would type it: the folder argument, then the path below it.
    private func displayName(_ url: URL, under root: URL) -> String {
        let base = root.standardizedFileURL.path
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(base) else { return full }
        let relative = full.dropFirst(base.count).drop { $0 == "/" }
        let prefix = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return prefix.isEmpty ? String(relative) : "\(prefix)/\(relative)"
    }
}

/// `[#####     ] 12/539 name` on stderr, redrawn in place; silent when stderr is not a terminal.
struct ProgressBar {
    let total: Int
    let enabled = isatty(STDERR_FILENO) != 0

    func update(_ done: Int, _ name: String) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let short = name.count > 40 ? "…" + name.suffix(39) : name
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total) \(short)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
