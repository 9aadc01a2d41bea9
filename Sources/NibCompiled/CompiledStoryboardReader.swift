import Foundation
import NibModel

/// Reads a compiled storyboard (`Foo.storyboardc/`: `Info.plist` + one nib per scene and one per
/// scene view) into one storyboard `NibGraph`.
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
        for nib in identifiersByNib.keys.sorted() {
            guard available.contains(nib) else {
                merged.diagnostics.append(
                    Diagnostic(
                        .warning, at: FileLocation(file: name + "/Info.plist"), "names nib \(TextQuoting.plain(nib)), which is missing"))
                continue
            }
            used.insert(nib)
            let scene = try readNib(url, nib, storyboard: name)
            let mapping = merged.add(scene.graph, prefix: nib, scene: nib, owner: nil, externals: [:])
            let roots = scene.graph.objects.filter { $0.parent == nil && !$0.isPlaceholder }
            guard let controller = (roots.first { $0.className.contains("Controller") } ?? roots.first) else {
                merged.diagnostics.append(Diagnostic(.warning, at: FileLocation(file: scene.graph.file), "scene nib without a controller"))
                continue
            }
            let controllerID = mapping[controller.id] ?? controller.id
            for identifier in identifiersByNib[nib] ?? [] { controllers[identifier] = controllerID }
            merged.scenes.append(Scene(id: nib, controller: controllerID, title: controller.attributes["title"]))
            let externals = scene.externalObjects.compactMapValues { mapping[$0] ?? ObjectID(nib + ":" + $0.rawValue) }
            // Every controller of the scene (a container's children too) may have a view nib.
            for owner in scene.graph.objects {
                guard let viewNib = owner.attributes["nibName"], available.contains(viewNib), !used.contains(viewNib) else { continue }
                used.insert(viewNib)
                let view = try readNib(url, viewNib, storyboard: name)
                merged.add(view.graph, prefix: viewNib, scene: nib, owner: mapping[owner.id] ?? owner.id, externals: externals)
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
