import Foundation
import NibModel

/// Reads a compiled storyboard (`Foo.storyboardc/`: `Info.plist` + one nib per scene and one per
/// scene view) into one storyboard `NibGraph`, for iOS (`UIStoryboard`) and macOS
/// (`NSStoryboard`: the application scene, and controllers archived in another's nib — a
/// window's content, split and tab items — each given its scene back).
///
/// Each controller nib named in `Info.plist` becomes a scene (id = the nib name); the view nib
/// each of its controllers names (`UINibName`) is merged below that controller, its File's Owner
/// being the controller and its other placeholders the scene objects the controller's
/// `UIExternalObjectsTableForViewLoading` names. Object ids are `nib:n`. Segue destinations,
/// stored as storyboard identifiers, are resolved through `Info.plist`; a view's `perform:`
/// action on a segue template becomes that segue's trigger, as in the source storyboard.
public enum CompiledStoryboardReader {
    /// Reads the `.storyboardc` folder at `url`; `name` names it in the graph and in messages.
    public static func parse(folder url: URL, name: String) throws -> NibGraph {
        let infoURL = url.appendingPathComponent("Info.plist")
        guard FileManager.default.fileExists(atPath: infoURL.path) else {
            throw LocatedError(at: FileLocation(file: name), "compiled storyboard without Info.plist")
        }
        let info = try StoryboardInfo(contentsOf: infoURL, name: name + "/Info.plist")
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        let available = Set(contents.filter { $0.hasSuffix(".nib") }.map { String($0.dropLast(4)) })
        var merged = StoryboardMerge(file: name)
        var controllers: [String: ObjectID] = [:]
        var used: Set<String> = []
        let identifiersByNib = Dictionary(grouping: info.nibNames.keys.sorted(), by: { info.nibNames[$0] ?? "" })
        // The application scene (macOS: `NSStoryboardMainMenu`) first, as storyboards list it.
        let menu = info.mainMenu.map { [$0] } ?? []
        for nib in menu + identifiersByNib.keys.sorted().filter({ !menu.contains($0) }) {
            guard available.contains(nib) else {
                merged.diagnostics.append(
                    Diagnostic(
                        .warning, at: FileLocation(file: name + "/Info.plist"), "names nib \(TextQuoting.plain(nib)), which is missing"))
                continue
            }
            used.insert(nib)
            let scene = try readNib(url, nib, storyboard: name)
            let mapping = merged.add(scene.graph, prefix: nib, scene: nib, owner: nil, externals: [:])
            guard let controller = sceneController(of: scene.graph, isMainMenu: nib == info.mainMenu) else {
                merged.diagnostics.append(Diagnostic(.warning, at: FileLocation(file: scene.graph.file), "scene nib without a controller"))
                continue
            }
            let controllerID = mapping[controller.id] ?? controller.id
            if nib == info.mainMenu { merged.makeApplication(controllerID) }
            for identifier in identifiersByNib[nib] ?? [] { controllers[identifier] = controllerID }
            merged.scenes.append(Scene(id: nib, controller: controllerID, title: controller.attributes["title"]))
            let externals = scene.externalObjects.compactMapValues { mapping[$0] ?? ObjectID(nib + ":" + $0.rawValue) }
            if nib == info.mainMenu { merged.placeMainMenu(in: nib, application: controllerID) }
            // A window controller's content view controller, a split or tab view controller's
            // children are archived in its nib; the source storyboard gives each a scene of its
            // own. Outer controllers move first, so a child's child ends in its own scene.
            var sceneOf: [ObjectID: String] = [:]
            let contained = scene.graph.containedControllers
            // (A damaged nib's item may hold its own container: that keeps the scene it heads.)
            for object in scene.graph.objects where contained.contains(object.id) && object.id != controller.id {
                let content = object.id
                guard let id = mapping[content] else { continue }
                // Named like the source scene's controller (its view nib's name holds its id).
                let contentScene =
                    object.attributes["nibName"].flatMap(SceneNibs.controllerID(ofViewNib:)) ?? nib + "-" + content.rawValue
                merged.move(id, toScene: contentScene)
                merged.scenes.append(Scene(id: contentScene, controller: id, title: object.attributes["title"]))
                sceneOf[content] = contentScene
            }
            // Every controller of the scene (a container's children too) may have a view nib.
            for owner in scene.graph.objects {
                guard let viewNib = owner.attributes["nibName"], available.contains(viewNib), !used.contains(viewNib) else { continue }
                used.insert(viewNib)
                let view = try readNib(url, viewNib, storyboard: name)
                merged.add(
                    view.graph, prefix: viewNib, scene: sceneOf[owner.id] ?? nib, owner: mapping[owner.id] ?? owner.id, externals: externals
                )
            }
        }
        for nib in available.subtracting(used).sorted() {
            merged.diagnostics.append(
                Diagnostic(
                    .note, at: FileLocation(file: name + "/" + nib + ".nib"), "not named by Info.plist nor by a scene controller; not read")
            )
        }
        merged.resolveSegues(controllers)
        let type =
            info.platform == .macos
            ? "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
        return NibGraph(
            file: name, format: merged.format, documentType: type, platform: info.platform,
            isStoryboard: true, objects: merged.objects, connections: merged.connections, scenes: merged.scenes,
            initialViewController: info.entryPoint.flatMap { controllers[$0] }, diagnostics: merged.diagnostics)
    }

    /// A scene nib's controller: what File's Owner's `sceneController` (macOS) or
    /// `sceneViewController` outlet names, in the main menu's nib the application (File's Owner),
    /// else the first top-level controller.
    private static func sceneController(of graph: NibGraph, isMainMenu: Bool) -> NibObject? {
        let owner = graph.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner }
        if isMainMenu, let owner { return owner }
        for connection in graph.connections where connection.source == owner?.id {
            guard case .outlet(let property, let destination) = connection.kind,
                property == "sceneController" || property == "sceneViewController"
            else { continue }
            if let controller = graph.objects.first(where: { $0.id == destination }) { return controller }
        }
        let roots = graph.objects.filter { $0.parent == nil && !$0.isPlaceholder }
        return roots.first { $0.className.contains("Controller") } ?? roots.first
    }

    /// One nib of the folder (a file or a nib bundle).
    private static func readNib(_ folder: URL, _ nib: String, storyboard: String) throws -> CompiledNibParser.Decoded {
        let url = folder.appendingPathComponent(nib + ".nib")
        let shown = storyboard + "/" + nib + ".nib"
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        return isDirectory.boolValue
            ? try CompiledNibParser.decode(bundle: url, name: shown) : try CompiledNibParser.decode(contentsOf: url, name: shown)
    }
}

extension NibGraph {
    /// The controllers this nib's controllers hold through relationships ibtool archives in the
    /// same nib (a window's content view controller, split and tab items).
    fileprivate var containedControllers: Set<ObjectID> {
        Set(
            connections.compactMap { connection in
                guard case .segue(let destination, let segue) = connection.kind,
                    let relationship = segue.relationship, IBObjectDataReader.containedRelationships.contains(relationship)
                else { return nil }
                return destination
            })
    }
}
