import Foundation
import NibCompiled
import NibParsing

/// Parses every IB document of the corpus into `NibGraph`s and compares the throughput with
/// `xmllint --noout` (libxml2 well-formedness only, no model) over the same files.
///
/// Our figure is in-process over bytes already in memory (best of five runs); xmllint's is one
/// process over all files (best of five), so it also pays for reading them: the ratio is a
/// fair upper bound on how far the model building costs us.
func runParseBenchmark(nibviz: URL, corpus: URL) -> String {
    var report = ["## Parse: IB documents → NibGraph", ""]
    let candidates = NibDocumentFinder.documents(in: corpus)
    var inputs: [(url: URL, data: Data)] = []
    for url in candidates {
        // Compiled nibs are not XML: CompiledParseBenchmark measures them.
        guard let data = try? Data(contentsOf: url), CompiledNibParser.container(data) == nil else { continue }
        // Files the parser rejects (empty) are not in either measurement.
        if (try? NibDocumentParser.parse(data: data, file: url.lastPathComponent)) != nil { inputs.append((url, data)) }
    }
    guard !inputs.isEmpty else { return (report + ["(no documents under \(corpus.path))"]).joined(separator: "\n") }
    let bytes = inputs.reduce(0) { $0 + $1.data.count }
    let megabytes = Double(bytes) / 1_000_000
    var objects = 0
    let ours =
        (0..<5).map { _ in
            measure {
                objects = 0
                for input in inputs {
                    objects += (try? NibDocumentParser.parse(data: input.data, file: input.url.lastPathComponent))?.objects.count ?? 0
                }
            }
        }.min() ?? .nan
    let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    var theirs = Double.nan
    var theirPeak = 0
    if let xmllint {
        let runs = (0..<5).map { _ in runMeasured(xmllint, ["--noout"] + inputs.map(\.url.path)) }
        theirs = runs.map(\.seconds).min() ?? .nan
        theirPeak = runs.map(\.peakBytes).max() ?? 0
    }
    let ratio = theirs / ours
    // The same as a user runs it: one process reading every file (compiled nibs in the folder too).
    let inspect = (0..<3).map { _ in runMeasured(nibviz.path, ["inspect", corpus.path]) }
    let inspectSeconds = inspect.map(\.seconds).min() ?? .nan
    report += [
        "\(inputs.count) files, \(format(megabytes)) MB, \(objects) objects (best of 5 runs)", "",
        "| parser | seconds | MB/s | vs xmllint | peak RSS |", "|---|---|---|---|---|",
        "| nibviz (libxml2 SAX2 → NibGraph, in-process) | \(format(ours)) | \(format(megabytes / ours)) | \(format(ratio))× | \(mebibytes(peakResidentBytes())) (whole bench so far) |",
        "| `nibviz inspect DIR` (one process: find, read, parse, summarise) | \(format(inspectSeconds)) | \(format(megabytes / inspectSeconds)) | \(format(theirs / inspectSeconds))× | \(mebibytes(inspect.map(\.peakBytes).max() ?? 0)) |",
        "| xmllint --noout (libxml2, no model, one process) | \(format(theirs)) | \(format(megabytes / theirs)) | 1.00× | \(mebibytes(theirPeak)) |",
        "", "Parse vs `xmllint --noout`: \(format(ratio, against: 0.5))× (target ≥ 0.50×: \(ratio >= 0.5 ? "met" : "NOT met")).",
    ]
    if xmllint == nil { report += ["", "(`xmllint` not installed: no baseline; apt-get install libxml2-utils)"] }
    return report.joined(separator: "\n")
}
