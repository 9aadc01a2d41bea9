import Foundation

/// Full corpus site build (cold cache) vs a no-change rebuild (warm cache): time, pages/s and the
/// rebuild as a fraction of the full build.
func runSiteBenchmark(nibviz: URL, corpus: URL) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-site-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("public")
    let cache = directory.appendingPathComponent("cache")
    func build() -> ChildRun { runMeasured(nibviz.path, ["site", corpus.path, "-o", output.path, "--cache", cache.path]) }
    let full = build()
    let pages = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
    let documentPages = pages.filter { $0.hasPrefix("documents/") && $0 != "documents/index.html" }.count
    let again = build()
    let format = { (value: Double) in String(format: "%.2f", value) }
    return [
        "## Site: the corpus as a documentation site", "",
        "| build | seconds | pages | pages/s | exit | peak RSS (nibviz site) |", "|---|---|---|---|---|---|",
        "| full (cold cache) | \(format(full.seconds)) | \(pages.count) (\(documentPages) documents) | \(format(Double(pages.count) / full.seconds)) | \(full.status) | \(mebibytes(full.peakBytes)) |",
        "| no-change rebuild (warm cache) | \(format(again.seconds)) | \(pages.count) | \(format(Double(pages.count) / again.seconds)) | \(again.status) | \(mebibytes(again.peakBytes)) |",
        "",
        "No-change rebuild: \(format(100 * again.seconds / full.seconds)) % of the full build (diagrams come from the content-hash cache).",
    ].joined(separator: "\n")
}
