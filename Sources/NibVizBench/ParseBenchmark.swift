import Foundation
import NibCompiled
import NibParsing

/// Parses every IB document of the corpus into `NibGraph`s and compares the throughput with
/// `xmllint --noout` (libxml2 well-formedness only, no model) over the same files.
///
/// Our figure is in-process over bytes already in memory; xmllint's is one process over all
/// files, so it also pays for reading them: the ratio is a fair upper bound on how far the model
/// building costs us. Five rounds, each one run of ours then one of xmllint's; the verdict is the
/// median of the rounds' ratios. Five of ours in a row, then five of xmllint's, put the ratio at
/// 0.36×, 0.49× and 0.67× on one VM within a quarter of an hour: its speed drifts over seconds.
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
    let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    var ourRuns: [Double] = []
    var theirRuns: [ChildRun] = []
    for _ in 0..<5 {
        ourRuns.append(
            measure {
                objects = 0
                for input in inputs {
                    objects += (try? NibDocumentParser.parse(data: input.data, file: input.url.lastPathComponent))?.objects.count ?? 0
                }
            })
        if let xmllint { theirRuns.append(runMeasured(xmllint, ["--noout"] + inputs.map(\.url.path))) }
    }
    let ours = ourRuns.min() ?? .nan
    let theirs = theirRuns.map(\.seconds).min() ?? .nan
    let theirPeak = theirRuns.map(\.peakBytes).max() ?? 0
    let rounds = zip(theirRuns, ourRuns).map { $0.seconds / $1 }
    let ratio = rounds.isEmpty ? Double.nan : median(rounds)
    // The same as a user runs it: one process reading every file (compiled nibs in the folder
    // too), on every core by default, and on one (`--jobs 1`), as xmllint reads them.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let inspect = (0..<3).map { _ in runMeasured(nibviz.path, ["inspect", corpus.path]) }
    let inspectSerial = (0..<3).map { _ in runMeasured(nibviz.path, ["inspect", corpus.path, "--jobs", "1"]) }
    func inspectRow(_ name: String, _ runs: [ChildRun]) -> String {
        let seconds = runs.map(\.seconds).min() ?? .nan
        return "| \(name) | \(format(seconds)) | \(format(megabytes / seconds)) | \(format(theirs / seconds))× "
            + "| \(mebibytes(runs.map(\.peakBytes).max() ?? 0)) |"
    }
    report += [
        "\(inputs.count) files, \(format(megabytes)) MB, \(objects) objects (best of 5 alternating runs; `vs xmllint` of the "
            + "in-process row: the median of the rounds' ratios)", "",
        "| parser | seconds | MB/s | vs xmllint | peak RSS |", "|---|---|---|---|---|",
        "| nibviz (libxml2 SAX2 → NibGraph, in-process) | \(format(ours)) | \(format(megabytes / ours)) | \(format(ratio))× | \(mebibytes(peakResidentBytes())) (whole bench so far) |",
        inspectRow("`nibviz inspect DIR` (one process: find, read, parse, summarise; \(cores) threads)", inspect),
        inspectRow("`nibviz inspect DIR --jobs 1` (the same on one thread)", inspectSerial),
        "| xmllint --noout (libxml2, no model, one process) | \(format(theirs)) | \(format(megabytes / theirs)) | 1.00× | \(mebibytes(theirPeak)) |",
        "",
        "Parse vs `xmllint --noout`: \(format(ratio, against: 0.5))× (rounds: \(rounds.map { format($0) + "×" }.joined(separator: ", ")); "
            + "target ≥ 0.50×: \(ratio >= 0.5 ? "met" : "NOT met")); the verdict is the in-process figure, one thread against xmllint's one.",
    ]
    if xmllint == nil { report += ["", "(`xmllint` not installed: no baseline; apt-get install libxml2-utils)"] }
    return report.joined(separator: "\n")
}
