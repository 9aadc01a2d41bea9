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
    static func crossingGraph(nodes: Int, seed: UInt64, concentrate: Bool = false) -> String {
        var lines = ["digraph G {", "  rankdir=LR; newrank=true; node [shape=box, fontname=\"Helvetica\"];"]
        // Merged parallel edges unlink their virtual nodes through another of dot's callers.
        if concentrate { lines.append("  concentrate=true;") }
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
        // The renderer's context decides the mode when it is made: made here first, or `decided`
        // would be 0 when this test is the process's first render, and the restore below would
        // leave the mode undecided for every later test (onlyGraphviz243… saw 0, in one run of many).
        _ = try render("digraph { a -> b }")
        let decided = nibviz_fast_node_list_mode()
        defer { nibviz_set_fast_node_list_mode(decided) }
        for (seed, concentrate) in [(1, false), (2, false), (3, true), (4, true)] as [(UInt64, Bool)] {
            let dot = Self.crossingGraph(nodes: 40, seed: seed, concentrate: concentrate)
            nibviz_set_fast_node_list_mode(2)
            let pluginBefore = nibviz_fast_node_unlinks()
            let plugin = try render(dot)
            #expect(nibviz_fast_node_unlinks() == pluginBefore, "switched off, every call goes to the plugin's function")
            nibviz_set_fast_node_list_mode(1)
            let oursBefore = nibviz_fast_node_unlinks()
            let ours = try render(dot)
            #if os(Linux)
                // The test binary exports the shim's function (Package.swift), as nibviz does:
                // the plugin's calls reach it.
                #expect(nibviz_fast_node_unlinks() > oursBefore, "the dot plugin's calls reach nibviz's delete_fast_node")
            #endif
            #expect(ours == plugin, "seed \(seed), concentrate \(concentrate)")
            #expect(String(decoding: ours, as: UTF8.self).contains("cluster_3"))
        }
    }

    /// Ours only for the Graphviz it was checked against; any other keeps the plugin's.
    @Test func onlyGraphviz243GetsTheShimsFunction() {
        #expect(nibviz_fast_node_list_mode_for("2.43.0") == 1)
        #expect(nibviz_fast_node_list_mode_for("2.42.4") == 2)
        #expect(nibviz_fast_node_list_mode_for("12.2.1") == 2)
        #expect(nibviz_fast_node_list_mode_for("2.4") == 2)
        #expect(nibviz_fast_node_list_mode_for(nil) == 2)
        #if os(Linux)
            // This machine's Graphviz: the renderer's context decided from it.
            _ = try? GraphvizRenderer.shared.render(RenderRequest(dot: "digraph { a -> b }", engine: .dot, format: .svg, name: "a.dot"))
            #expect(nibviz_fast_node_list_mode() != 0, "the renderer's context decides the mode")
        #endif
    }
}
