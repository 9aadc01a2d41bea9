import Foundation
import NibParsing

/// Parses every IB document of the corpus into `NibGraph`s and compares the throughput with
/// `xmllint --noout` (libxml2 well-formedness only, no model) over the same files.
///
/// Our figure is in-process over bytes already in memory (best of three runs); xmllint's is one
/// process over all files (best of three), so it also pays for reading them: the ratio is a
/// fair upper bound on how far the model building costs us.
func runParseBenchmark(corpus: URL) -> String {
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
        (0..<3).map { _ in
            measure {
                objects = 0
                for input in inputs {
                    objects += (try? NibDocumentParser.parse(data: input.data, file: input.url.lastPathComponent))?.objects.count ?? 0
                }
            }
        }.min() ?? .nan
    let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    var theirs = Double.nan
    if let xmllint {
        theirs =
            (0..<3).map { _ in
                measure {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: xmllint)
                    process.arguments = ["--noout"] + inputs.map(\.url.path)
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try? process.run()
                    process.waitUntilExit()
                }
            }.min() ?? .nan
    }
    report += [
        "\(inputs.count) files, \(format(megabytes)) MB, \(objects) objects (best of 3 runs)", "",
        "| parser | seconds | MB/s | vs xmllint |", "|---|---|---|---|",
        "| nibviz (XMLParser → NibGraph) | \(format(ours)) | \(format(megabytes / ours)) | \(format(theirs / ours))× |",
        "| xmllint --noout (libxml2, no model) | \(format(theirs)) | \(format(megabytes / theirs)) | 1.00× |",
    ]
    if xmllint == nil { report += ["", "(`xmllint` not installed: no baseline; apt-get install libxml2-utils)"] }
    return report.joined(separator: "\n")
}
