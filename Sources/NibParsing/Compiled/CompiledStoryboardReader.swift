import Foundation
import NibModel

/// Reads a compiled storyboard (`Foo.storyboardc/`: `Info.plist` + one nib per scene and one per
/// scene view) into one storyboard `NibGraph`.
///
/// Each controller nib named in `Info.plist` becomes a scene (id = the nib name); the view nib
/// its controller names (`UINibName`) is merged below the controller, its File's Owner being the
/// controller. Object ids are `nib:#n`. Segue destinations, stored as storyboard identifiers,
/// are resolved through `Info.plist`.
enum CompiledStoryboardReader {
    static func parse(folder url: URL, name: String) throws -> NibGraph {
        let infoURL = url.appendingPathComponent("Info.plist")
        guard FileManager.default.fileExists(atPath: infoURL.path) else {
            throw LocatedError(at: FileLocation(file: name), "compiled storyboard without Info.plist")
        }
        let info = try StoryboardInfo(contentsOf: infoURL, name: name + "/Info.plist")
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        let available = Set(contents.filter { $0.hasSuffix(".nib") }.map { String($0.dropLast(4)) })
        var merged = Merge(file: name)
        var controllers: [String: ObjectID] = [:]
        var used: Set<String> = []
        let identifiersByNib = Dictionary(grouping: info.nibNames.keys.sorted(), by: { info.nibNames[$0] ?? "" })
        for nib in identifiersByNib.keys.sorted() {
            guard available.contains(nib) else {
                merged.diagnostics.append(
                    Diagnostic(.warning, at: FileLocation(file: name + "/Info.plist"), "names nib \(plain(nib)), which is missing"))
                continue
            }
            used.insert(nib)
            let scene = try readNib(url, nib, storyboard: name)
            guard let controller = scene.controller else {
                merged.add(scene.graph, prefix: nib, scene: nib, owner: nil)
                merged.diagnostics.append(Diagnostic(.warning, at: FileLocation(file: scene.graph.file), "scene nib without a controller"))
                continue
            }
            let controllerID = merged.add(scene.graph, prefix: nib, scene: nib, owner: nil)[controller] ?? controller
            for identifier in identifiersByNib[nib] ?? [] { controllers[identifier] = controllerID }
            merged.scenes.append(Scene(id: nib, controller: controllerID, title: scene.title))
            if let viewNib = scene.viewNib, available.contains(viewNib), !used.contains(viewNib) {
                used.insert(viewNib)
                let view = try readNib(url, viewNib, storyboard: name)
                merged.add(view.graph, prefix: viewNib, scene: nib, owner: controllerID)
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

    /// One nib of the folder: its graph, its controller, the controller's view nib and title.
    private static func readNib(_ folder: URL, _ nib: String, storyboard: String) throws -> (
        graph: NibGraph, controller: ObjectID?, viewNib: String?, title: String?
    ) {
        let url = folder.appendingPathComponent(nib + ".nib")
        let shown = storyboard + "/" + nib + ".nib"
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let graph =
            isDirectory.boolValue
            ? try CompiledNibParser.parse(bundle: url, name: shown) : try CompiledNibParser.parse(contentsOf: url, name: shown)
        let roots = graph.objects.filter { $0.parent == nil && !$0.isPlaceholder }
        let controller = roots.first { $0.className.contains("Controller") } ?? roots.first
        return (graph, controller?.id, controller?.attributes["nibName"], controller?.attributes["title"])
    }
}

/// The storyboard graph being assembled from per-nib graphs.
private struct Merge {
    let file: String
    var objects: [NibObject] = []
    var connections: [Connection] = []
    var scenes: [Scene] = []
    var diagnostics: [Diagnostic] = []
    var format: NibGraph.Format = .nibArchive
    private var notes: Set<String> = []
    /// Each scene's placeholders by identifier, shared with its view nib.
    private var placeholders: [String: [String: ObjectID]] = [:]

    init(file: String) { self.file = file }

    /// Adds a nib's graph with ids prefixed `nib:`; with an `owner`, its File's Owner is that
    /// object and its top-level objects hang below it. Returns the id mapping.
    @discardableResult
    mutating func add(_ graph: NibGraph, prefix: String, scene: String, owner: ObjectID?) -> [ObjectID: ObjectID] {
        var mapping: [ObjectID: ObjectID] = [:]
        var shared: Set<ObjectID> = []
        for object in graph.objects {
            var target = ObjectID(prefix + ":" + object.id.rawValue)
            if let owner, let placeholder = object.placeholder {
                // A view nib's File's Owner is its controller; its other proxies are the scene's.
                let existing = placeholder == PlaceholderIdentifier.filesOwner ? owner : placeholders[scene]?[placeholder]
                if let existing {
                    target = existing
                    shared.insert(object.id)
                }
            }
            mapping[object.id] = target
        }
        func mapped(_ id: ObjectID) -> ObjectID { mapping[id] ?? ObjectID(prefix + ":" + id.rawValue) }
        for var object in graph.objects where !shared.contains(object.id) {
            if let placeholder = object.placeholder, placeholders[scene]?[placeholder] == nil {
                placeholders[scene, default: [:]][placeholder] = mapped(object.id)
            }
            object.id = mapped(object.id)
            object.parent = object.parent.map(mapped) ?? (object.isPlaceholder ? nil : owner)
            object.scene = scene
            objects.append(object)
        }
        for var connection in graph.connections {
            connection.source = mapped(connection.source)
            switch connection.kind {
            case .outlet(let property, let destination): connection.kind = .outlet(property: property, destination: mapped(destination))
            case .outletCollection(let property, let destination, let appends):
                connection.kind = .outletCollection(property: property, destination: mapped(destination), appends: appends)
            case .action(let selector, let target, let event):
                connection.kind = .action(selector: selector, target: target.map(mapped), eventType: event)
            case .binding(let name, let destination, let keyPath, let options):
                connection.kind = .binding(name: name, destination: mapped(destination), keyPath: keyPath, options: options)
            case .segue: break  // destinations are storyboard identifiers, resolved at the end
            }
            connections.append(connection)
        }
        if graph.format == .keyedArchive { format = .keyedArchive }
        for diagnostic in graph.diagnostics {
            if diagnostic.severity == .note {
                // Said once for the storyboard, not once per nib.
                guard notes.insert(diagnostic.message).inserted else { continue }
                diagnostics.append(Diagnostic(.note, at: FileLocation(file: file), diagnostic.message))
            } else {
                diagnostics.append(diagnostic)
            }
        }
        return mapping
    }

    /// Segue destinations named by storyboard identifier → the controllers' ids.
    mutating func resolveSegues(_ controllers: [String: ObjectID]) {
        for index in connections.indices {
            guard case .segue(let destination, let segue) = connections[index].kind else { continue }
            if let controller = controllers[destination.rawValue] {
                connections[index].kind = .segue(destination: controller, segue)
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, at: FileLocation(file: file), "segue to unknown controller identifier \(plain(destination.rawValue))"))
            }
        }
    }
}
