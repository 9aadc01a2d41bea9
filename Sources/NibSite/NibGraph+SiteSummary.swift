import NibModel

extension NibGraph {
    /// The graph as the rest of a project's site reads it before the document's own pages are
    /// planned (the scene index, the app map, storyboard references, class uses, the home page
    /// and the indexes): its header, scenes and diagnostics; its segues; and the objects those
    /// readers look up. A site build keeps this for every document and parses each document again
    /// when its pages are planned, so its memory does not grow with the documents' objects.
    ///
    /// Kept objects: every object whose id is a scene's controller (its storyboard id, its
    /// title), the initial controller, a segue's end, a storyboard reference or a custom class's
    /// user (all objects sharing such an id, so that `objectsByID` answers as the full graph
    /// does), and each scene's first object that is no placeholder (the title of a scene without
    /// a controller).
    /// Document order is kept.
    public var siteSummary: NibGraph {
        var ids = Set<ObjectID>()
        for scene in scenes { if let controller = scene.controller { ids.insert(controller) } }
        if let initialViewController { ids.insert(initialViewController) }
        var segues: [Connection] = []
        for connection in connections {
            guard case .segue(let destination, _) = connection.kind else { continue }
            segues.append(connection)
            ids.insert(connection.source)
            ids.insert(destination)
        }
        for object in objects where object.customClass != nil || object.placeholder == PlaceholderIdentifier.storyboardReference {
            ids.insert(object.id)
        }
        var titled = Set<String>()
        let kept = objects.filter { object in
            var firstOfScene = false
            if let scene = object.scene, !object.isPlaceholder { firstOfScene = titled.insert(scene).inserted }
            return firstOfScene || ids.contains(object.id)
        }
        return NibGraph(
            file: file, format: format, documentType: documentType, platform: platform, targetRuntime: targetRuntime,
            toolsVersion: toolsVersion, isStoryboard: isStoryboard, objects: kept, connections: segues, scenes: scenes,
            initialViewController: initialViewController, diagnostics: diagnostics)
    }
}
