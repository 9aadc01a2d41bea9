import NibModel

/// The modules the project files decide in `CompactBinary`, as a site keeps them for its next
/// build (`SourceScanner.survey`'s `earlier`): sets and the file map sorted (same value, same
/// bytes). A field added to these types must be added here too: a test compares each type's
/// stored properties with the ones written.
extension ProjectModules {
    /// Appends these modules.
    public func write(to writer: inout CompactBinary.Writer) {
        writer.integer(files.count)
        for (path, membership) in files.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.strings(membership.modules.sorted())
            writer.byte(membership.hasUnknown ? 1 : 0)
        }
        for rules in [xcodeFolders, folders] {
            writer.integer(rules.count)
            for rule in rules {
                writer.string(rule.folder)
                writer.optionalString(rule.module)
                writer.strings(rule.excluded.sorted())
            }
        }
        writer.strings(declared.sorted())
        writer.strings(projectFiles)
        writer.strings(swift2Modules.sorted())
        writer.strings(found.xcodeProjects)
        writer.strings(found.packageManifests)
        writer.strings(found.podFolders)
        writer.integer(reads.count)
        for read in reads {
            writer.integer(read.kind.rawValue)
            writer.string(read.path)
            writer.string(read.answer)
        }
    }

    /// Reads modules `write(to:)` wrote.
    public init(from reader: inout CompactBinary.Reader) throws {
        self.init()
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            let modules = Set(try reader.strings())
            let flag = try reader.byte()
            guard flag <= 1 else { throw reader.malformed("a membership flag of \(flag)") }
            files[path] = Membership(modules: modules, hasUnknown: flag == 1)
        }
        for xcode in [true, false] {
            for _ in 0..<(try reader.count()) {
                let rule = FolderRule(folder: try reader.string(), module: try reader.optionalString(), excluded: Set(try reader.strings()))
                if xcode { xcodeFolders.append(rule) } else { folders.append(rule) }
            }
        }
        declared = Set(try reader.strings())
        projectFiles = try reader.strings()
        swift2Modules = Set(try reader.strings())
        found = Found(xcodeProjects: try reader.strings(), packageManifests: try reader.strings(), podFolders: try reader.strings())
        for _ in 0..<(try reader.count()) {
            let number = try reader.integer()
            guard let kind = ProjectRead.Kind(rawValue: number) else { throw reader.malformed("a project read of kind \(number)") }
            reads.append(ProjectRead(kind: kind, path: try reader.string(), answer: try reader.string()))
        }
    }
}
