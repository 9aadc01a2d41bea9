import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

/// The Mermaid block review.md carries: valid by a strict grammar check always, and parsed and
/// rendered by Mermaid itself in headless Chromium when both are present (`make mermaid-test`).
@Suite struct MermaidTests {
    /// A real storyboard from the corpus with an added segue, a new label text and a constraint
    /// change; nil without a corpus.
    private func realStoryboardDiff() throws -> (NibDiff, String)? {
        guard
            let (entry, text) = CorpusEdits.pick(
                "CocoaTouch.Storyboard.XIB", { $0.count("segue") >= 2 && $0.count("scene") >= 3 },
                text: { $0.contains("<label ") && $0.contains("<constraint ") })
        else { return nil }
        var edited = try #require(
            CorpusEdits.replacingFirst(#"<segue destination="([^"]+)"[^>]*/>"#, in: text) { match, ns in
                ns.substring(with: match.range)
                    + "<segue destination=\"\(ns.substring(with: match.range(at: 1)))\" kind=\"presentation\" identifier=\"nibvizAdded\" id=\"nbz-Zz-001\"/>"
            })
        edited = try #require(
            CorpusEdits.replacingFirst(#"(<label [^>]*? text=")([^"]*)(")"#, in: edited) { m, ns in
                ns.substring(with: m.range(at: 1)) + "Say &quot;hi&quot; | #1 `now` &lt;b&gt;" + ns.substring(with: m.range(at: 3))
            })
        edited = try #require(CorpusEdits.replacingFirst(#"(<constraint )"#, in: edited) { _, _ in "<constraint priority=\"999\" " })
        let old = try NibDocumentParser.parse(data: Data(text.utf8), file: entry.file)
        let new = try NibDocumentParser.parse(data: Data(edited.utf8), file: entry.file)
        let diff = NibDiffer.diff(old: old, new: new, oldXML: Data(text.utf8), newXML: Data(edited.utf8))
        return (diff, entry.file)
    }

    @Test func theBlockOfARealStoryboardDiffFollowsTheFlowchartGrammar() throws {
        guard let (diff, file) = try realStoryboardDiff() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        #expect(diff.hasSemanticChanges)
        let block = DiffDiagram.mermaid(diff, title: file)
        #expect(MermaidChecker.problems(block).isEmpty, "\(MermaidChecker.problems(block))\n\(block)")
        #expect(block.contains("class "))
        #expect(block.contains(" changed"))
        #expect(!block.contains("\"hi\""))
    }

    @Test func theCheckerRejectsWhatMermaidWouldMisread() {
        let bad = [
            "graph LR\n", "flowchart LR\n  n0[\"a\"b\"]\n", "flowchart LR\n  n0[\"a #b\"]\n", "flowchart LR\n  n0[\"a\"]\n  n0 --> n1\n",
            "flowchart LR\n  end[\"a\"]\n", "flowchart LR\n  n0[\"<img src=x>\"]\n", "flowchart LR\n  n0[\"`md`\"]\n",
            "flowchart LR\n  n0[\"a\"]\n  linkStyle 0 stroke:#fff\n", "flowchart LR\n  n0[\"a\"]\n  class n0 nope\n",
        ]
        for text in bad { #expect(!MermaidChecker.problems(text).isEmpty, "\(text)") }
        #expect(MermaidChecker.problems("flowchart LR\n  n0[\"a #35; <b>b</b><br/>c\"]\n  n0 -->|\"x\"| n0\n").isEmpty)
    }

    @Test func hostileNamesStayInsideTheirLabels() {
        for name in ["a\"b", "x]\n  n9[\"injected\"]", "`code`", "#quot;", "semi;colon", "<script>", "|pipe|", "```"] {
            let text = DiffMermaid.text(name)
            #expect(MermaidChecker.problems("flowchart LR\n  n0[\"\(text)\"]\n").isEmpty, "\(name) → \(text)")
            #expect(!text.contains("\n") && !text.contains("\"") && !text.contains("`"))
        }
    }

    @Test func mermaidItselfParsesAndRendersTheBlockOfARealStoryboardDiff() throws {
        let script =
            ProcessInfo.processInfo.environment["NIBVIZ_MERMAID_JS"].map(URL.init(fileURLWithPath:))
            ?? TestPaths.packageRoot.appendingPathComponent(".build/mermaid/mermaid.min.js")
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard FileManager.default.fileExists(atPath: script.path), let chromium else {
            print("skipped: Mermaid in Chromium needs chromium and \(script.path) (run `make mermaid-test`)")
            return
        }
        guard let (diff, file) = try realStoryboardDiff() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let block = DiffDiagram.mermaid(diff, title: file)
        let folder = TestPaths.packageRoot.appendingPathComponent(".build/mermaid-test")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: script, to: folder.appendingPathComponent("mermaid.min.js"))
        let json = String(decoding: try JSONEncoder().encode([block]), as: UTF8.self)
        // The page reports into its own DOM: `#result` holds "rendered N" or the parse error.
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>nibviz mermaid</title></head><body>
            <div id="result">pending</div><div id="diagram"></div>
            <script src="mermaid.min.js"></script>
            <script>
            const code = \(json)[0];
            mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
            mermaid.parse(code)
              .then(() => mermaid.render("nibvizdiff", code))
              .then(({ svg }) => {
                document.getElementById("diagram").innerHTML = svg;
                const nodes = document.querySelectorAll("#diagram g.node").length;
                document.getElementById("result").textContent = "rendered " + nodes;
              })
              .catch((e) => { document.getElementById("result").textContent = "error " + (e && e.message ? e.message : e); });
            </script></body></html>
            """
        let page = folder.appendingPathComponent("diff.html")
        try Data(html.utf8).write(to: page)
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=15000"]
        let dom = try runCommand(URL(fileURLWithPath: chromium), flags + ["--dump-dom", page.absoluteString])
        let result = dom.output.components(separatedBy: "<div id=\"result\">").dropFirst().first?.components(separatedBy: "</div>").first
        let nodes = block.split(separator: "\n").filter { $0.hasPrefix("  n") && ($0.contains("[\"") || $0.contains("((\"")) }.count
        #expect(result == "rendered \(nodes)", "Mermaid said: \(result ?? dom.stderr)\n\(block)")
        #expect(dom.output.contains("aria-roledescription=\"flowchart-v2\""))
        let shot = folder.appendingPathComponent("diff.png")
        _ = try runCommand(
            URL(fileURLWithPath: chromium), flags + ["--window-size=1600,1000", "--screenshot=\(shot.path)", page.absoluteString])
        #expect(FileManager.default.fileExists(atPath: shot.path))
        print("Mermaid rendered \(nodes) nodes of \(file); screenshot \(shot.path)")
    }
}
