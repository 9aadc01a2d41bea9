import Foundation
import GraphvizRender
import NibDiagrams
import NibModel
import NibParsing
import NibTestSupport
import Testing

/// The corpus, when it is there and `nibviz` is built (the worker pool runs it); else nil,
/// after saying why the test is skipped.
func corpusForWorkerPool() -> URL? {
    guard let corpus = TestPaths.corpus else {
        print("skipped: no corpus beside the project (../shared/corpus)")
        return nil
    }
    guard FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path) else {
        print("skipped: build nibviz first (swift build --product nibviz)")
        return nil
    }
    return corpus
}

/// Real documents through the worker pool. The whole corpus runs with `make corpus-render`
/// (about a minute on two cores); this test takes every 8th document plus the largest ones.
@Suite("Corpus rendering")
struct CorpusRenderTests {
    @Test("sampled corpus documents render graph (and flow for storyboards) to SVG without error")
    func sampledCorpusRenders() throws {
        guard let corpus = corpusForWorkerPool() else { return }
        let all = NibDocumentFinder.documents(in: corpus.appendingPathComponent("files"))
        let sizes = all.map { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? 0 }
        let largest = Set(all.indices.sorted { sizes[$0] > sizes[$1] }.prefix(3))
        let sample = all.indices.filter { $0 % 8 == 0 || largest.contains($0) }.map { all[$0] }
        var requests: [RenderRequest] = []
        for url in sample {
            guard let graph = try? NibDocumentParser.parse(contentsOf: url) else { continue }
            var parts = ObjectGraphDiagram.parts(graph)
            if graph.isStoryboard { parts.append(NamedDiagram(name: "flow", title: "flow", dot: FlowDiagram.dot(graph))) }
            requests += parts.map { RenderRequest(dot: $0.dot, name: url.lastPathComponent + " [" + $0.name + "]") }
        }
        let started = Date()
        let results = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 2, timeout: 120).render(requests)
        let failures = results.compactMap { result -> String? in
            if case .failure(let error) = result { return error.description }
            return nil
        }
        print(
            "corpus sample: \(sample.count) documents, \(requests.count) diagrams, \(failures.count) failed, \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(requests.count >= sample.count - 1)
        for case .success(let output) in results {
            #expect(output.data.starts(with: Array("<?xml".utf8)))
        }
    }
}

@Suite("Corpus structure")
struct CorpusStructureTests {
    @Test("a 27-scene storyboard splits per scene (no overview); the scene SVGs hold one node per object and one edge per connection")
    func bigStoryboardParts() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: no corpus beside the project (../shared/corpus)")
            return
        }
        let url = corpus.appendingPathComponent(
            "files/hackiftekhar__IQKeyboardManager/rev-424ea66e__Demo__Swift_Demo__Storyboard__MainSwift.storyboard")
        let graph = try NibDocumentParser.parse(contentsOf: url)
        let parts = ObjectGraphDiagram.parts(graph)
        #expect(parts.count == graph.scenes.count)
        #expect(parts.allSatisfy { $0.name.hasPrefix("scene-") })
        let objectRoles = ["object", "controller", "window", "placeholder"]
        var nodes = 0
        var edges = 0
        for part in parts {
            let svg = SVGInspector(try SVGInspector.render(part.dot))
            #expect(svg.wellFormed)
            nodes +=
                svg.groups("node").filter { group in
                    group.classes.contains(where: objectRoles.contains) && !group.classes.contains("responder-chain")
                }.count
            edges += svg.groups("edge").count
        }
        let sceneObjects = Set(graph.objects.filter { $0.scene != nil }.map(\.id))
        #expect(nodes == sceneObjects.count)
        #expect(edges == graph.connections.filter { sceneObjects.contains($0.source) }.count)
    }
}
