import NibModel

/// A scanned file in `CompactBinary`, as a site's source cache keeps it: the same content as its
/// JSON (`Codable`) form, string literals by digest only, sets sorted (same value, same bytes),
/// and every location in the file itself written without its path, which the cache keys the
/// file by. A field added to these types must be added here too: a test compares each type's
/// stored properties with the ones written.
extension ScannedFile {
    /// Appends this file; locations in `path` are written without it.
    public func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.integer(bytes)
        writer.string(digest)
        declarations.write(to: &writer, path: path)
    }

    /// Reads a file `write(to:path:)` wrote; locations without a path are put back in `path`.
    public init(from reader: inout CompactBinary.Reader, path: String) throws {
        let bytes = try reader.integer()
        let digest = try reader.string()
        self.init(declarations: try SourceFileDeclarations(from: &reader, path: path), bytes: bytes, digest: digest)
    }
}

extension SourceFileDeclarations {
    /// The string literals go as their digests, sorted: the cache is kept in a site's output
    /// folder, which is published, and an app's literals hold URLs, keys and tokens; a check
    /// asks only whether a literal exists (`SourceIndex.mentions`), which a digest answers.
    func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.integer(classes.count)
        for declaration in classes { declaration.write(to: &writer, path: path) }
        writer.integer(identifierUses.count)
        for use in identifierUses { use.write(to: &writer, path: path) }
        writer.strings(stringLiteralDigests.union(stringLiterals.map(Self.digest)).sorted())
        writer.integer(typeAliases.count)
        for (alias, names) in typeAliases.sorted(by: { $0.key < $1.key }) {
            writer.string(alias)
            writer.strings(names.sorted())
        }
        writer.strings(nonClassTypes.sorted())
        writer.integer(typeMentions.count)
        for (name, location) in typeMentions.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            location.write(to: &writer, path: path)
        }
        writer.strings(computedIdentifierKinds.map(\.rawValue).sorted())
    }

    init(from reader: inout CompactBinary.Reader, path: String) throws {
        self.init()
        for _ in 0..<(try reader.count()) { classes.append(try SourceClassDeclaration(from: &reader, path: path)) }
        for _ in 0..<(try reader.count()) { identifierUses.append(try IdentifierUse(from: &reader, path: path)) }
        stringLiteralDigests = Set(try reader.strings())
        for _ in 0..<(try reader.count()) {
            let alias = try reader.string()
            typeAliases[alias] = Set(try reader.strings())
        }
        nonClassTypes = Set(try reader.strings())
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            typeMentions[name] = try FileLocation(from: &reader, path: path)
        }
        computedIdentifierKinds = Set(try reader.strings().map { try reader.raw(IdentifierUse.Kind.self, $0) })
    }
}

extension SourceClassDeclaration {
    private enum Flag {
        static let isExtension: UInt8 = 1
        static let exposesAllMembers: UInt8 = 2
        static let objectiveC: UInt8 = 4
    }

    func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.string(name)
        writer.optionalString(objcName)
        writer.optionalString(superclass)
        writer.byte(
            (isExtension ? Flag.isExtension : 0) | (exposesAllMembers ? Flag.exposesAllMembers : 0)
                | (language == .objectiveC ? Flag.objectiveC : 0))
        writer.string(module)
        writer.strings(knownModules)
        location.write(to: &writer, path: path)
        writer.integer(members.count)
        for member in members { member.write(to: &writer, path: path) }
    }

    init(from reader: inout CompactBinary.Reader, path: String) throws {
        let name = try reader.string()
        let objcName = try reader.optionalString()
        let superclass = try reader.optionalString()
        let flags = try reader.byte()
        let module = try reader.string()
        let knownModules = try reader.strings()
        let location = try FileLocation(from: &reader, path: path)
        var members: [SourceMember] = []
        let count = try reader.count()
        members.reserveCapacity(count)
        for _ in 0..<count { members.append(try SourceMember(from: &reader, path: path)) }
        self.init(
            name: name, objcName: objcName, superclass: superclass, isExtension: flags & Flag.isExtension != 0,
            exposesAllMembers: flags & Flag.exposesAllMembers != 0, language: flags & Flag.objectiveC != 0 ? .objectiveC : .swift,
            module: module, knownModules: knownModules, location: location, members: members)
    }
}

extension SourceMember {
    private enum Flag {
        static let isInterfaceBuilder: UInt8 = 1
        static let callsSuperKnown: UInt8 = 2
        static let callsSuper: UInt8 = 4
    }

    func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.string(kind.rawValue)
        writer.string(name)
        writer.optionalString(type)
        writer.byte(
            (isInterfaceBuilder ? Flag.isInterfaceBuilder : 0) | (callsSuper != nil ? Flag.callsSuperKnown : 0)
                | (callsSuper == true ? Flag.callsSuper : 0))
        location.write(to: &writer, path: path)
        writer.optionalString(swift2Name)
    }

    init(from reader: inout CompactBinary.Reader, path: String) throws {
        let kind = try reader.raw(Kind.self, try reader.string())
        let name = try reader.string()
        let type = try reader.optionalString()
        let flags = try reader.byte()
        self.init(
            kind, name, type: type, isInterfaceBuilder: flags & Flag.isInterfaceBuilder != 0,
            callsSuper: flags & Flag.callsSuperKnown != 0 ? flags & Flag.callsSuper != 0 : nil,
            at: try FileLocation(from: &reader, path: path))
        swift2Name = try reader.optionalString()
    }
}

extension IdentifierUse {
    func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.string(kind.rawValue)
        writer.string(identifier)
        location.write(to: &writer, path: path)
        switch receiver {
        case .unknown: writer.byte(0)
        case .selfController: writer.byte(1)
        case .ownStoryboard: writer.byte(2)
        case .namedStoryboard(let name):
            writer.byte(3)
            writer.string(name)
        }
        writer.optionalString(enclosingClass)
    }

    init(from reader: inout CompactBinary.Reader, path: String) throws {
        let kind = try reader.raw(Kind.self, try reader.string())
        let identifier = try reader.string()
        let location = try FileLocation(from: &reader, path: path)
        let receiver: Receiver =
            switch try reader.byte() {
            case 0: .unknown
            case 1: .selfController
            case 2: .ownStoryboard
            case 3: .namedStoryboard(try reader.string())
            case let tag: throw reader.malformed("unknown receiver \(tag)")
            }
        self.init(kind, identifier, at: location, receiver: receiver, enclosingClass: try reader.optionalString())
    }
}

extension FileLocation {
    func write(to writer: inout CompactBinary.Writer, path: String) {
        writer.string(file == path ? "" : file)
        writer.integer(line)
        writer.integer(column)
    }

    init(from reader: inout CompactBinary.Reader, path: String) throws {
        let file = try reader.string()
        self.init(file: file.isEmpty ? path : file, line: try reader.integer(), column: try reader.integer())
    }
}
