import Foundation
import NibDiffing
import NibParsing
import NibReview

/// Semantic diff on the corpus: each Xcode 5+ document against a copy whose ids were all
/// regenerated (the worst case for matching), next to `diff` (text lines, no model) on the same
/// pairs. Both sides are read from memory-backed temporary files.
func runReviewBenchmark(corpus: URL) -> String {
    let documents = NibDocumentFinder.documents(in: corpus).filter { $0.pathExtension != "nib" }
    let folder = scratchFolder("bench-review")
    var pairs: [(Data, Data, URL, URL)] = []
    for (index, url) in documents.enumerated() {
        guard let text = try? String(contentsOf: url, encoding: .utf8), text.contains("<document") else { continue }
        let regenerated = regeneratingIDs(text)
        guard regenerated != text else { continue }
        let a = folder.appendingPathComponent("\(index)-a.xml")
        let b = folder.appendingPathComponent("\(index)-b.xml")
        try? Data(text.utf8).write(to: a)
        try? Data(regenerated.utf8).write(to: b)
        pairs.append((Data(text.utf8), Data(regenerated.utf8), a, b))
    }
    let bytes = pairs.reduce(0) { $0 + $1.0.count + $1.1.count }
    var unchanged = 0
    let start = Date()
    for (old, new, a, b) in pairs {
        guard let before = try? NibDocumentParser.parse(data: old, file: a.path),
            let after = try? NibDocumentParser.parse(data: new, file: b.path)
        else { continue }
        if !NibDiffer.diff(old: before, new: after, oldXML: old, newXML: new).hasSemanticChanges { unchanged += 1 }
    }
    let semantic = Date().timeIntervalSince(start)
    var baseline: Double?
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/diff") {
        let start = Date()
        for (_, _, a, b) in pairs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
            process.arguments = ["-u", a.path, b.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
        }
        baseline = Date().timeIntervalSince(start)
    }
    let megabytes = Double(bytes) / 1_048_576
    func rate(_ seconds: Double) -> String { String(format: "%.1f MB/s (%.2f s)", megabytes / max(seconds, 1e-9), seconds) }
    return [
        "## Review: semantic diff of \(pairs.count) documents against their id-regenerated copies (\(String(format: "%.1f", megabytes)) MB)",
        "",
        "| nibviz parse + diff (in-process) | `diff -u` per pair (text only) | ratio | no semantic change |",
        "|---|---|---|---|",
        "| \(rate(semantic)) | \(baseline.map(rate) ?? "n/a") | \(baseline.map { String(format: "%.2f×", $0 / max(semantic, 1e-9)) } ?? "n/a") | \(unchanged)/\(pairs.count) |",
    ].joined(separator: "\n")
}

/// Every quoted 3-2-3 id replaced consistently by a fresh one.
private func regeneratingIDs(_ text: String) -> String {
    guard let regex = try? NSRegularExpression(pattern: "\"([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})\"") else { return text }
    let ns = text as NSString
    var table: [String: String] = [:]
    var out = ""
    var position = 0
    for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
        let id = ns.substring(with: match.range(at: 1))
        let replacement =
            table[id]
            ?? {
                let digits = Array(String(format: "%07d", table.count + 1))
                let fresh = "Z" + String(digits[0...1]) + "-" + String(digits[2...3]) + "-" + String(digits[4...6])
                table[id] = fresh
                return fresh
            }()
        out += ns.substring(with: NSRange(location: position, length: match.range.location - position)) + "\"\(replacement)\""
        position = match.range.location + match.range.length
    }
    return out + ns.substring(from: position)
}
