import Foundation
import GraphvizRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses rendered SVG and collects the groups Graphviz writes, for structural checks.
final class SVGInspector: NSObject, XMLParserDelegate {
    struct Group {
        var classes: [String]
        var title = ""
        var texts: [String] = []
        var linkTitles: [String] = []
        var hrefs: [String] = []
    }

    private(set) var groups: [Group] = []
    private(set) var wellFormed = false
    private(set) var styleText = ""
    private var stack: [Int] = []  // indices into groups for open <g class=node|edge|cluster>
    private var depthOfGroup: [Int] = []
    private var text = ""
    private var inStyle = false

    init(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        wellFormed = parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        text = ""
        if name == "style" { inStyle = true }
        if name == "g" {
            let classes = (attributes["class"] ?? "").split(separator: " ").map(String.init)
            if let first = classes.first, ["node", "edge", "cluster"].contains(first) {
                groups.append(Group(classes: classes))
                stack.append(groups.count - 1)
                depthOfGroup.append(1)
                return
            }
        }
        if !depthOfGroup.isEmpty { depthOfGroup[depthOfGroup.count - 1] += 1 }
        if name == "a", let index = stack.last {
            if let title = attributes["xlink:title"] { groups[index].linkTitles.append(title) }
            if let href = attributes["xlink:href"] { groups[index].hrefs.append(href) }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if inStyle { styleText += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "style" { inStyle = false }
        if let index = stack.last {
            if name == "title" && groups[index].title.isEmpty { groups[index].title = text }
            if name == "text" { groups[index].texts.append(text) }
        }
        text = ""
        guard !depthOfGroup.isEmpty else { return }
        depthOfGroup[depthOfGroup.count - 1] -= 1
        if depthOfGroup[depthOfGroup.count - 1] == 0 {
            depthOfGroup.removeLast()
            stack.removeLast()
        }
    }

    /// Groups of a Graphviz kind (`node`, `edge`, `cluster`) that carry `role` and not `legend`.
    func groups(_ kind: String, role: String? = nil, includeLegend: Bool = false) -> [Group] {
        groups.filter { group in
            group.classes.first == kind && (role.map { group.classes.contains($0) } ?? true)
                && (includeLegend || !group.classes.contains(where: { $0.hasPrefix("legend") }))
        }
    }

    /// Renders DOT to SVG in-process.
    static func render(_ dot: String) throws -> [UInt8] {
        try GraphvizRenderer.shared.render(RenderRequest(dot: dot, format: .svg, name: "test")).data
    }
}
