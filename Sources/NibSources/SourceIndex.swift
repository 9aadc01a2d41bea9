import NibModel

/// Everything `--sources` learned: the class table (the value a scenario's `classes:` holds,
/// so every simulator rule applies unchanged), each class's declarations with their locations,
/// the modules seen and the identifier literals used in code.
public struct SourceIndex: Sendable {
    /// One class as one module declares it, with its extensions and categories merged in.
    public struct DerivedClass: Sendable {
        /// The table entry.
        public var info: ClassInfo
        /// Every declaration of the class, its extensions and categories, in file order.
        public var members: [SourceMember]
        /// The module of the class declaration.
        public var module: String
        /// The language of the class declaration.
        public var language: SourceLanguage
        /// The modules the project files decide for the declaring file (R-SRC-5); empty when undecidable.
        public var knownModules: [String] = []
        /// `@objc(Name)`: the runtime name does not depend on the module.
        public var isRenamed = false
        /// For the entry listed under the Swift name of a class renamed with `@objc(Name)`, that
        /// `Name` (R-SRC-1). Such an entry is found only by a document naming its module, so it is
        /// left out of `table`, which is what a document naming no module sees.
        public var objcNameOfRenamed: String?

        /// Registered with the Objective-C runtime under its plain name (Objective-C classes and
        /// `@objc(Name)` Swift ones); other Swift classes only under `_TtC<module><name>`.
        public var isPlainRegistered: Bool { language != .swift || isRenamed }
    }

    /// Classes by runtime name; several when modules of the sources declare the same name.
    public var candidates: [String: [DerivedClass]] = [:]
    /// UIKit/AppKit classes the sources extend (`extension UIView { @IBInspectable var … }`):
    /// framework keys and actions plus the extension's (R-SRC-3).
    public var frameworkExtensions: [String: ClassInfo] = [:]
    /// Every module a source file belongs to (SourceModules) or a project file declares.
    public var modules: Set<String> = []
    /// What the project files say about the modules of files and documents (R-SRC-5).
    public var projectModules = ProjectModules()
    /// Identifier literals passed to storyboard and segue APIs.
    public var identifierUses: [IdentifierUse] = []
    /// Kinds of identifier some file passes to those APIs as a computed value (R-CHK-8).
    public var computedIdentifierKinds: Set<IdentifierUse.Kind> = []
    /// Every string literal of the sources, and the digests of those known by digest only
    /// (`SourceFileDeclarations.stringLiteralDigests`); ask `mentions`.
    public var stringLiterals: Set<String> = []
    public var stringLiteralDigests: Set<String> = []

    /// Class names the sources use as a type without declaring them (a property's or an outlet's
    /// type, a superclass), each with its first use in path order: such a class comes from
    /// linked code not given (a package, Pod or framework), or the app would not compile.
    public var typeUses: [String: TypeUse] = [:]

    /// Where the sources use a class they do not declare.
    public struct TypeUse: Hashable, Sendable {
        public enum Role: Hashable, Sendable {
            /// The type of a property, an outlet or an instance variable.
            case memberType
            /// The superclass of a class.
            case superclass
            /// A type the code of a file names (a parameter, a local, `[Name alloc]`, `Name()`).
            case codeMention
        }
        public var role: Role
        /// The member with its class (`ProfileViewController.avatarView`), the subclass, or the
        /// file's name.
        public var name: String
        public var location: FileLocation

        /// `the type of ProfileViewController.avatarView`, `the superclass of BadgeView`, `a type
        /// in EntryInspector.m`.
        public var description: String {
            switch role {
            case .superclass: "the superclass of \(name)"
            case .memberType: "the type of \(name)"
            case .codeMention: "a type in \(name)"
            }
        }
    }

    /// Whether some string literal of the sources is `text`.
    public func mentions(_ text: String) -> Bool {
        stringLiterals.contains(text)
            || (!stringLiteralDigests.isEmpty && stringLiteralDigests.contains(SourceFileDeclarations.digest(text)))
    }
    /// Files and bytes read.
    public var fileCount = 0
    public var byteCount = 0
    /// Swift files and Objective-C files read.
    public var swiftFileCount = 0
    public var objcFileCount = 0

    /// The class table: one entry per runtime name (classes several modules declare are merged,
    /// so a lookup never invents a missing key), plus the extended framework classes.
    public var table: [String: ClassInfo] {
        var result = frameworkExtensions
        for (name, list) in candidates {
            let infos = list.filter { $0.objcNameOfRenamed == nil }.map(\.info)
            if !infos.isEmpty { result[name] = Self.merged(infos) }
        }
        return result
    }

    /// The class table the runtime sees while loading `graph`: each custom class of the
    /// document is the declaration `resolve` picks for its `customModule`; a class whose
    /// declaration cannot be decided (or that two objects of the document resolve differently)
    /// has no entry, so that its keys and actions are unknown rather than merged or picked.
    public func table(for graph: NibGraph, at path: String? = nil, base: [String: ClassInfo]? = nil) -> [String: ClassInfo] {
        var result = base ?? table
        for (name, info) in overrides(for: graph, at: path) { result[name] = info }
        return result
    }

    /// What `table(for:base:)` changes in the table it starts from: each custom class of
    /// `graph` the sources declare → the declaration the runtime loads for it, or nil for no
    /// entry. A site cuts every document's slice from one table with these
    /// (`SimulationOptions.classTable(_:overriddenBy:seenBy:)`) instead of copying the table for
    /// each document.
    public func overrides(for graph: NibGraph, at path: String? = nil) -> [String: ClassInfo?] {
        var result: [String: ClassInfo?] = [:]
        // Name → the declaration picked first (its location), "" when none could be.
        var chosen: [String: String] = [:]
        let target = targetModule(ofDocument: path ?? graph.file)
        for object in graph.objects {
            guard let name = object.customClass, !name.isEmpty, candidates[name] != nil else { continue }
            let picked = resolve(name, module: lookupModule(of: object, targetModule: target))
            let key: String = picked.map { $0.info.source?.description ?? $0.module } ?? ""
            if let earlier = chosen[name] {
                if earlier != key { result[name] = .some(nil) }
                continue
            }
            chosen[name] = key
            result[name] = .some(picked?.info)
        }
        return result
    }

    /// The module an object's class is looked up in, for `resolve`: its `customModule`, "" for
    /// `customModuleProvider="target"` without one (the target's, unnamed), nil for none.
    public static func runtimeModule(of object: NibObject) -> String? {
        if let module = object.customModule, !module.isEmpty { return module }
        return object.attributes["customModuleProvider"] == "target" ? "" : nil
    }

    /// The module of the one target the project files put the document at `path` in; nil when
    /// they put it in none or in several.
    public func targetModule(ofDocument path: String) -> String? {
        let modules = projectModules.modules(of: path)
        return modules.count == 1 ? modules.first : nil
    }

    /// `runtimeModule(of:)` for an object of a document whose target module is `targetModule`
    /// (`targetModule(ofDocument:)`): with `customModuleProvider="target"` the build writes the
    /// module of the target that compiles the document, whatever `customModule` the document
    /// last saved (NetNewsWire's iOS storyboards say `customModule="NetNewsWire"`, the Mac
    /// target's, and are built into `NetNewsWire_iOS`, whose same-named classes the runtime finds).
    public static func runtimeModule(of object: NibObject, targetModule: String?) -> String? {
        if let targetModule, object.attributes["customModuleProvider"] == "target" { return targetModule }
        return runtimeModule(of: object)
    }

    /// The module `resolve` looks `object`'s class up in: `runtimeModule(of:targetModule:)`,
    /// except for a placeholder (File's Owner, the application, an external object), which the
    /// loader is handed and never builds from its class (R-NIB-3), so the module the document
    /// writes is only Interface Builder's hint: the class is the declaration of the document's
    /// own target module (the code that loads a nib is most often its target's), else of the
    /// module written, else the one declaration of that name.
    public func lookupModule(of object: NibObject, targetModule: String?) -> String? {
        let written = Self.runtimeModule(of: object, targetModule: targetModule)
        guard object.placeholder != nil, let name = object.customClass, let list = candidates[name] else { return written }
        if let targetModule, resolve(name, module: targetModule)?.knownModules.contains(targetModule) == true { return targetModule }
        guard resolve(name, module: written) == nil, list.count == 1 else { return written }
        return list[0].knownModules.first ?? list[0].module
    }

    /// The declaration of `name` that the runtime loads for an object whose `customModule` is
    /// `module`; nil when the sources cannot decide it. Objective-C classes and Swift
    /// `@objc(Name)` ones are registered under their plain name; any other Swift class under its
    /// mangled name `_TtC<module><name>`, which only a document naming its module finds. So:
    /// - no module: the only plain-registered declaration (a Swift class is not found by its
    ///   plain name: the runtime logs "Unknown class");
    /// - a module: the declaration of that module, else the only plain-registered one (the
    ///   runtime falls back to the plain name), else the only declaration of the name when its
    ///   module is no more than a folder guess (a module the project files decide otherwise is
    ///   R-CHK-9's mismatch).
    /// Same-named classes of different modules or targets are never merged nor picked
    /// arbitrarily: without a deciding module the answer is nil.
    public func resolve(_ name: String, module: String?) -> DerivedClass? {
        guard let list = candidates[name] else { return nil }
        let plain = list.filter(\.isPlainRegistered)
        guard let module else { return plain.count == 1 ? plain[0] : nil }
        // "": the document's target module, whose name the document does not write.
        let inModule =
            module.isEmpty ? [] : list.filter { $0.knownModules.contains(module) || ($0.knownModules.isEmpty && $0.module == module) }
        if inModule.count == 1 {
            // Another declaration that a target holds with a module the project files cannot
            // decide (its product named differently per configuration) may be of this module too:
            // never guessed (R-SRC-5). A file no project file names is no such rival.
            // Plain-registered ones (Objective-C, `@objc(Name)`) are no rivals: the runtime never
            // finds them under `_TtC<module><name>`.
            let decided = !inModule[0].knownModules.isEmpty
            if decided, list.count > 1,
                list.contains(where: {
                    !$0.isPlainRegistered && $0.knownModules.isEmpty && $0.info.source.map { projectModules.isUndecided($0.file) } == true
                })
            {
                return nil
            }
            return inModule[0]
        }
        if !inModule.isEmpty { return nil }
        if plain.count == 1 { return plain[0] }
        guard plain.isEmpty, list.count == 1 else { return nil }
        return list[0]
    }

    /// The one declaration of `name`, whatever its module; nil when there are several.
    func only(_ name: String) -> DerivedClass? {
        guard let list = candidates[name], list.count == 1 else { return nil }
        return list[0]
    }

    /// Every declaration of `name`'s chain member `key`/selector, first found up the user chain.
    public func declaration(of name: String, module: String?, where test: (SourceMember) -> Bool) -> SourceMember? {
        var current: String? = name
        var seen: Set<String> = []
        var currentModule = module
        while let className = current, seen.insert(className).inserted,
            let derived = resolve(className, module: currentModule) ?? only(className)
        {
            if let member = derived.members.first(where: test) { return member }
            current = derived.info.superclass
            currentModule = derived.module
        }
        return nil
    }

    static func merged(_ infos: [ClassInfo]) -> ClassInfo {
        guard var result = infos.first else { return ClassInfo(name: "") }
        for other in infos.dropFirst() {
            result.keys = unionSorted(result.keys, other.keys)
            result.ivars = unionSorted(result.ivars, other.ivars)
            result.actions = unionSorted(result.actions, other.actions)
            result.overrides = unionSorted(result.overrides ?? [], other.overrides ?? [])
            result.hiddenKeys = unionSorted(result.hiddenKeys, other.hiddenKeys)
            result.behaviour.withoutSuper = unionSorted(result.behaviour.withoutSuper, other.behaviour.withoutSuper)
            if result.swiftModule != other.swiftModule { result.swiftModule = nil }
        }
        return result
    }

    static func unionSorted(_ left: [String], _ right: [String]) -> [String] { Array(Set(left).union(right)).sorted() }
}
