import Foundation

// `make bench`: every figure is printed next to a baseline measured in the same run.
var arguments = CommandLine.arguments.dropFirst()
var nibviz = URL(fileURLWithPath: ".build/release/nibviz")
var corpus = URL(fileURLWithPath: "../shared/corpus/files")
var only: Set<String> = []
var quick = false
var sourceCorpus =
    ["../corpus-sources", "../../corpus-sources", "../shared/corpus/sources"].map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("MANIFEST.tsv").path) }
    ?? URL(fileURLWithPath: "../corpus-sources")
while let argument = arguments.popFirst() {
    switch argument {
    case "--nibviz": if let value = arguments.popFirst() { nibviz = URL(fileURLWithPath: value) }
    case "--corpus": if let value = arguments.popFirst() { corpus = URL(fileURLWithPath: value) }
    case "--only": if let value = arguments.popFirst() { only.insert(value) }
    case "--sources": if let value = arguments.popFirst() { sourceCorpus = URL(fileURLWithPath: value) }
    case "--quick": quick = true
    default:
        print(
            "usage: NibVizBench [--nibviz PATH] [--corpus DIR] [--sources DIR] [--quick] [--only render|parse|compiled|simulate|diagrams|review|site|project-site|sources]"
        )
        exit(64)
    }
}
let cpu =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
let benchStart = Date()
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
print("# nibviz benchmarks\n\nMachine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu); load average at start \(load)\n")
if only.isEmpty || only.contains("render") { print(runRenderBenchmark(nibviz: nibviz), "\n") }
if only.isEmpty || only.contains("parse") { print(runParseBenchmark(nibviz: nibviz, corpus: corpus), "\n") }
if only.isEmpty || only.contains("compiled") { print(runCompiledParseBenchmark(corpus: corpus), "\n") }
if only.isEmpty || only.contains("simulate") {
    print(runSimulateBenchmark(scenarios: URL(fileURLWithPath: "site/scenarios/spec")), "\n")
}
if only.isEmpty || only.contains("review") { print(runReviewBenchmark(corpus: corpus), "\n") }
if only.isEmpty || only.contains("diagrams") { print(runDiagramBenchmark(nibviz: nibviz, corpus: corpus), "\n") }
if only.isEmpty || only.contains("sources") { print(runSourcesBenchmark(sources: sourceCorpus), "\n") }
if only.isEmpty || only.contains("site") { print(runSiteBenchmark(nibviz: nibviz, corpus: corpus, quick: quick), "\n") }
if only.isEmpty || only.contains("project-site") {
    print(runProjectSiteBenchmark(nibviz: nibviz, corpus: corpus, sources: sourceCorpus), "\n")
}
removeScratchFolders()
let loadAtEnd =
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
print("Bench took \(Int(Date().timeIntervalSince(benchStart))) s; load average at the end \(loadAtEnd).")
