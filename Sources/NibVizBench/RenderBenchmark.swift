import Foundation
import GraphvizRender

/// Generated graphs shaped like nibviz diagrams: clusters of records with labelled edges.
func benchmarkGraph(nodes: Int, seed: Int) -> String {
    var lines = ["digraph G {", "  rankdir=LR; newrank=true; node [shape=box, fontname=\"Helvetica\"];"]
    let clusterSize = 10
    for cluster in 0..<max(1, nodes / clusterSize) {
        lines.append("  subgraph cluster_\(cluster) { label=\"Scene \(cluster)\";")
        for index in 0..<clusterSize where cluster * clusterSize + index < nodes {
            let id = cluster * clusterSize + index
            lines.append("    n\(id) [label=<<b>UIView</b><br/>id \(id)>];")
        }
        lines.append("  }")
    }
    var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
    for index in 0..<nodes {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let target = Int((state >> 33) % UInt64(nodes))
        if target != index { lines.append("  n\(index) -> n\(target) [label=\"outlet\(index)\"];") }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
}

/// In-process vs one `dot` process per file vs one worker per core, as ratios to spawning `dot`.
func runRenderBenchmark(nibviz: URL) -> String {
    var report = [
        "## Render: N DOT files → SVG", "",
        "| graph | files | spawn dot -Tsvg | in-process | pool (\(ProcessInfo.processInfo.activeProcessorCount) workers) | in-process speed-up | pool speed-up |",
        "|---|---|---|---|---|---|---|",
    ]
    let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (nodes, count) in [(10, 200), (60, 60), (400, 6)] {
        let graphs = (0..<count).map { benchmarkGraph(nodes: nodes, seed: $0) }
        let requests = graphs.enumerated().map { RenderRequest(dot: $1, name: "g\($0).dot") }
        var spawnSeconds = Double.nan
        if let dotPath {
            let files = graphs.enumerated().map { index, text -> URL in
                let url = directory.appendingPathComponent("g\(nodes)-\(index).dot")
                try? text.write(to: url, atomically: true, encoding: .utf8)
                return url
            }
            spawnSeconds = measure {
                for file in files {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: dotPath)
                    process.arguments = ["-Tsvg", file.path, "-o", file.path + ".svg"]
                    try? process.run()
                    process.waitUntilExit()
                }
            }
        }
        let inProcess = measure {
            for request in requests { _ = try? GraphvizRenderer.shared.render(request) }
        }
        let pool = RenderWorkerPool(executable: nibviz)
        let pooled = measure { _ = pool.render(requests) }
        report.append(
            "| \(nodes) nodes | \(count) | \(format(spawnSeconds)) s | \(format(inProcess)) s | \(format(pooled)) s | \(format(spawnSeconds / inProcess))× | \(format(spawnSeconds / pooled))× |"
        )
    }
    if dotPath == nil { report += ["", "(`dot` not installed: no spawn baseline; run `make deps`)"] }
    return report.joined(separator: "\n")
}

func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func format(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f", value) : "n/a"
}
