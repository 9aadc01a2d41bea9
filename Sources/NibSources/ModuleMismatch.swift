import NibModel

/// A custom class the runtime cannot find because the module the document names is not one
/// the sources compile the class into (R-CHK-9): the nib asks for `Module.Class`, the runtime
/// logs "Unknown class _TtC… in Interface Builder file." and builds the element's framework
/// class instead, whose missing keys then fail like any other (R-OUT-1).
public struct ModuleMismatch: Sendable, Hashable {
    /// The class name as the document writes it.
    public var className: String
    /// The module the runtime looks the class up in.
    public var lookedUpModule: String
    /// True when that module is the document's own target's (`customModuleProvider="target"`).
    public var isTargetModule: Bool
    /// The modules the project files put the class's source file in.
    public var definedIn: [String]

    /// The name the nib stores and the runtime's log prints: Swift's mangled `_TtC<module><class>`.
    public var runtimeName: String { "_TtC\(lookedUpModule.utf8.count)\(lookedUpModule)\(className.utf8.count)\(className)" }

    /// The runtime's log line.
    public var logText: String { "Unknown class \(runtimeName) in Interface Builder file." }
}

extension SourceIndex {
    /// Whether the runtime will miss `object`'s custom class for its module (R-CHK-9); nil when
    /// it finds it or when the project files cannot decide (a module is never guessed: R-SRC-5).
    /// `documentPath` locates the document for `customModuleProvider="target"`.
    public func moduleMismatch(for object: NibObject, documentPath: String) -> ModuleMismatch? {
        // A placeholder is handed to the loader, never looked up by its class (R-NIB-3).
        guard object.placeholder == nil, let name = object.customClass, !name.isEmpty, let written = object.customModule,
            !written.isEmpty,
            let list = candidates[name], !list.isEmpty
        else { return nil }
        // Objective-C classes and `@objc(Name)` ones are registered under their plain name.
        guard list.allSatisfy({ $0.language == .swift && !$0.isRenamed && !$0.knownModules.isEmpty }) else { return nil }
        let isTarget = object.attributes["customModuleProvider"] == "target"
        let wanted: [String] = isTarget ? projectModules.modules(of: documentPath).sorted() : [written]
        let definedIn = Set(list.flatMap(\.knownModules))
        guard let missing = wanted.first(where: { !definedIn.contains($0) }) else { return nil }
        return ModuleMismatch(className: name, lookedUpModule: missing, isTargetModule: isTarget, definedIn: definedIn.sorted())
    }
}

extension SourceIndex {
    /// Every object of `graphs` whose custom class the runtime will not find (R-CHK-9), as the
    /// simulator takes them (`SimulationOptions.classesNotFound`): file → object id → log line.
    public func classesNotFound(in graphs: [NibGraph]) -> [String: [ObjectID: String]] {
        var result: [String: [ObjectID: String]] = [:]
        for graph in graphs {
            let found = classesNotFound(in: graph, at: graph.file)
            if !found.isEmpty { result[graph.file] = found }
        }
        return result
    }

    /// The objects of `graph`, read from `path` (a site names documents relative to its input),
    /// whose custom class the runtime will not find (R-CHK-9): object id → log line.
    public func classesNotFound(in graph: NibGraph, at path: String) -> [ObjectID: String] {
        var result: [ObjectID: String] = [:]
        for object in graph.objects {
            if let mismatch = moduleMismatch(for: object, documentPath: path) { result[object.id] = mismatch.logText }
        }
        return result
    }

    /// What the runtime sees of the app's classes while it loads `graph` (read from `path`, by
    /// default its own file name), for a simulation: the class table with each custom class
    /// resolved for its module over `base` (R-SRC-3), and the objects whose class it will not
    /// find, keyed by the graph's file as `SimulationOptions.classesNotFound` is (R-CHK-9).
    public func runtimeClasses(loading graph: NibGraph, at path: String? = nil, base: [String: ClassInfo]? = nil) -> (
        table: [String: ClassInfo], notFound: [String: [ObjectID: String]]
    ) {
        (table(for: graph, at: path, base: base), notFound(loading: graph, at: path))
    }

    /// `runtimeClasses(loading:at:base:)` as what it changes in its base table
    /// (`overrides(for:)`) rather than the table.
    public func runtimeOverrides(loading graph: NibGraph, at path: String? = nil) -> (
        overrides: [String: ClassInfo?], notFound: [String: [ObjectID: String]]
    ) {
        (overrides(for: graph, at: path), notFound(loading: graph, at: path))
    }

    /// `classesNotFound` keyed by the graph's file, as `SimulationOptions.classesNotFound` is.
    private func notFound(loading graph: NibGraph, at path: String?) -> [String: [ObjectID: String]] {
        let found = classesNotFound(in: graph, at: path ?? graph.file)
        return found.isEmpty ? [:] : [graph.file: found]
    }
}
