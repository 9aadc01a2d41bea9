import NibClasses
import NibModel

/// Merges per-file declarations into a `SourceIndex`: classes first, then their extensions and
/// categories (a file may extend a class another file declares later).
struct SourceIndexBuilder {
    private var declarations: [SourceClassDeclaration] = []
    private var index = SourceIndex()
    /// Swift type aliases of every file: alias → the names it stands for.
    private var typeAliases: [String: Set<String>] = [:]

    mutating func add(_ file: SourceFileDeclarations, bytes: Int) {
        declarations += file.classes
        typeAliases.merge(file.typeAliases) { $0.union($1) }
        index.identifierUses += file.identifierUses
        index.stringLiterals.formUnion(file.stringLiterals)
        index.stringLiteralDigests.formUnion(file.stringLiteralDigests)
        index.fileCount += 1
        index.byteCount += bytes
        if let first = file.classes.first { index.modules.insert(first.module) }
    }

    /// Records a file's module and language even when it declares no class.
    mutating func noteFile(module: String, isSwift: Bool) {
        index.modules.insert(module)
        if isSwift { index.swiftFileCount += 1 } else { index.objcFileCount += 1 }
    }

    func build() -> SourceIndex {
        var result = index
        // Swift name → runtime names, for extensions of renamed classes.
        var swiftNames: [String: [String]] = [:]
        for declaration in declarations where !declaration.isExtension {
            var info = ClassInfo(
                name: declaration.runtimeName, superclass: declaration.superclass, isUser: true,
                swiftModule: declaration.language == .swift && declaration.objcName == nil ? declaration.module : nil,
                overrides: [])
            info.source = declaration.location
            Self.apply(declaration.members, to: &info)
            let derived = SourceIndex.DerivedClass(
                info: info, members: declaration.members, module: declaration.module, language: declaration.language,
                knownModules: declaration.knownModules, isRenamed: declaration.objcName != nil)
            result.candidates[declaration.runtimeName, default: []].append(derived)
            if declaration.language == .swift { swiftNames[declaration.name, default: []].append(declaration.runtimeName) }
        }
        for var declaration in declarations where declaration.isExtension {
            if declaration.language == .swift { declaration.name = aliasTarget(declaration.name) }
            let names = declaration.language == .swift ? (swiftNames[declaration.name] ?? [declaration.name]) : [declaration.name]
            var extended = false
            for name in names {
                guard var list = result.candidates[name] else { continue }
                let sameModule = list.indices.filter { list[$0].module == declaration.module }
                let targets = sameModule.isEmpty ? Array(list.indices) : sameModule
                for position in targets {
                    Self.apply(declaration.members, to: &list[position].info)
                    list[position].members += declaration.members
                }
                result.candidates[name] = list
                extended = true
            }
            if !extended && ClassLookup.isFrameworkClass(declaration.name) {
                var info =
                    result.frameworkExtensions[declaration.name]
                    ?? ClassInfo(
                        name: declaration.name, superclass: ClassLookup.frameworkSuperclass(declaration.name), isUser: false,
                        keys: ClassLookup.frameworkKeys(declaration.name), actions: ClassLookup.frameworkActions(declaration.name),
                        overrides: [])
                Self.apply(declaration.members.filter { $0.kind != .method || $0.callsSuper == nil }, to: &info)
                info.overrides = []
                result.frameworkExtensions[declaration.name] = info
            }
        }
        result.typeUses = typeUses(declaredIn: result)
        return result
    }

    /// `SourceIndex.typeUses`: member types and superclasses that no declaration of the sources
    /// names, the first use of each by (file, line, column).
    private func typeUses(declaredIn index: SourceIndex) -> [String: SourceMember] {
        var uses: [String: SourceMember] = [:]
        func note(_ name: String, _ use: SourceMember) {
            guard index.candidates[name] == nil, !ClassLookup.isFrameworkClass(name), name.first?.isUppercase == true else { return }
            if let known = uses[name], Self.precedes(known.location, use.location) { return }
            uses[name] = use
        }
        for declaration in declarations {
            if let superclass = declaration.superclass {
                note(
                    superclass,
                    SourceMember(.property, declaration.name, type: superclass, isInterfaceBuilder: false, at: declaration.location))
            }
            for member in declaration.members where member.kind != .method {
                if let type = member.type { note(type, member) }
            }
        }
        return uses
    }

    private static func precedes(_ left: FileLocation, _ right: FileLocation) -> Bool {
        (left.file, left.line, left.column) <= (right.file, right.line, right.column)
    }

    /// The type `name` stands for through type aliases (`typealias DeveloperOnly =
    /// PlaceBidViewController`), followed while each alias has one target; `name` when it is none.
    func aliasTarget(_ name: String) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let targets = typeAliases[current], targets.count == 1, let target = targets.first, seen.insert(target).inserted {
            current = target
        }
        return current
    }

    /// The KVC key a one-argument `set<Key>:` method sets (R-SRC-2: KVC capitalises the key's
    /// first letter, so `settingsAction:` sets no key and `setURL:` sets `URL`).
    static func setterKey(_ selector: String) -> String? {
        guard selector.hasPrefix("set"), selector.hasSuffix(":"), selector.count > 4,
            selector.dropLast().firstIndex(of: ":") == nil
        else { return nil }
        let key = selector.dropFirst(3).dropLast()
        guard let first = key.first, !first.isLowercase else { return nil }
        // `setURL:` is the setter of `URL` (an acronym keeps its case); `setTitle:` of `title`.
        if key.dropFirst().first?.isUppercase == true { return String(key) }
        return first.lowercased() + key.dropFirst()
    }

    /// Adds members to a table entry (R-SRC-1/2/4).
    static func apply(_ members: [SourceMember], to info: inout ClassInfo) {
        var keys = Set(info.keys)
        var ivars = Set(info.ivars)
        var actions = Set(info.actions)
        var hidden = Set(info.hiddenKeys)
        var overrides = Set(info.overrides ?? [])
        var withoutSuper = Set(info.behaviour.withoutSuper)
        for member in members {
            switch member.kind {
            case .outlet, .outletCollection, .property: keys.insert(member.name)
            case .hiddenProperty: hidden.insert(member.name)
            case .ivar: ivars.insert(member.name)
            case .method:
                actions.insert(member.name)
                if let key = setterKey(member.name) { keys.insert(key) }
                if let callsSuper = member.callsSuper {
                    overrides.insert(member.name)
                    if !callsSuper { withoutSuper.insert(member.name) }
                }
            }
        }
        info.keys = keys.sorted()
        info.ivars = ivars.sorted()
        info.actions = actions.sorted()
        info.hiddenKeys = hidden.subtracting(keys).sorted()
        info.overrides = overrides.sorted()
        info.behaviour.withoutSuper = withoutSuper.sorted()
    }
}
