import Foundation
import NibDiagrams
import NibModel

/// The second level of a project site for a storyboard: its flow (each scene linking to its
/// page), its scenes as a linked list, its storyboard references, its load and diagnostics.
/// Object graphs, objects and connections are on the scene pages, never twice.
extension SitePlanner {
    func storyboardContent(_ graph: NibGraph, document: SiteContent.DocumentRecord, number: Int, path: String) -> PageContent {
        let root = PagePath.root(of: path)
        let objects = graph.objectsByID
        let paths = sceneIndex.paths[number] ?? [:]
        let kindCounts = Dictionary(grouping: graph.connections, by: { $0.kind.name }).mapValues(\.count)
        var html = PageContent("<dl class=\"facts\">")
        let facts: [(String, String)] = [
            ("File", document.relative), ("Platform", graph.platform.rawValue), ("Tools version", graph.toolsVersion ?? "–"),
            ("Loaded", loadedText(document, number: number)),
            ("Scenes", "\(graph.scenes.count)"), ("Objects", "\(graph.objects.count)"),
            ("Connections", ["outlet", "action", "segue"].map { "\($0) \(kindCounts[$0] ?? 0)" }.joined(separator: ", ")),
        ]
        for (key, value) in facts { html += "<dt>\(key)</dt><dd>\(HTMLEscaping.escape(value))</dd>" }
        html += "</dl>"
        html +=
            "<nav class=\"toc\" aria-label=\"On this page\"><ul><li><a href=\"#flow\">Flow</a></li><li><a href=\"#scenes\">Scenes</a></li><li><a href=\"#timeline\">Load timeline</a></li>\(content.hasClassTable ? "<li><a href=\"#check\">Check findings</a></li>" : "")<li><a href=\"#diagnostics\">Diagnostics</a></li></ul></nav>"
        html += "<h2 id=\"flow\">Flow</h2><p>Click a scene to open its page: its objects, connections and simulated lifecycle.</p>"
        let rules = Set(content.rules.map(\.id))
        let index = sceneIndex
        // A reference scene's node opens the scene it refers to, when that is in the site.
        var sceneHrefs: [String: String] = [:]
        for scene in graph.scenes {
            if let controller = scene.controller.flatMap({ objects[$0] }), let target = referenceTarget(controller, number: number) {
                sceneHrefs[scene.id] = root + HTMLEscaping.urlPath(target)
            } else if let page = paths[scene.id] {
                sceneHrefs[scene.id] = root + HTMLEscaping.urlPath(page)
            }
        }
        let hrefs = sceneHrefs
        let links = DiagramLinks { target in
            switch target {
            case .rule(let id): rules.contains(id) ? root + "rules.html#" + HTMLEscaping.percentEncoded(id) : nil
            case .scene(let id): hrefs[id]
            case .object(let id): root + index.objectHref(document: number, object: ObjectID(id), documentPath: path)
            }
        }
        html += "<div class=\"figures\">"
        html += figure(
            dot: FlowDiagram.dot(graph, options: DiagramOptions(theme: .light, links: links, legend: .omit)), caption: "Storyboard flow",
            kind: .flow, name: document.relative, page: path)
        html += "</div>"
        html += legendToggle([.flow], page: path)
        html += "<h2 id=\"scenes\">Scenes</h2><ul class=\"scenes\">"
        let parts = Dictionary((document.launch?.scenes ?? []).map { ($0.sceneID, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        for scene in graph.scenes where seen.insert(scene.id).inserted {
            let title = Self.sceneTitle(scene, objects: objects)
            let anchor = " id=\"\(HTMLEscaping.escape(HTMLEscaping.sceneAnchor(scene.id)))\""
            var details: [String] = []
            if let controller = scene.controller.flatMap({ objects[$0] }) {
                if controller.placeholder == PlaceholderIdentifier.storyboardReference {
                    details.append("storyboard reference " + referenceLink(controller, number: number, root: root))
                } else {
                    details.append("<code>\(HTMLEscaping.escape(controller.runtimeClass))</code>")
                    if let identifier = controller.storyboardIdentifier { details.append("id “\(HTMLEscaping.escape(identifier))”") }
                }
            }
            if let part = parts[scene.id] { details.append(HTMLEscaping.escape(reachText(part, in: graph, number: number))) }
            let link = paths[scene.id].map { "<a href=\"\(root + HTMLEscaping.urlPath($0))\">\(HTMLEscaping.escape(title))</a>" }
            html += "<li\(anchor)>\(link ?? HTMLEscaping.escape(title)) · \(details.joined(separator: " · "))</li>"
        }
        html += "</ul>"
        html += "<h2 id=\"timeline\">Simulated load timeline</h2>"
        if let timeline = document.timeline {
            html += timelineContent(
                timeline, level: shownLevel, name: PagePath.lastComponent(document.relative), withLifecycle: false,
                pagePath: path)
        }
        html += findingsSection(document.findings, root: root) { finding in
            guard let scene = Self.scene(of: finding, in: graph), let page = paths[scene.id] else { return nil }
            return (root + HTMLEscaping.urlPath(page) + "#check", Self.sceneTitle(scene, objects: objects))
        }
        html += diagnosticsSection(graph)
        return html
    }

    /// A storyboard reference as a link to the scene (or storyboard) it opens, when in the site.
    func referenceLink(_ reference: NibObject, number: Int, root: String) -> String {
        let name = [reference.attributes["storyboardName"], reference.attributes["referencedIdentifier"]].compactMap { $0 }
            .joined(separator: " · ")
        let text = "<code>\(HTMLEscaping.escape(name.isEmpty ? reference.id.rawValue : name))</code>"
        guard let page = referenceTarget(reference, number: number) else {
            return text + " <span class=\"muted\">(not in this site)</span>"
        }
        return "<a class=\"reference\" href=\"\(root + HTMLEscaping.urlPath(page))\">\(text)</a>"
    }

    /// The page a storyboard reference of document `number` opens: the referenced scene's page,
    /// else the referenced storyboard's page; nil when it is not a reference or not in the site.
    func referenceTarget(_ reference: NibObject, number: Int) -> String? {
        let boards = storyboards
        guard let from = boards.firstIndex(where: { $0.record == number }),
            let target = AppMapDiagram.target(of: reference, from: from, in: storyboardEntries)
        else { return nil }
        let document = boards[target.storyboard].record
        return sceneIndex.path(document: document, scene: target.scene) ?? sceneIndex.documentPaths[document]
    }
}
