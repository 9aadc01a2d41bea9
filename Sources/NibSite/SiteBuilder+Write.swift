import Foundation

extension SiteBuilder {
    func writePages(to output: AtomicOutput) throws {
        let ruleIDs = Set(rules.map(\.id))
        var citations: [String: [(String, String)]] = [:]
        var visible: Set<String> = ["concepts", "scenarios", "rules"]
        if !documents.isEmpty { visible.formUnion(["documents", "classes"]) }
        let layout = PageLayout(sidebar: conceptPages.filter { Self.conceptPath($0.source) != "index.html" }.map { ($0.page.title, Self.conceptPath($0.source)) }, version: options.version, visibleSections: visible)
        var finished: [(SitePage, String)] = []
        for page in pages {
            var content = page.content
            if content.contains("NIBVIZFIG") {
                for index in figures.indices.reversed() {
                    let token = "NIBVIZFIG\(index)X"
                    guard content.contains(token) else { continue }
                    let figure = figures[index]
                    content = content.replacingOccurrences(of: token, with: store.figure(key: figure.key, prefix: "f\(index)", caption: figure.caption, kind: figure.kind))
                }
            }
            let root = page.root
            var linker = RuleLinker(
                ruleHref: { ruleIDs.contains($0) ? root + "rules.html#" + $0 : nil },
                goldenHref: { id in self.scenario(named: id).map { root + $0.path } }
            )
            if page.path != "rules.html" {
                content = linker.link(content)
                if page.section == "concepts" {
                    for id in Set(linker.cited) where ruleIDs.contains(id) { citations[id, default: []].append((page.title, page.path)) }
                }
            }
            var linked = page
            linked.content = content
            finished.append((linked, content))
        }
        for (page, _) in finished {
            var page = page
            if page.path == "rules.html" {
                for rule in rules {
                    let cites = (citations[rule.id] ?? []).sorted { $0.1 < $1.1 }
                    let links = cites.isEmpty ? "" : " <span class=\"cited\">Discussed in " + cites.map { "<a href=\"\($0.1)\">\(HTMLEscaping.escape($0.0))</a>" }.joined(separator: ", ") + ".</span>"
                    page.content = page.content.replacingOccurrences(of: "RULEBACKLINKS:\(rule.id):END", with: links)
                }
            }
            try output.write(layout.render(page), to: page.path)
        }
        try writeSearchIndex(to: output)
        try copyAssets(to: output)
    }

    func writeSearchIndex(to output: AtomicOutput) throws {
        var entries: [[String]] = []
        for page in pages {
            entries.append(["page", page.title, page.path, page.summary])
            for term in page.searchTerms {
                entries.append([term.kind, term.text, page.path + (term.anchor.map { "#" + $0 } ?? ""), page.title])
            }
        }
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys, .withoutEscapingSlashes])
        try output.write(data, to: "search.json")
        var script = Data("window.NIBVIZ_SEARCH = ".utf8)
        script.append(data)
        script.append(Data(";\n".utf8))
        try output.write(script, to: "assets/search-index.js")
    }

    func copyAssets(to output: AtomicOutput) throws {
        let assets = options.siteRoot.appendingPathComponent("assets")
        for path in Self.files(under: assets, extensions: ["css", "js", "svg", "png", "ico"]) {
            guard let data = FileManager.default.contents(atPath: assets.appendingPathComponent(path).path) else {
                throw SiteBuildError(step: "write pages", message: "cannot read asset \(path)")
            }
            try output.write(data, to: "assets/" + path)
        }
    }
}
