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
    func time(_ list: [SourceFile]) -> Double {
        (0..<3).map { _ in measure { classes = (try? SourceScanner.scan(files: list))?.table.count ?? 0 } }.min() ?? .nan
    }
    let grep = ["/usr/bin/grep", "/bin/grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
    func grepTime(_ list: [SourceFile]) -> Double {
        guard let grep else { return .nan }
        return (0..<3).map { _ in
            measure {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: grep)
                process.arguments = ["-c", "IBOutlet"] + list.map(\.path)
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try? process.run()
                process.waitUntilExit()
            }
        }.min() ?? .nan
    }
    report += [
        "\(files.count) files (\(swift.count) Swift, \(objc.count) Objective-C), \(format(size(files))) MB, best of 3 runs", "",
        "| reader | files | MB | seconds | files/s | MB/s | grep -c IBOutlet seconds | vs grep |", "|---|---|---|---|---|---|---|---|",
    ]
    for (name, list) in [("all (SourceScanner.scan)", files), ("Swift (SwiftSyntax)", swift), ("Objective-C (tolerant reader)", objc)]
    where !list.isEmpty {
        let ours = time(list)
        let theirs = grepTime(list)
        let megabytes = size(list)
        report.append(
            "| \(name) | \(list.count) | \(format(megabytes)) | \(format(ours)) | \(format(Double(list.count) / ours)) | "
                + "\(format(megabytes / ours)) | \(format(theirs)) | \(format(ours / theirs))× slower |")
    }
    report += ["", "\(classes) classes in the last table built."]
    return report.joined(separator: "\n")
}
