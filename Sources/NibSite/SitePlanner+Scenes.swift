import Foundation
import NibDiagrams
import NibModel

/// The third level of a project site: one page per storyboard scene (its object graph, its
/// objects and connections, the simulated run that shows its controller, the segues to and
/// from it, every other use of its classes), and the storyboard page that lists them.
extension SitePlanner {
    /// The scene pages of document `number` when it is a storyboard (`sceneIndex` is computed
    /// before any page is planned; `uses` is `classUses`).
    func planScenePages(of number: Int, uses: [String: [(String, String)]]) {
        let document = self.document(number)
        guard case .success(let graph) = document.graph, graph.isStoryboard else { return }
        let documentPath = sceneIndex.documentPaths[number]
        let documentName = PagePath.lastComponent(document.relative)
        let parts = Dictionary((document.launch?.scenes ?? []).map { ($0.sceneID, $0) }, uniquingKeysWith: { first, _ in first })
        let objects = graph.objectsByID
        let sceneOf = sceneIndex.sceneOf[number] ?? [:]
        let members = Dictionary(grouping: graph.objects.filter { sceneOf[$0.id] != nil }, by: { sceneOf[$0.id] ?? "" })
        // Read off the storyboard's load once, not per scene (a walk over all its events).
        let loadInitializers = document.timeline?.initializerEvents ?? [:]
        var seen = Set<String>()
        for scene in graph.scenes where seen.insert(scene.id).inserted {
            guard let path = sceneIndex.path(document: number, scene: scene.id) else { continue }
            let title = Self.sceneTitle(scene, objects: objects)
            var page = SitePage(
                path: path, title: title,
                breadcrumbs: [
                    ("Home", "index.html"), ("Documents", "documents/index.html"), (documentName, documentPath), (title, nil),
                ],
                content: PageContent(), section: "documents")
            let context = SceneContext(
                scene: scene, number: number, graph: graph, objects: objects, members: members[scene.id] ?? [], part: parts[scene.id],
                path: path, documentPath: documentPath, loadInitializers: loadInitializers)
            page.content = sceneContent(context, uses: uses)
            page.summary = "Scene of \(documentName)"
            page.searchTerms =
                sceneSearchTerms(scene, graph: graph) + Self.findingTerms(findings(document: number, scene: scene, graph: graph))
            pages.append(page)
        }
    }

    /// A scene being planned: its storyboard (document `number`), the storyboard's objects by id,
    /// the scene's own objects, the launch part that shows it, and the pages involved.
    struct SceneContext {
        var scene: Scene
        var number: Int
        var graph: NibGraph
        var objects: [ObjectID: NibObject]
        var members: [NibObject]
        var part: ScenePart?
        var path: String
        var documentPath: String
        /// The initializer each object receives in the storyboard's simulated load, by id.
        var loadInitializers: [String: Event]
    }

    /// How a scene is reached, in words people recognise: `SceneReach.summary(on:)` with each segue
    /// named by its identifier (`“showAppIDs”`) when it has one, else by its id.
    static func reachText(_ reach: SceneReach, in graph: NibGraph) -> String {
        let segues: [ObjectID]
        switch reach {
        case .segues(let path), .identifier(_, let path): segues = path
        case .launch, .initialController, .unreachable: return reach.summary(on: graph.platform)
        case .cellEmbed(let container):
            guard let scene = graph.scenes.first(where: { $0.controller == container }) else { return reach.summary(on: graph.platform) }
            return "embedded in a cell of “\(sceneTitle(scene, objects: graph.objectsByID))”, when the table makes that cell"
        }
        var text = reach.summary(on: graph.platform)
        let arrow = " → "
        let ids = segues.map(\.rawValue).joined(separator: arrow)
        let names = segues.map { id in
            graph.connections.first { $0.id == id }.flatMap { connection -> String? in
                guard case .segue(_, let segue) = connection.kind, let name = segue.identifier, !name.isEmpty else { return nil }
                return "“\(name)”"
            } ?? id.rawValue
        }
        if let range = text.range(of: ids, options: .backwards) { text.replaceSubrange(range, with: names.joined(separator: arrow)) }
        return text
    }

    /// A scene's title: its own, else its controller's label, storyboard id or class, else its id.
    static func sceneTitle(_ scene: Scene, objects: [ObjectID: NibObject]) -> String {
        if let title = scene.title, !title.isEmpty { return title }
        guard let controller = scene.controller.flatMap({ objects[$0] }) else { return "Scene " + scene.id }
        return controller.label ?? controller.storyboardIdentifier ?? controller.runtimeClass
    }

    func sceneContent(_ context: SceneContext, uses: [String: [(String, String)]]) -> PageContent {
        let (scene, number, graph, objects, members) = (context.scene, context.number, context.graph, context.objects, context.members)
        let (part, path, documentPath) = (context.part, context.path, context.documentPath)
        let root = PagePath.root(of: path)
        let memberIDs = Set(members.map { $0.id })
        let controller = scene.controller.flatMap { objects[$0] }
        var html = PageContent("<dl class=\"facts\">")
        html +=
            "<dt>Storyboard</dt><dd><a href=\"\(root + HTMLEscaping.urlPath(documentPath))\">\(HTMLEscaping.escape(graph.file))</a></dd>"
        html += "<dt>Scene id</dt><dd><code>\(HTMLEscaping.escape(scene.id))</code></dd>"
        if let controller, controller.placeholder == PlaceholderIdentifier.storyboardReference {
            html += "<dt>Storyboard reference</dt><dd>\(referenceLink(controller, number: number, root: root))</dd>"
        } else if let controller {
            html +=
                "<dt>Controller</dt><dd><code>\(HTMLEscaping.escape(controller.runtimeClass))</code> (\(HTMLEscaping.escape(controller.element)))</dd>"
            if let identifier = controller.storyboardIdentifier {
                html += "<dt>Storyboard id</dt><dd><code>\(HTMLEscaping.escape(identifier))</code></dd>"
            }
            if let restoration = controller.attributes["restorationIdentifier"] {
                html += "<dt>Restoration id</dt><dd><code>\(HTMLEscaping.escape(restoration))</code></dd>"
            }
        }
        if let part { html += "<dt>Reached</dt><dd>\(HTMLEscaping.escape(Self.reachText(part.reach, in: graph)))</dd>" }
        html += "<dt>Objects</dt><dd>\(members.count)</dd></dl>"
        html += seguesSection(scene, number: number, root: root)
        html += "<h2 id=\"graph\">Object graph</h2><div class=\"figures\">"
        var options = diagramOptions(pagePath: path, objects: Set(members.map { $0.id.rawValue }))
        // The legend is drawn once, behind a toggle, not inside a scene often smaller than it.
        options.legend = .omit
        html += figure(
            dot: ObjectGraphDiagram.dot(graph, scene: scene.id, options: options), caption: "Scene objects and connections", kind: .graph,
            name: graph.file + " " + scene.id, page: path)
        html += "</div>"
        html += legendToggle([.graph], page: path)
        html += "<h2 id=\"lifecycle\">Simulated lifecycle</h2>"
        if let part {
            html +=
                "<p>How the app reaches this scene: \(HTMLEscaping.escape(reachText(part, in: graph, number: number))) (R-SB-1). The storyboard is loaded \(HTMLEscaping.escape(loadedText(document(number), number: number))) (R-LAUNCH-1).</p>"
            if content.hasClassTable {
                html +=
                    "<p>With the class table of the app's sources, at L1: only the methods its classes override, and the exception the runtime raises where a key or selector is missing (R-SRC-4).</p>"
            }
            html +=
                "<p>The run starts where the app reaches the scene; rows in bold are sent to this scene's own objects.</p>"
            html += timelineContent(
                part.timeline, level: content.hasClassTable ? .l1 : part.timeline.traceLevel,
                name: Self.sceneTitle(scene, objects: objects), withLifecycle: true, pagePath: path, own: Set(members.map(\.id.rawValue)))
        } else {
            html += "<p class=\"muted\">No view controller of this scene is shown by the simulator (a reference, or no controller).</p>"
        }
        html += findingsSection(findings(document: number, scene: scene, graph: graph), root: root)
        html += sceneConnections(graph, objects: objects, members: memberIDs, root: root, number: number, documentPath: documentPath)
        html += sceneObjects(members, part: part, loadInitializers: context.loadInitializers, root: root)
        html += classUsesSection(members, uses: uses, path: path, root: root)
        return html
    }

    /// Segues from this scene, then segues (and references) into it, each linking to its scene.
    func seguesSection(_ scene: Scene, number: Int, root: String) -> String {
        let paths = sceneIndex.documentPaths
        func link(_ document: Int, _ sceneID: String?) -> String {
            guard document >= 0 else { return "<span class=\"muted\">a storyboard not in this site</span>" }
            let name = PagePath.lastComponent(content.documents[document].relative)
            if let target = sceneIndex.path(document: document, scene: sceneID), let sceneID {
                let title = sceneIndex.sceneTitles[document]?[sceneID] ?? sceneID
                return "<a href=\"\(root + HTMLEscaping.urlPath(target))\">\(HTMLEscaping.escape(title))</a>"
                    + (document == number ? "" : " in \(HTMLEscaping.escape(name))")
            }
            return "<a href=\"\(root + HTMLEscaping.urlPath(paths[document]))\">\(HTMLEscaping.escape(name))</a>"
        }
        func row(_ segue: SceneIndex.Segue, outgoing: Bool) -> String {
            let other = outgoing ? link(segue.toDocument, segue.toScene) : link(segue.fromDocument, segue.fromScene)
            let via = segue.reference.map { " via storyboard reference <code>\(HTMLEscaping.escape($0))</code>" } ?? ""
            let name = segue.name.isEmpty ? "" : " <code>\(HTMLEscaping.escape(segue.name))</code>"
            return "<li>\(HTMLEscaping.escape(segue.kind))\(name) \(outgoing ? "to" : "from") \(other)\(via)</li>"
        }
        let outgoing = sceneIndex.segues.filter { $0.fromDocument == number && $0.fromScene == scene.id }
        let incoming = sceneIndex.segues.filter { $0.toDocument == number && $0.toScene == scene.id }
        // A storyboard reference's scene: the segues that land on the reference, and where it leads.
        let through = sceneIndex.segues.filter { $0.fromDocument == number && $0.referenceScene == scene.id }
        var html = "<h2 id=\"segues\">Segues</h2>"
        if outgoing.isEmpty && incoming.isEmpty && through.isEmpty { return html + "<p>None to or from this scene.</p>" }
        if !outgoing.isEmpty { html += "<h3 id=\"segues-out\">To</h3><ul>" + outgoing.map { row($0, outgoing: true) }.joined() + "</ul>" }
        if !incoming.isEmpty { html += "<h3 id=\"segues-in\">From</h3><ul>" + incoming.map { row($0, outgoing: false) }.joined() + "</ul>" }
        if !through.isEmpty {
            html +=
                "<h3 id=\"segues-through\">Through this reference</h3><ul>"
                + through.map { segue in
                    let name = segue.name.isEmpty ? "" : " <code>\(HTMLEscaping.escape(segue.name))</code>"
                    return "<li>\(HTMLEscaping.escape(segue.kind))\(name) from \(link(segue.fromDocument, segue.fromScene)), "
                        + "opening \(link(segue.toDocument, segue.toScene))</li>"
                }.joined() + "</ul>"
        }
        return html
    }

    func sceneConnections(
        _ graph: NibGraph, objects: [ObjectID: NibObject], members: Set<ObjectID>, root: String, number: Int, documentPath: String
    ) -> String {
        // Rows appended as bytes (`ByteText`), as the document page's tables are.
        func appendName(_ id: ObjectID?, to out: ByteText) {
            guard let id else {
                out += "<em>nil (responder chain)</em>"
                return
            }
            // A segue into a storyboard reference ends at the scene it opens, not at the
            // placeholder's class (Yep's tabs read "rootViewController → UIViewController").
            if let reference = objects[id], reference.placeholder == PlaceholderIdentifier.storyboardReference {
                out += "storyboard reference "
                out += referenceLink(reference, number: number, root: root)
                return
            }
            let text = objects[id].map(\.displayName) ?? id.rawValue
            out += "<a href=\""
            if members.contains(id) {
                out += "#"
                out += HTMLEscaping.objectFragment(id.rawValue)
            } else {
                out += root
                out += sceneIndex.objectHref(document: number, object: id, documentPath: documentPath)
            }
            out += "\">"
            out.appendEscaped(text)
            out += "</a>"
        }
        let heading = "<h2 id=\"connections\">Connections</h2>"
        guard graph.connections.contains(where: { members.contains($0.source) }) else {
            return heading + "<p>None from this scene's objects.</p>"
        }
        let html = ByteText(capacity: 4096)
        html += heading
        html +=
            "<div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Kind</th><th scope=\"col\">Source</th><th scope=\"col\">Name</th><th scope=\"col\">Destination</th></tr></thead><tbody>"
        for connection in graph.connections where members.contains(connection.source) {
            html += "<tr class=\"conn-"
            html += connection.kind.name
            html += "\"><td>"
            html += connection.kind.name
            html += "</td><td>"
            appendName(connection.source, to: html)
            html += "</td><td><code>"
            html.appendEscaped(Self.connectionName(connection))
            html += "</code></td><td>"
            appendName(connection.destination, to: html)
            html += "</td></tr>"
        }
        html += "</tbody></table></div>"
        return html.string
    }

    /// The outlet property, action selector, binding or segue identifier of a connection.
    static func connectionName(_ connection: Connection) -> String {
        switch connection.kind {
        case .outlet(let property, _), .outletCollection(let property, _, _): property
        case .action(let selector, _, _): selector
        case .binding(let binding, _, let keyPath, _): binding + " " + keyPath
        case .segue(_, let segue): segue.identifier ?? segue.relationship ?? segue.kind
        }
    }

    /// The scene's objects with the initializer each receives (R-INIT-1): in the run that shows
    /// the scene, else in the simulated load of the storyboard.
    func sceneObjects(_ members: [NibObject], part: ScenePart?, loadInitializers: [String: Event], root: String) -> String {
        // Looked up per member: merging the storyboard's whole table into the run's, per scene,
        // copied every object's entry of the document for each of its scenes.
        let shown = part?.timeline.initializerEvents ?? [:]
        let html = ByteText(capacity: 256 * (members.count + 1))
        html +=
            "<h2 id=\"instantiation\">Objects</h2><p>Each object of the scene and the initializer it receives (R-INIT-1).</p><div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">Object</th><th scope=\"col\">Class</th><th scope=\"col\">Initializer</th><th scope=\"col\">Line</th></tr></thead><tbody>"
        var seen = Set<String>()
        for object in members {
            let anchor = HTMLEscaping.objectAnchor(object.id.rawValue)
            html += "<tr"
            if seen.insert(anchor).inserted {
                html += " id=\""
                html.appendEscaped(anchor)
                html += "\""
            }
            html += "><td><a href=\"#"
            html += HTMLEscaping.objectFragment(object.id.rawValue)
            html += "\">"
            html.appendEscaped(object.label ?? object.placeholder ?? object.element)
            html += "</a> <code>"
            html.appendEscaped(object.id.rawValue)
            html += "</code></td><td><code>"
            html.appendEscaped(object.className)
            html += "</code>"
            if let appClass = object.appClass {
                html += " "
                Self.appendClassLink(appClass, root: root, to: html)
            } else if let customClass = object.customClass {
                html += " <code>"
                html.appendEscaped(customClass)
                html += "</code>"
            }
            html += "</td><td>"
            Self.appendInitializerCell(object, event: shown[object.id.rawValue] ?? loadInitializers[object.id.rawValue], to: html)
            html += "</td><td>"
            html.append(object.line)
            html += "</td></tr>"
        }
        html += "</tbody></table></div>"
        return html.string
    }

    /// class name → (label, root-relative href) of every object of that class in the project.
    func classUses(_ documentPaths: [String]) -> [String: [(String, String)]] {
        var uses: [String: [(String, String)]] = [:]
        for (number, document) in content.documents.enumerated() {
            guard case .success(let graph) = document.graph else { continue }
            // The scene's title tells apart the uses of one class in one storyboard (Yep's four
            // tabs: "Main.storyboard · YepNavigationController" four times).
            let sceneTitles = Dictionary(graph.scenes.map { ($0.id, $0.title ?? $0.id) }, uniquingKeysWith: { first, _ in first })
            for object in graph.objects {
                guard let custom = object.appClass else { continue }
                let href = sceneIndex.objectHref(document: number, object: object.id, documentPath: documentPaths[number])
                let scene = object.scene.flatMap { sceneTitles[$0] }.map { $0 == object.displayName ? "" : " · " + $0 } ?? ""
                uses[custom, default: []].append((document.relative + scene + " · " + object.displayName, href))
            }
        }
        return uses
    }

    /// Other uses a scene page lists per class; the class index lists them all. (A class on
    /// hundreds of scenes listed every other use on each of them: page text growing with the
    /// square of the project, and every such page rebuilt when a use was added anywhere;
    /// `unitContext` reads only what can be shown.)
    static let classUsesShown = 10

    func classUsesSection(_ members: [NibObject], uses: [String: [(String, String)]], path: String, root: String) -> String {
        let classes = Set(members.compactMap(\.appClass)).sorted()
        guard !classes.isEmpty else { return "" }
        var html = "<h2 id=\"classes\">Other uses of its classes</h2><dl class=\"classes\">"
        let own = HTMLEscaping.urlPath(path) + "#"
        for name in classes {
            let others = (uses[name] ?? []).filter { !$0.1.hasPrefix(own) }
            let index = "\(root)classes/index.html#\(Self.classAnchor(name))"
            html += "<dt><a href=\"\(index)\"><code>\(HTMLEscaping.escape(name))</code></a></dt><dd>"
            guard !others.isEmpty else {
                html += "Only here.</dd>"
                continue
            }
            html += "<ul>"
            for use in others.prefix(Self.classUsesShown) {
                html += "<li><a href=\"\(root + use.1)\">\(HTMLEscaping.escape(use.0))</a></li>"
            }
            if others.count > Self.classUsesShown {
                // No count: a use added anywhere in the project would change every such page.
                html += "<li><a href=\"\(index)\">More in the class index</a></li>"
            }
            html += "</ul></dd>"
        }
        return html + "</dl>"
    }

    /// Identifiers people search for: storyboard and restoration ids, segue ids, outlets, actions, classes.
    func sceneSearchTerms(_ scene: Scene, graph: NibGraph) -> [(kind: String, text: String, anchor: String?)] {
        var terms: [(kind: String, text: String, anchor: String?)] = []
        let members = graph.objects.filter { $0.scene == scene.id || $0.id == scene.controller }
        let ids = Set(members.map { $0.id })
        for object in members {
            let anchor = HTMLEscaping.objectFragment(object.id.rawValue)
            terms.append(("id", object.id.rawValue + " " + object.runtimeClass + (object.label.map { " " + $0 } ?? ""), anchor))
            if let identifier = object.storyboardIdentifier { terms.append(("storyboard id", identifier, anchor)) }
            if let restoration = object.attributes["restorationIdentifier"] { terms.append(("restoration id", restoration, anchor)) }
            if let custom = object.customClass { terms.append(("class", custom, anchor)) }
        }
        for connection in graph.connections where ids.contains(connection.source) {
            let kind: String
            switch connection.kind {
            case .outlet, .outletCollection: kind = "outlet"
            case .action: kind = "action"
            case .binding: kind = "binding"
            case .segue: kind = "segue"
            }
            terms.append((kind, Self.connectionName(connection), "connections"))
        }
        return terms
    }
}
