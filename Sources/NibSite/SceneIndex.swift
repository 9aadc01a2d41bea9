import Foundation
import NibDiagrams
import NibModel

/// The scene pages of a project's storyboards and the segues between them (storyboard
/// references resolved across documents by `AppMapDiagram.target`), computed once per build;
/// every page and diagram that links to a scene asks this value.
struct SceneIndex {
    /// One segue between scenes, possibly across storyboards.
    struct Segue {
        var fromDocument: Int
        var fromScene: String
        var toDocument: Int
        /// Nil when the destination is a storyboard (reference) without a resolved scene.
        var toScene: String?
        /// The segue identifier, else its relationship, else "".
        var name: String
        /// `show`, `presentation`, `relationship`, `embed`, …
        var kind: String
        /// The storyboard reference it went through (`Settings` · `SettingsRoot`), if any.
        var reference: String?
        /// The scene of `fromDocument` that holds that reference: the segue lands there before
        /// the referenced storyboard's scene is loaded.
        var referenceScene: String? = nil
    }

    /// The page of each document, in document order.
    var documentPaths: [String] = []
    /// document index → scene id → page path.
    var paths: [Int: [String: String]] = [:]
    /// Every page path given out (lowercased: case-insensitive file systems), so that no two
    /// pages of a build share one: documents, scenes, object parts, and the site's own pages.
    private(set) var claimed: Set<String> = ["index.html", "documents/index.html", "classes/index.html", "rules.html"]
    /// document index → object id → scene id.
    var sceneOf: [Int: [ObjectID: String]] = [:]
    /// Every segue of the project.
    var segues: [Segue] = []
    /// document index → scene id → the scene's title (`SitePlanner.sceneTitle`).
    var sceneTitles: [Int: [String: String]] = [:]
    /// The claims made since the index was built, in order: (path asked, key, path given). A
    /// document planned against a copy of the index replays them on the real one
    /// (`SitePlanner.plan`).
    var claimLog: [(path: String, key: String, result: String)] = []

    /// `path` when no page has it yet, else `path` with a stable hash of `key` (and a counter,
    /// should that be taken too); the result is claimed.
    mutating func claim(_ path: String, key: String) -> String {
        var candidate = path
        var salt = 0
        while !claimed.insert(candidate.lowercased()).inserted {
            candidate = String(path.dropLast(5)) + "-" + StableHash.hex(salt == 0 ? [key] : [key, "\(salt)"]).prefix(8) + ".html"
            salt += 1
        }
        claimLog.append((path, key, candidate))
        return candidate
    }

    /// Document pages (`documents/<relative path>.html`) and scene pages for every scene of
    /// every readable storyboard (`documents/<relative path>/<scene id>.html`).
    static func build(documents: [SiteContent.DocumentRecord]) -> SceneIndex {
        var index = SceneIndex()
        index.documentPaths = documents.map { document in
            let path =
                "documents/" + document.relative.split(separator: "/").map { HTMLEscaping.fileComponent(String($0)) }.joined(separator: "/")
                + ".html"
            return index.claim(path, key: document.relative)
        }
        let documentPaths = index.documentPaths
        var boards: [AppMapDiagram.Storyboard] = []
        var boardDocument: [Int] = []
        for (number, document) in documents.enumerated() {
            guard case .success(let graph) = document.graph, graph.isStoryboard else { continue }
            boards.append(AppMapDiagram.Storyboard(key: document.relative, graph: graph))
            boardDocument.append(number)
            let folder = String(documentPaths[number].dropLast(5)) + "/"
            var paths: [String: String] = [:]
            let objects = graph.objectsByID
            var titles: [String: String] = [:]
            for scene in graph.scenes where titles[scene.id] == nil {
                titles[scene.id] = SitePlanner.sceneTitle(scene, objects: objects)
            }
            index.sceneTitles[number] = titles
            for scene in graph.scenes where paths[scene.id] == nil {
                paths[scene.id] = index.claim(
                    folder + HTMLEscaping.fileComponent(scene.id) + ".html", key: document.relative + " " + scene.id)
            }
            index.paths[number] = paths
            index.sceneOf[number] = sceneOf(graph)
        }
        for (board, storyboard) in boards.enumerated() {
            let number = boardDocument[board]
            let graph = storyboard.graph
            let objects = graph.objectsByID
            let sceneOf = index.sceneOf[number] ?? [:]
            for connection in graph.connections {
                guard case .segue(let destination, let segue) = connection.kind, segue.kind != "unwind",
                    let from = sceneOf[connection.source]
                else { continue }
                let name = segue.identifier ?? segue.relationship ?? ""
                let kind = segue.relationship != nil ? "relationship" : segue.kind
                var toDocument = number
                var toScene = sceneOf[destination]
                var reference: String?
                let target = objects[destination]
                if let target, target.placeholder == PlaceholderIdentifier.storyboardReference {
                    reference = [target.attributes["storyboardName"], target.attributes["referencedIdentifier"]].compactMap { $0 }
                        .joined(separator: " · ")
                    guard let resolved = AppMapDiagram.target(of: target, from: board, in: boards) else {
                        index.segues.append(
                            Segue(
                                fromDocument: number, fromScene: from, toDocument: -1, toScene: nil, name: name, kind: kind,
                                reference: reference, referenceScene: sceneOf[destination]))
                        continue
                    }
                    toDocument = boardDocument[resolved.storyboard]
                    toScene = resolved.scene
                }
                index.segues.append(
                    Segue(
                        fromDocument: number, fromScene: from, toDocument: toDocument, toScene: toScene, name: name, kind: kind,
                        reference: reference, referenceScene: reference == nil ? nil : sceneOf[destination]))
            }
        }
        index.claimLog = []
        return index
    }

    /// The scene of each object of a storyboard: a scene's controller is in its scene (the first
    /// scene of an id that repeats), any other object in the scene it declares.
    static func sceneOf(_ graph: NibGraph) -> [ObjectID: String] {
        var sceneOf: [ObjectID: String] = [:]
        var seen = Set<String>()
        for scene in graph.scenes where seen.insert(scene.id).inserted {
            if let controller = scene.controller { sceneOf[controller] = scene.id }
        }
        for object in graph.objects where sceneOf[object.id] == nil {
            if let scene = object.scene { sceneOf[object.id] = scene }
        }
        return sceneOf
    }

    /// The page of `scene` of document `document`, when it has one.
    func path(document: Int, scene: String?) -> String? {
        scene.flatMap { paths[document]?[$0] }
    }

    /// Root-relative href of an object: its row on its scene's page, else on the document page.
    func objectHref(document: Int, object: ObjectID, documentPath: String) -> String {
        let page = sceneOf[document]?[object].flatMap { paths[document]?[$0] } ?? documentPath
        return HTMLEscaping.urlPath(page) + "#" + HTMLEscaping.objectFragment(object.rawValue)
    }
}
