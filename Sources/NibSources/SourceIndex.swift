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
    /// Every string literal of the sources.
    public var stringLiterals: Set<String> = []
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
        for (name, list) in candidates { result[name] = Self.merged(list.map(\.info)) }
        return result
    }

    /// The table a lookup about an object of class `name` in `module` uses: that module's
    /// declaration of the class when there is one.
    public func table(for name: String, module: String?) -> [String: ClassInfo] {
        var result = table
        if let chosen = resolve(name, module: module) { result[name] = chosen.info }
        return result
    }

    /// The declaration of `name` that an object with `customModule` `module` gets: the one in
    /// that module, else the only one; nil when unknown or ambiguous.
    public func resolve(_ name: String, module: String?) -> DerivedClass? {
        guard let list = candidates[name] else { return nil }
        if let module, let match = list.first(where: { $0.module == module }) { return match }
        return list.count == 1 ? list[0] : nil
    }

    /// Every declaration of `name`'s chain member `key`/selector, first found up the user chain.
    public func declaration(of name: String, module: String?, where test: (SourceMember) -> Bool) -> SourceMember? {
        var current: String? = name
        var seen: Set<String> = []
        var currentModule = module
        while let className = current, seen.insert(className).inserted,
            let derived = resolve(className, module: currentModule) ?? candidates[className]?.first
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
