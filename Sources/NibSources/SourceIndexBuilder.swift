import Foundation
import NibClasses
import NibModel

/// Merges per-file declarations into a `SourceIndex`: classes first, then their extensions and
/// categories (a file may extend a class another file declares later).
struct SourceIndexBuilder {
    private var declarations: [SourceClassDeclaration] = []
    private var index = SourceIndex()
    /// Swift type aliases of every file: alias → the names it stands for.
    private var typeAliases: [String: Set<String>] = [:]
    /// Every file's types that are no class (generic parameters, structs, enums, protocols, actors).
    private var nonClassTypes: Set<String> = []
    /// Each type name's first mention in code, over the files in path order.
    private var typeMentions: [String: FileLocation] = [:]

    mutating func add(_ file: SourceFileDeclarations, bytes: Int) {
        declarations += file.classes
        typeAliases.merge(file.typeAliases) { $0.union($1) }
        nonClassTypes.formUnion(file.nonClassTypes)
        typeMentions.merge(file.typeMentions) { first, _ in first }
        index.identifierUses += file.identifierUses
        index.computedIdentifierKinds.formUnion(file.computedIdentifierKinds)
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
        // Every extension's members, by the class and candidate they extend, applied once each
        // at the end: `apply` sorts the class's lists again, and an app extends `NSView` or its
        // own main classes dozens of times (a fifth of iTerm2's index). Sets make the result
        // the same in any order.
        var extensionMembers: [String: [Int: [SourceMember]]] = [:]
        var frameworkMembers: [String: [SourceMember]] = [:]
        for var declaration in declarations where declaration.isExtension {
            // An alias is followed only when no class of the sources has its name.
            if declaration.language == .swift, swiftNames[declaration.name] == nil { declaration.name = aliasTarget(declaration.name) }
            let names = declaration.language == .swift ? (swiftNames[declaration.name] ?? [declaration.name]) : [declaration.name]
            var extended = false
            for name in names {
                guard var list = result.candidates[name] else { continue }
                let sameModule = list.indices.filter { list[$0].module == declaration.module }
                let targets = sameModule.isEmpty ? Array(list.indices) : sameModule
                for position in targets {
                    extensionMembers[name, default: [:]][position, default: []] += declaration.members
                    list[position].members += declaration.members
                }
                result.candidates[name] = list
                extended = true
            }
            if !extended && ClassLookup.isFrameworkClass(declaration.name) {
                frameworkMembers[declaration.name, default: []] += declaration.members.filter {
                    $0.kind != .method || $0.callsSuper == nil
                }
            }
        }
        for (name, positions) in extensionMembers {
            guard var list = result.candidates[name] else { continue }
            for (position, members) in positions { Self.apply(members, to: &list[position].info) }
            result.candidates[name] = list
        }
        for (name, members) in frameworkMembers {
            var info =
                result.frameworkExtensions[name]
                ?? ClassInfo(
                    name: name, superclass: ClassLookup.frameworkSuperclass(name), isUser: false, keys: ClassLookup.frameworkKeys(name),
                    actions: ClassLookup.frameworkActions(name), overrides: [])
            Self.apply(members, to: &info)
            info.overrides = []
            result.frameworkExtensions[name] = info
        }
        addSwiftNames(to: &result)
        result.typeUses = typeUses(declaredIn: result)
        return result
    }

    /// R-SRC-1: a document naming the module (`customClass="GameTableView"
    /// customModule="OpenEmu"`) finds a renamed class (`@objc(OEGameTableView) class
    /// GameTableView`) by its Swift name too: the nib asks for `_TtC7OpenEmu13GameTableView`, and
    /// the Swift runtime's class-lookup hook resolves a mangled name through the type's metadata,
    /// whatever its Objective-C name. So the class is listed under its Swift name as well,
    /// registered like a Swift class without `@objc(Name)`: found with a module, not without.
    /// The entry is a copy of the renamed one, extensions merged; its `info.name` stays the name
    /// the runtime prints (`NSStringFromClass` gives `OEGameTableView`).
    private func addSwiftNames(to result: inout SourceIndex) {
        for declaration in declarations where !declaration.isExtension && declaration.language == .swift {
            guard let objcName = declaration.objcName, objcName != declaration.name,
                var entry = result.candidates[objcName]?.first(where: { $0.info.source == declaration.location })
            else { continue }
            entry.isRenamed = false
            entry.objcNameOfRenamed = objcName
            result.candidates[declaration.name, default: []].append(entry)
        }
    }

    /// `SourceIndex.typeUses`: member types and superclasses that no declaration, alias or
    /// generic parameter of the sources names, the first use of each by (file, line, column).
    private func typeUses(declaredIn index: SourceIndex) -> [String: SourceIndex.TypeUse] {
        // Swift names as well as runtime names: `@objc(Legacy) class Modern` declares both.
        let declared = Set(declarations.filter { !$0.isExtension }.map(\.name)).union(typeAliases.keys).union(nonClassTypes)
        var uses: [String: SourceIndex.TypeUse] = [:]
        func note(_ name: String, _ use: SourceIndex.TypeUse) {
            guard index.candidates[name] == nil, !declared.contains(name), !ClassLookup.isFrameworkClass(name),
                name.first?.isUppercase == true
            else { return }
            if let known = uses[name], Self.precedes(known.location, use.location) { return }
            uses[name] = use
        }
        for declaration in declarations {
            if let superclass = declaration.superclass {
                note(superclass, SourceIndex.TypeUse(role: .superclass, name: declaration.name, location: declaration.location))
            }
            for member in declaration.members where member.kind != .method {
                if let type = member.type {
                    // Named with its class: "the type of editProfileTableView" read as a property of
                    // the class the finding is about (Yep's TPKeyboardAvoidingTableView note).
                    note(
                        type, SourceIndex.TypeUse(role: .memberType, name: declaration.name + "." + member.name, location: member.location))
                }
            }
        }
        // Uses in code bodies only where no member or superclass names the class.
        for (name, location) in typeMentions where uses[name] == nil {
            note(name, SourceIndex.TypeUse(role: .codeMention, name: (location.file as NSString).lastPathComponent, location: location))
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
