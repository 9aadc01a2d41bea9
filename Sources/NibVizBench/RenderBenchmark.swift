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

/// The pool against spawning `dot -Tsvg` once per file with the same parallelism (`xargs -P`
/// the cores, same DOT files, same run), and against rendering serially in this process.
func runRenderBenchmark(nibviz: URL) -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var report = [
        "## Render: N DOT files → SVG", "",
        "| graph | files | `xargs -P \(cores) dot -Tsvg` | pool (\(cores) workers) | pool vs parallel dot | in-process, serial | pool vs serial |",
        "|---|---|---|---|---|---|---|",
    ]
    let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var verdicts: [String] = []
    for (nodes, count) in [(10, 200), (60, 60), (400, 8)] {
        let graphs = (0..<count).map { benchmarkGraph(nodes: nodes, seed: $0) }
        let requests = graphs.enumerated().map { RenderRequest(dot: $1, name: "g\($0).dot") }
        var spawnSeconds = Double.nan
        var spawnCPU = Double.nan
        if let dotPath {
            let list = directory.appendingPathComponent("files-\(nodes).txt")
            let files = graphs.enumerated().map { index, text -> String in
                let url = directory.appendingPathComponent("g\(nodes)-\(index).dot")
                try? text.write(to: url, atomically: true, encoding: .utf8)
                return url.path
            }
            try? (files.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
            // The way doc generators call Graphviz, as parallel as the pool: one `dot` per file.
            let run = runMeasured(
                "/usr/bin/xargs", ["-a", list.path, "-d", "\n", "-P", "\(cores)", "-I{}", dotPath, "-Tsvg", "{}", "-o", "{}.svg"])
            spawnSeconds = run.seconds
            spawnCPU = run.cpuSeconds
        }
        let pool = RenderWorkerPool(executable: nibviz)
        let cpuBefore = cpuSecondsSoFar()
        let pooled = measure { _ = pool.render(requests) }
        let poolCPU = cpuSecondsSoFar() - cpuBefore
        let inProcess = measure {
            for request in requests { _ = try? GraphvizRenderer.shared.render(request) }
        }
        let ratio = spawnSeconds / pooled
        report.append(
            "| \(nodes) nodes | \(count) | \(format(spawnSeconds)) s (CPU \(format(spawnCPU)) s) | \(format(pooled)) s (CPU \(format(poolCPU)) s) "
                + "| \(format(ratio))× (CPU \(format(spawnCPU / poolCPU))×) | \(format(inProcess)) s | \(format(inProcess / pooled))× |"
        )
        let target = nodes <= 60 ? 3.0 : 1.0
        verdicts.append("\(nodes) nodes: \(format(ratio))× (target ≥ \(format(target))×: \(ratio >= target ? "met" : "NOT met"))")
    }
    report += [
        "", "Pool vs parallel `dot` (wall time): " + verdicts.joined(separator: "; ") + ".",
        "CPU seconds count every process on each side (xargs and its dot processes; the pool and its workers): "
            + "on a machine shared with other work they vary less than wall time.",
    ]
    report += ["", perJobOverhead(nibviz: nibviz)]
    if dotPath == nil { report += ["", "(`dot` not installed: no spawn baseline; run `make deps`)"] }
    return report.joined(separator: "\n")
}

/// What the pool adds per job on small graphs, in CPU time of every process involved (steady
/// under load): the slope of one worker over 200 and 400 jobs (start-up cancels out) against
/// the slope of serial in-process rendering.
func perJobOverhead(nibviz: URL) -> String {
    let requests = (0..<400).map { RenderRequest(dot: benchmarkGraph(nodes: 10, seed: $0), name: "o\($0).dot") }
    let half = Array(requests.prefix(200))
    let pool = RenderWorkerPool(executable: nibviz, workerCount: 1)
    func cpu(_ body: () -> Void) -> Double {
        (0..<3).map { _ in
            let before = cpuSecondsSoFar()
            body()
            return cpuSecondsSoFar() - before
        }.min() ?? .nan
    }
    let poolHalf = cpu { _ = pool.render(half) }
    let poolAll = cpu { _ = pool.render(requests) }
    let inHalf = cpu { for request in half { _ = try? GraphvizRenderer.shared.render(request) } }
    let inAll = cpu { for request in requests { _ = try? GraphvizRenderer.shared.render(request) } }
    let poolPerJob = (poolAll - poolHalf) / 200 * 1000
    let inPerJob = (inAll - inHalf) / 200 * 1000
    let startup = (poolHalf - poolPerJob * 200 / 1000) * 1000
    return
        "Per job on 10-node graphs, CPU time (one worker, slope over 200 → 400 jobs, best of 3): in-process \(format(inPerJob)) ms, "
        + "through a worker \(format(poolPerJob)) ms: \(format(poolPerJob - inPerJob)) ms (\(format(100 * (poolPerJob - inPerJob) / inPerJob)) %) "
        + "of pipes and framing per job; worker start-up \(format(startup)) ms CPU once per worker."
}

func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func format(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f", value) : "n/a"
}
