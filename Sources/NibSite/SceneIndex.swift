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
    }

    /// document index → scene id → page path.
    var paths: [Int: [String: String]] = [:]
    /// document index → object id → scene id.
    var sceneOf: [Int: [ObjectID: String]] = [:]
    /// Every segue of the project.
    var segues: [Segue] = []

    /// Scene pages for every scene of every readable storyboard.
    static func build(documents: [SiteContent.DocumentRecord], documentPaths: [String]) -> SceneIndex {
        var index = SceneIndex()
        var boards: [AppMapDiagram.Storyboard] = []
        var boardDocument: [Int] = []
        for (number, document) in documents.enumerated() {
            guard case .success(let graph) = document.graph, graph.isStoryboard else { continue }
            boards.append(
                AppMapDiagram.Storyboard(
                    key: document.relative, name: ((document.relative as NSString).lastPathComponent as NSString).deletingPathExtension,
                    graph: graph))
            boardDocument.append(number)
            let folder = String(documentPaths[number].dropLast(5)) + "/"
            var used = Set<String>()
            var paths: [String: String] = [:]
            var sceneOf: [ObjectID: String] = [:]
            for scene in graph.scenes where paths[scene.id] == nil {
                var path = folder + HTMLEscaping.fileComponent(scene.id) + ".html"
                if !used.insert(path.lowercased()).inserted {
                    path = String(path.dropLast(5)) + "-" + StableHash.hex([scene.id]).prefix(8) + ".html"
                    used.insert(path.lowercased())
                }
                paths[scene.id] = path
                if let controller = scene.controller { sceneOf[controller] = scene.id }
            }
            for object in graph.objects where sceneOf[object.id] == nil {
                if let scene = object.scene { sceneOf[object.id] = scene }
            }
            index.paths[number] = paths
            index.sceneOf[number] = sceneOf
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
                                reference: reference))
                        continue
                    }
                    toDocument = boardDocument[resolved.storyboard]
                    toScene = resolved.scene
                }
                index.segues.append(
                    Segue(
                        fromDocument: number, fromScene: from, toDocument: toDocument, toScene: toScene, name: name, kind: kind,
                        reference: reference))
            }
        }
        return index
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
