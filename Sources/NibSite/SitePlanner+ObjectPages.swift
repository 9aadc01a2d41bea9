import Foundation
import NibDiagrams
import NibModel

/// The third level of a big xib: one page per top-level object part of its split object graph
/// (`ObjectGraphDiagram.parts`), so the document page carries only the overview.
extension SitePlanner {
    /// Plans a page per part and returns the linked list the document page shows in their place.
    /// The document's instantiation diagram is left out when the graph is split: the
    /// instantiation table of the document page says the same for every object.
    func planObjectPages(_ split: [DocumentPart], of graph: NibGraph, document: SiteContent.DocumentRecord, path: String) -> String {
        let folder = String(path.dropLast(5)) + "/"
        let depth = String(repeating: "../", count: folder.split(separator: "/").count)
        let documentHref = depth + HTMLEscaping.urlPath(path)
        let rules = Set(content.rules.map(\.id))
        let objects = Set(graph.objects.map(\.id.rawValue))
        let links = DiagramLinks { target in
            switch target {
            case .rule(let id): rules.contains(id) ? depth + "rules.html#" + HTMLEscaping.percentEncoded(id) : nil
            case .object(let id): objects.contains(id) ? documentHref + "#" + HTMLEscaping.objectFragment(id) : nil
            case .scene: nil
            }
        }
        let name = (document.relative as NSString).lastPathComponent
        var list = "<p>The object graph is split: the overview above, and one page per top-level object.</p><ul class=\"parts\">"
        for part in ObjectGraphDiagram.diagrams(of: split, in: graph, options: DiagramOptions(theme: .light, links: links, legend: .omit)) {
            let partPath = sceneIndex.claim(
                folder + HTMLEscaping.fileComponent(part.name) + ".html", key: document.relative + " " + part.name)
            var content = PageContent(
                "<p>Part of <a href=\"\(documentHref)\">\(HTMLEscaping.escape(document.relative))</a>: a top-level object and everything it holds; objects link to their rows on the document page.</p><div class=\"figures\">"
            )
            content += figure(dot: part.dot, caption: part.title, kind: .graph, name: document.relative + " " + part.name, page: partPath)
            content += "</div>"
            content += legendToggle([.graph], page: partPath)
            var page = SitePage(
                path: partPath, title: part.title,
                breadcrumbs: [("Home", "index.html"), ("Documents", "documents/index.html"), (name, path), (part.title, nil)],
                content: content, section: "documents")
            page.summary = "Top-level object of \(name)"
            pages.append(page)
            let href = HTMLEscaping.urlPath(String(partPath.dropFirst((path as NSString).deletingLastPathComponent.count + 1)))
            list += "<li><a href=\"\(href)\">\(HTMLEscaping.escape(part.title))</a></li>"
        }
        return list + "</ul>"
    }
}
