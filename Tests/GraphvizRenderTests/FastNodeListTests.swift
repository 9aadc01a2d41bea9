import Foundation
import GraphvizShim
import NibTestSupport
import Testing

@testable import GraphvizRender

/// GraphvizShim's `delete_fast_node` (FastNodeList.c) unlinks dot's virtual nodes without the
/// plugin's walk of the whole list; the layout must not change by a byte.
@Suite(.serialized) struct FastNodeListTests {
    /// A graph whose edges cross clusters and ranks, as `make bench`'s 400-node graphs do (40
    /// nodes here): dot adds a virtual node per rank each long edge crosses and unlinks them.
    static func crossingGraph(nodes: Int, seed: UInt64) -> String {
        var lines = ["digraph G {", "  rankdir=LR; newrank=true; node [shape=box, fontname=\"Helvetica\"];"]
        for cluster in 0..<nodes / 10 {
            lines.append("  subgraph cluster_\(cluster) { label=\"Scene \(cluster)\";")
            for index in 0..<10 { lines.append("    n\(cluster * 10 + index) [label=<<b>UIView</b><br/>id \(cluster * 10 + index)>];") }
            lines.append("  }")
        }
        var generator = SplitMix64(seed: seed)
        for index in 0..<nodes {
            let target = Int(generator.next() % UInt64(nodes))
            if target != index { lines.append("  n\(index) -> n\(target) [label=\"outlet\(index)\"];") }
        }
        return (lines + ["}"]).joined(separator: "\n")
    }

    @Test func theLayoutIsTheSameThroughEitherFunctionAndOnlyOursSkipsTheWalk() throws {
        func render(_ dot: String) throws -> [UInt8] {
            try GraphvizRenderer.shared.render(RenderRequest(dot: dot, engine: .dot, format: .svg, name: "crossing.dot")).data
        }
        defer { nibviz_unlink_fast_nodes_ourselves(1) }
        for seed in [1, 2, 3] as [UInt64] {
            let dot = Self.crossingGraph(nodes: 40, seed: seed)
            nibviz_unlink_fast_nodes_ourselves(0)
            let pluginBefore = nibviz_fast_node_unlinks()
            let plugin = try render(dot)
            #expect(nibviz_fast_node_unlinks() == pluginBefore, "switched off, every call goes to the plugin's function")
            nibviz_unlink_fast_nodes_ourselves(1)
            let oursBefore = nibviz_fast_node_unlinks()
            let ours = try render(dot)
            #if os(Linux)
                // The test binary exports the shim's function (Package.swift), as nibviz does:
                // the plugin's calls reach it.
                #expect(nibviz_fast_node_unlinks() > oursBefore, "the dot plugin's calls reach nibviz's delete_fast_node")
            #endif
            #expect(ours == plugin, "seed \(seed)")
            #expect(String(decoding: ours, as: UTF8.self).contains("cluster_3"))
        }
    }
}
