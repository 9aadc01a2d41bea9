import Foundation
import NibDiagrams
import NibModel

/// The third level of a big xib: one page per top-level object part of its split object graph
/// (`ObjectGraphDiagram.parts`), so the document page carries only the overview.
extension SitePlanner {
    /// What the document page says of its part pages. Big containers are cut out of their
    /// top-level object's page (MacPass's DatabaseSettingsWindow.xib: one window, eight pages),
    /// so the sentence counts both.
    static func splitSentence(topLevel: Int, containers: Int) -> String {
        "The object graph is split: the overview above, and one page per top-level object (\(topLevel))"
            + (containers == 0
                ? "" : " and per container big enough to be drawn on its own (\(containers)), each page saying where it sits")
            + "."
    }

    /// Plans a page per part and returns the linked list the document page shows in their place.
    /// The document's instantiation diagram is left out when the graph is split: the
    /// instantiation table of the document page says the same for every object.
    func planObjectPages(_ split: [DocumentPart], of graph: NibGraph, document: SiteContent.DocumentRecord, path: String) -> String {
        let folder = String(path.dropLast(5)) + "/"
        let depth = String(repeating: "../", count: PagePath.segmentCount(folder))
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
        let name = PagePath.lastComponent(document.relative)
        let diagrams = ObjectGraphDiagram.diagrams(
            of: split, in: graph, options: DiagramOptions(theme: .light, links: links, legend: .omit))
        // Every page's path first: a part links to the parts cut out of it and to the one it is in.
        let partPaths = diagrams.map { part in
            sceneIndex.claim(folder + HTMLEscaping.fileComponent(part.name) + ".html", key: document.relative + " " + part.name)
        }
        let nesting = Self.partNesting(split, in: graph)
        func partLink(_ index: Int) -> String {
            "<a href=\"\(HTMLEscaping.urlPath(String(partPaths[index].dropFirst(folder.count))))\">\(HTMLEscaping.escape(diagrams[index].title))</a>"
        }
        let topLevel = (0..<diagrams.count).filter { nesting.parent[$0] == nil }.count
        var list = "<p>\(Self.splitSentence(topLevel: topLevel, containers: diagrams.count - topLevel))</p><ul class=\"parts\">"
        for (index, part) in diagrams.enumerated() {
            let partPath = partPaths[index]
            let inside = nesting.parent[index].map { ", inside " + partLink($0) } ?? ""
            let cutOut = nesting.children[index] ?? []
            let holds =
                (nesting.parent[index] == nil ? "a top-level object" : "an object") + " and everything it holds"
                + (cutOut.isEmpty ? "" : " but the containers drawn on pages of their own (listed below)")
            var content = PageContent(
                "<p>Part of <a href=\"\(documentHref)\">\(HTMLEscaping.escape(document.relative))</a>\(inside): \(holds); objects link to their rows on the document page.</p><div class=\"figures\">"
            )
            content += figure(dot: part.dot, caption: part.title, kind: .graph, name: document.relative + " " + part.name, page: partPath)
            content += "</div>"
            if !cutOut.isEmpty {
                content +=
                    "<p>Cut out of it, on pages of their own:</p><ul class=\"parts\">"
                    + cutOut.map { "<li>\(partLink($0))</li>" }.joined() + "</ul>"
            }
            content += legendToggle([.graph], page: partPath)
            var page = SitePage(
                path: partPath, title: part.title,
                breadcrumbs: [("Home", "index.html"), ("Documents", "documents/index.html"), (name, path), (part.title, nil)],
                content: content, section: "documents")
            page.summary = (nesting.parent[index] == nil ? "Top-level object of " : "Container in ") + name
            pages.append(page)
            let href = HTMLEscaping.urlPath(String(partPath.dropFirst(PagePath.folder(path).count + 1)))
            list += "<li><a href=\"\(href)\">\(HTMLEscaping.escape(part.title))</a></li>"
        }
        return list + "</ul>"
    }

    /// Which part each object part sits in (the part holding its root's parent) and which parts
    /// are cut out of each, by index in `split` (`DocumentPartition` cuts big containers out of
    /// their parent's part).
    static func partNesting(_ split: [DocumentPart], in graph: NibGraph) -> (parent: [Int: Int], children: [Int: [Int]]) {
        var owner: [ObjectID: Int] = [:]
        for (index, part) in split.enumerated() {
            for member in part.members where owner[member] == nil { owner[member] = index }
        }
        let objects = graph.objectsByID
        var parent: [Int: Int] = [:]
        var children: [Int: [Int]] = [:]
        for (index, part) in split.enumerated() where part.kind == .object {
            guard let up = objects[ObjectID(part.id)]?.parent, let holder = owner[up], holder != index else { continue }
            parent[index] = holder
            children[holder, default: []].append(index)
        }
        return (parent, children)
    }
}
