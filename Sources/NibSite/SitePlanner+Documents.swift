import Foundation
import NibDiagrams
import NibModel

extension SitePlanner {
    /// The page of document `number`, after the pages of its object parts when its graph is split.
    func planDocumentPage(of number: Int) {
        let document = self.document(number)
        let path = sceneIndex.documentPaths[number]
        let name = PagePath.lastComponent(document.relative)
        var page = SitePage(
            path: path, title: name,
            breadcrumbs: [("Home", "index.html"), ("Documents", "documents/index.html")] + folderCrumbs(document) + [(name, nil)],
            content: PageContent(), section: "documents")
        switch document.graph {
        case .failure(let error):
            page.content = PageContent(
                "<p class=\"error\" role=\"alert\">This document could not be read.</p><pre class=\"source\"><code>Error: \(HTMLEscaping.escape(error.description))</code></pre>"
            )
            page.summary = "could not be read"
            page.searchTerms = [("error", error.description, nil)]
        case .success(let graph) where graph.isStoryboard:
            page.content = storyboardContent(graph, document: document, number: number, path: path)
            page.summary = "\(graph.platform) storyboard, " + Self.counted(graph.scenes.count, "scene")
            page.searchTerms =
                graph.diagnostics.map { ("diagnostic", $0.description, "diagnostics") } + Self.findingTerms(document.findings)
        case .success(let graph):
            page.content = documentContent(graph, document: document, path: path)
            page.summary = "\(graph.platform) \(graph.isStoryboard ? "storyboard" : "xib"), \(graph.objects.count) objects"
            var terms: [(String, String, String?)] = []
            for object in graph.objects {
                terms.append(("id", object.id.rawValue + " " + object.runtimeClass, HTMLEscaping.objectFragment(object.id.rawValue)))
                if let custom = object.customClass { terms.append(("class", custom, HTMLEscaping.objectFragment(object.id.rawValue))) }
            }
            for connection in graph.connections {
                terms.append(
                    (connection.kind.name, Self.connectionName(connection), HTMLEscaping.objectFragment(connection.source.rawValue)))
            }
            terms += graph.diagnostics.map { ("diagnostic", $0.description, "diagnostics") }
            terms += Self.findingTerms(document.findings).map { ($0.kind, $0.text, $0.anchor) }
            page.searchTerms = terms.map { (kind: $0.0, text: $0.1, anchor: $0.2) }
        }
        pages.append(page)
    }

    func folderCrumbs(_ document: SiteContent.DocumentRecord) -> [(String, String?)] {
        let folder = PagePath.folder(document.relative)
        return folder.isEmpty ? [] : [(folder, "documents/index.html#" + HTMLEscaping.slug(folder))]
    }

    func documentContent(_ graph: NibGraph, document: SiteContent.DocumentRecord, path: String) -> PageContent {
        let root = PagePath.root(of: path)
        let byID = graph.objectsByID
        // The tables' rows are appended as bytes (`ByteText`): a big storyboard's four tables run
        // to thousands of rows, and their string interpolations were a tenth of planning a page.
        func appendObjectLink(_ id: ObjectID?, to out: ByteText) {
            guard let id else {
                out += "<em>nil (responder chain)</em>"
                return
            }
            guard let name = byID[id]?.displayName else {
                out += "<span class=\"missing\">no such object</span> <code>"
                out.appendEscaped(id.rawValue)
                out += "</code>"
                return
            }
            out += "<a href=\"#"
            out += HTMLEscaping.objectFragment(id.rawValue)
            out += "\">"
            out.appendEscaped(name)
            out += "</a> <code>"
            out.appendEscaped(id.rawValue)
            out += "</code>"
        }
        let kindCounts = Dictionary(grouping: graph.connections, by: { $0.kind.name }).mapValues(\.count)
        var html = PageContent("<dl class=\"facts\">")
        let facts: [(String, String)] =
            [
                ("File", document.relative), ("Platform", graph.platform.rawValue), ("Type", graph.documentType),
                ("Format", graph.format.rawValue), ("Tools version", graph.toolsVersion ?? "–"), ("Objects", "\(graph.objects.count)"),
                (
                    "Connections",
                    ["outlet", "outletCollection", "action", "binding", "segue"].map { "\($0) \(kindCounts[$0] ?? 0)" }.joined(
                        separator: ", ")
                ),
            ] + (graph.isStoryboard ? [("Scenes", "\(graph.scenes.count)")] : [])
        for (key, value) in facts { html += "<dt>\(key)</dt><dd>\(HTMLEscaping.escape(value))</dd>" }
        html += "</dl>"
        html +=
            "<nav class=\"toc\" aria-label=\"On this page\"><ul><li><a href=\"#diagrams\">Diagrams</a></li><li><a href=\"#instantiation\">Instantiation</a></li><li><a href=\"#timeline\">Load timeline</a></li><li><a href=\"#connections\">Connections</a></li><li><a href=\"#objects\">Objects</a></li>\(graph.isStoryboard ? "<li><a href=\"#scenes\">Scenes</a></li>" : "")\(content.hasClassTable ? "<li><a href=\"#check\">Check findings</a></li>" : "")<li><a href=\"#diagnostics\">Diagnostics</a></li></ul></nav>"
        html += "<h2 id=\"diagrams\">Diagrams</h2><div class=\"figures\">"
        var options = diagramOptions(
            pagePath: path, objects: Set(graph.objects.map(\.id.rawValue)), scenes: graph.isStoryboard ? Set(graph.scenes.map(\.id)) : [])
        options.legend = .omit
        let (diagrams, split) = DiagramSet.documentPage(graph, load: document.timeline, options: options)
        var drawn: [DiagramKind] = []
        for (kind, named) in diagrams {
            html += figure(dot: named.dot, caption: named.title, kind: kind, name: document.relative, page: path)
            drawn.append(kind)
        }
        html += "</div>"
        html += legendToggle(drawn, page: path)
        if let split { html += planObjectPages(split, of: graph, document: document, path: path) }
        html +=
            "<h2 id=\"instantiation\">Instantiation</h2><p>The initializer each object receives when the simulator loads the document (R-INIT-1), read from its timeline; placeholders are resolved, never created (R-NIB-3).</p><div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Object</th><th scope=\"col\">Element</th><th scope=\"col\">Initializer</th></tr></thead><tbody>"
        let initializers = document.timeline?.initializerEvents ?? [:]
        let rows = ByteText(capacity: 128 * graph.objects.count)
        for object in graph.objects {
            rows += "<tr><td>"
            appendObjectLink(object.id, to: rows)
            rows += "</td><td><code>"
            rows.appendEscaped(object.element)
            rows += "</code></td><td>"
            Self.appendInitializerCell(object, event: initializers[object.id.rawValue], to: rows)
            rows += "</td></tr>"
        }
        html += rows.string
        html += "</tbody></table></div>"
        html += "<h2 id=\"timeline\">Simulated load timeline</h2>"
        if let timeline = document.timeline {
            // What the run assumed (who loads the xib, R-XIB-1) and left out (prototype cells, R-SB-7).
            for note in timeline.notes { html += "<p class=\"note\">\(HTMLEscaping.escape(note))</p>" }
            // A view controller's xib (R-XIB-1) has view states to draw; any other owner's none.
            html += timelineContent(
                timeline, level: shownLevel, name: PagePath.lastComponent(document.relative), withLifecycle: true,
                pagePath: path, objects: Set(graph.objects.map(\.id.rawValue)))
        }
        html +=
            "<h2 id=\"connections\">Connections</h2><div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Kind</th><th scope=\"col\">Source</th><th scope=\"col\">Name</th><th scope=\"col\">Destination</th><th scope=\"col\">Details</th></tr></thead><tbody>"
        let connectionRows = ByteText(capacity: 256 * graph.connections.count)
        for connection in graph.connections {
            let (name, details): (String, String)
            switch connection.kind {
            case .outlet(let property, _): (name, details) = (property, "")
            case .outletCollection(let property, _, let appends): (name, details) = (property, appends ? "appends" : "")
            case .action(let selector, _, let event): (name, details) = (selector, event ?? "")
            case .binding(let binding, _, let keyPath, let options):
                (name, details) = (
                    binding, keyPath + (options.isEmpty ? "" : " {" + options.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}")
                )
            case .segue(_, let segue):
                (name, details) = (
                    segue.identifier ?? "", [segue.kind, segue.relationship, segue.customClass].compactMap { $0 }.joined(separator: " ")
                )
            }
            connectionRows += "<tr class=\"conn-"
            connectionRows += connection.kind.name
            connectionRows += "\"><td>"
            connectionRows += connection.kind.name
            connectionRows += "</td><td>"
            appendObjectLink(connection.source, to: connectionRows)
            connectionRows += "</td><td><code>"
            connectionRows.appendEscaped(name)
            connectionRows += "</code></td><td>"
            appendObjectLink(connection.destination, to: connectionRows)
            connectionRows += "</td><td>"
            connectionRows.appendEscaped(details)
            connectionRows += "</td></tr>"
        }
        html += connectionRows.string
        html += "</tbody></table></div>"
        html +=
            "<h2 id=\"objects\">Objects</h2><div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Id</th><th scope=\"col\">Element</th><th scope=\"col\">Class</th><th scope=\"col\">Custom class</th><th scope=\"col\">Label</th><th scope=\"col\">Parent</th><th scope=\"col\">Scene</th><th scope=\"col\">Line</th></tr></thead><tbody>"
        var seenAnchors = Set<String>()
        let objectRows = ByteText(capacity: 384 * graph.objects.count)
        for object in graph.objects {
            let anchor = HTMLEscaping.objectAnchor(object.id.rawValue)
            objectRows += "<tr"
            if seenAnchors.insert(anchor).inserted {
                objectRows += " id=\""
                objectRows.appendEscaped(anchor)
                objectRows += "\""
            }
            if object.isPlaceholder { objectRows += " class=\"placeholder\"" }
            objectRows += "><td><code>"
            objectRows.appendEscaped(object.id.rawValue)
            objectRows += "</code></td><td><code>"
            objectRows.appendEscaped(object.element)
            objectRows += "</code></td><td><code>"
            objectRows.appendEscaped(object.className)
            objectRows += "</code></td><td>"
            if let appClass = object.appClass {
                Self.appendClassLink(appClass, root: root, to: objectRows)
            } else if let customClass = object.customClass {
                objectRows += "<code>"
                objectRows.appendEscaped(customClass)
                objectRows += "</code>"
            }
            objectRows += "</td><td>"
            objectRows.appendEscaped(object.label ?? object.placeholder ?? "")
            objectRows += "</td><td>"
            if let parent = object.parent { appendObjectLink(parent, to: objectRows) }
            objectRows += "</td><td>"
            objectRows.appendEscaped(object.scene ?? "")
            objectRows += "</td><td>"
            objectRows.append(object.line)
            objectRows += "</td></tr>"
        }
        html += objectRows.string
        html += "</tbody></table></div>"
        if graph.isStoryboard {
            html +=
                "<h2 id=\"scenes\">Scenes</h2><div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Scene</th><th scope=\"col\">Title</th><th scope=\"col\">Controller</th><th scope=\"col\">Line</th></tr></thead><tbody>"
            var seenScenes = Set<String>()
            let sceneRows = ByteText(capacity: 256 * graph.scenes.count)
            for scene in graph.scenes {
                sceneRows += "<tr"
                if seenScenes.insert(scene.id).inserted {
                    sceneRows += " id=\""
                    sceneRows.appendEscaped(HTMLEscaping.sceneAnchor(scene.id))
                    sceneRows += "\""
                }
                sceneRows += "><td><code>"
                sceneRows.appendEscaped(scene.id)
                sceneRows += "</code></td><td>"
                sceneRows.appendEscaped(scene.title ?? "")
                sceneRows += "</td><td>"
                if let controller = scene.controller { appendObjectLink(controller, to: sceneRows) }
                sceneRows += "</td><td>"
                sceneRows.append(scene.line)
                sceneRows += "</td></tr>"
            }
            html += sceneRows.string
            html += "</tbody></table></div>"
        }
        html += findingsSection(document.findings, root: root)
        html += diagnosticsSection(graph)
        return html
    }

    /// The "Diagnostics" heading and list of a document or storyboard page.
    func diagnosticsSection(_ graph: NibGraph) -> String {
        guard !graph.diagnostics.isEmpty else { return "<h2 id=\"diagnostics\">Diagnostics</h2><p>None.</p>" }
        return "<h2 id=\"diagnostics\">Diagnostics</h2><ul class=\"diagnostics\">"
            + graph.diagnostics.map { "<li class=\"\($0.severity.rawValue)\">\(HTMLEscaping.escape($0.description))</li>" }.joined()
            + "</ul>"
    }

    /// What the instantiation table says for an object: the simulator's initializer event
    /// (selector and rule), "resolved" for placeholders, or that this load did not create it.
    static func initializerCell(_ object: NibObject, event: Event?) -> String {
        let out = ByteText()
        appendInitializerCell(object, event: event, to: out)
        return out.string
    }

    /// `initializerCell` appended to `out`.
    static func appendInitializerCell(_ object: NibObject, event: Event?, to out: ByteText) {
        if let event, let selector = event.selector {
            out += "<code class=\"initializer\">"
            out.appendEscaped(selector)
            out += "</code> ("
            out.appendEscaped(event.rule)
            out += ")"
        } else if object.isPlaceholder {
            out += "resolved (placeholder, R-NIB-3)"
        } else {
            out += "<span class=\"muted\">not created by this load</span>"
        }
    }

    /// A link to `name`'s entry on the class index, from a page `root` below the site root.
    static func appendClassLink(_ name: String, root: String, to out: ByteText) {
        out += "<a href=\""
        out += root
        out += "classes/index.html#"
        out += classAnchor(name)
        out += "\"><code>"
        out.appendEscaped(name)
        out += "</code></a>"
    }

    static func classAnchor(_ name: String) -> String { "class-" + HTMLEscaping.fileComponent(name) }

    /// The documents' index (`documents/index.html`); nil without documents.
    func documentIndexPage(_ paths: [String]) -> SitePage? {
        let documents = content.documents
        guard !documents.isEmpty else { return nil }
        var groups: [String: [(SiteContent.DocumentRecord, String)]] = [:]
        for (document, path) in zip(documents, paths) {
            groups[PagePath.folder(document.relative), default: []].append((document, path))
        }
        let failed = documents.filter { (try? $0.graph.get()) == nil }.count
        var html = "<p>\(documents.count) documents, \(failed) could not be read.</p>"
        for folder in groups.keys.sorted() {
            html += "<h2 id=\"\(HTMLEscaping.slug(folder))\">\(HTMLEscaping.escape(folder.isEmpty ? "(top level)" : folder))</h2>"
            let entries = groups[folder] ?? []
            var byPlatform: [String: [(SiteContent.DocumentRecord, String)]] = [:]
            for entry in entries {
                let platform = (try? entry.0.graph.get().platform.rawValue) ?? "unreadable"
                byPlatform[platform, default: []].append(entry)
            }
            for platform in byPlatform.keys.sorted() {
                html +=
                    "<h3 id=\"\(HTMLEscaping.slug(folder + "-" + platform))\">\(HTMLEscaping.escape(platform))</h3><ul class=\"columns\">"
                for (entry, entryPath) in byPlatform[platform] ?? [] {
                    let name = PagePath.lastComponent(entry.relative)
                    let failed = (try? entry.graph.get()) == nil
                    html +=
                        "<li\(failed ? " class=\"failed\"" : "")><a href=\"../\(HTMLEscaping.urlPath(entryPath))\">\(HTMLEscaping.escape(name))</a>\(failed ? " <span class=\"error\">error</span>" : "")</li>"
                }
                html += "</ul>"
            }
        }
        return SitePage(
            path: "documents/index.html", title: "Documents", breadcrumbs: [("Home", "index.html"), ("Documents", nil)],
            content: PageContent(html),
            section: "documents")
    }

    /// The class index (`classes/index.html`): every custom class and where it is used; nil
    /// without documents.
    func classesPage() -> SitePage? {
        guard !content.documents.isEmpty else { return nil }
        var uses: [String: [(SiteContent.DocumentRecord, String, NibObject, String?)]] = [:]
        for (number, (document, path)) in zip(content.documents, sceneIndex.documentPaths).enumerated() {
            guard case .success(let graph) = document.graph else { continue }
            let sceneTitles = Dictionary(graph.scenes.map { ($0.id, $0.title ?? $0.id) }, uniquingKeysWith: { first, _ in first })
            for object in graph.objects {
                guard let custom = object.appClass else { continue }
                let href = sceneIndex.objectHref(document: number, object: object.id, documentPath: path)
                uses[custom, default: []].append((document, href, object, object.scene.map { sceneTitles[$0] ?? $0 }))
            }
        }
        var html =
            "<p>Every custom class used by the documents of this build, with each document and scene that uses it.</p><dl class=\"classes\">"
        for name in uses.keys.sorted() {
            html += "<dt id=\"\(Self.classAnchor(name))\"><code>\(HTMLEscaping.escape(name))</code></dt><dd><ul>"
            for (document, href, object, scene) in uses[name] ?? [] {
                let link = "../" + href
                html +=
                    "<li><a href=\"\(link)\">\(HTMLEscaping.escape(document.relative))</a> <code>\(HTMLEscaping.escape(object.element))</code> \(HTMLEscaping.escape(object.id.rawValue))\(scene.map { " · scene " + HTMLEscaping.escape($0) } ?? "")</li>"
            }
            html += "</ul></dd>"
        }
        html += "</dl>"
        var page = SitePage(
            path: "classes/index.html", title: "Classes", breadcrumbs: [("Home", "index.html"), ("Classes", nil)],
            content: PageContent(html),
            section: "classes")
        page.searchTerms = uses.keys.sorted().map { ("class", $0, Self.classAnchor($0)) }
        return page
    }
}
