import Foundation
import NibSources

/// Reads the re-created source corpus (`corpus/sources/rebuild.sh`) into class tables, Swift
/// through SwiftSyntax and Objective-C through the tolerant reader, and compares the throughput
/// with `grep -c IBOutlet` over the same files (one process, best of three): the floor any
/// source-aware check pays for reading the bytes.
func runSourcesBenchmark(sources: URL) -> String {
    var report = ["## Sources: Swift and Objective-C → class tables", ""]
    let projects = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
        .filter { $0.contains("__") }.sorted().map { sources.appendingPathComponent($0).path }
    guard let files = try? SourceScanner.files(under: projects), !files.isEmpty else {
        return (report + ["(no source corpus under \(sources.path); re-create it with corpus/sources/rebuild.sh)"]).joined(separator: "\n")
    }
    func size(_ list: [SourceFile]) -> Double {
        Double(list.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }) / 1_000_000
    }
    let swift = files.filter { $0.path.hasSuffix(".swift") }
    let objc = files.filter { !$0.path.hasSuffix(".swift") }
    var classes = 0
    /// Best wall time and best CPU time (user + system) of three in-process scans.
    func time(_ list: [SourceFile]) -> (wall: Double, cpu: Double) {
        let runs = (0..<3).map { _ in
            let cpuBefore = cpuSecondsSoFar()
            let wall = measure { classes = (try? SourceScanner.scan(files: list))?.table.count ?? 0 }
            return (wall, cpuSecondsSoFar() - cpuBefore)
        }
        return (runs.map(\.0).min() ?? .nan, runs.map(\.1).min() ?? .nan)
    }
    let grep = ["/usr/bin/grep", "/bin/grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Best wall and CPU time of three `grep -c IBOutlet` processes over the same files.
    func grepTime(_ list: [SourceFile]) -> (wall: Double, cpu: Double) {
        guard let grep else { return (.nan, .nan) }
        let runs = (0..<3).map { _ in runMeasured(grep, ["-c", "IBOutlet"] + list.map(\.path)) }
        return (runs.map(\.seconds).min() ?? .nan, runs.map(\.cpuSeconds).min() ?? .nan)
    }
    report += [
        "\(files.count) files (\(swift.count) Swift, \(objc.count) Objective-C), \(format(size(files))) MB, best of 3 runs; "
            + "CPU = user + system seconds, which load from other processes disturbs less than wall time", "",
        "| reader | files | MB | seconds (CPU) | files/s | MB/s | grep -c IBOutlet seconds (CPU) | vs grep (CPU) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (name, list) in [("all (SourceScanner.scan)", files), ("Swift (SwiftSyntax)", swift), ("Objective-C (tolerant reader)", objc)]
    where !list.isEmpty {
        let ours = time(list)
        let theirs = grepTime(list)
        let megabytes = size(list)
        report.append(
            "| \(name) | \(list.count) | \(format(megabytes)) | \(format(ours.wall)) (\(format(ours.cpu))) | "
                + "\(format(Double(list.count) / ours.wall)) | \(format(megabytes / ours.wall)) | "
                + "\(format(theirs.wall)) (\(format(theirs.cpu))) | \(format(ours.wall / theirs.wall))× (\(format(ours.cpu / theirs.cpu))×) slower |"
        )
    }
    report += ["", "\(classes) classes in the last table built."]
    return report.joined(separator: "\n")
}
