import NibModel

/// Turns an `NSKeyedArchiver` property list (`$archiver`, `$top`, `$objects`, UIDs), binary or
/// XML, into the
/// same object table NIBArchive decodes to: `$objects[i]` becomes table object `i`, UID 0
/// (`$null`) becomes a nil value, plain strings and numbers become `NSString`/`NSNumber`
/// objects, and `$top` is appended as the root object.
enum KeyedArchiveDecoder {
    static func decode(_ bytes: [UInt8], file: String) throws -> ArchivedObjectTable {
        if bytes.starts(with: BinaryPlistDecoder.magic) {
            return try decode(BinaryPlistDecoder(bytes, file: file), file: file, byteCount: bytes.count, container: "keyed archive")
        }
        return try decode(XMLPlistDecoder(bytes, file: file), file: file, byteCount: bytes.count, container: "XML keyed archive")
    }

    private static func decode(_ plist: some PlistObjects, file: String, byteCount: Int, container: String) throws
        -> ArchivedObjectTable
    {
        guard case .dictionary(let topEntries) = try plist.value(plist.top) else {
            throw plist.error("keyed archive: the top object is not a dictionary", object: plist.top)
        }
        var top: [String: Int] = [:]
        for entry in topEntries {
            if case .string(let key) = try plist.value(entry.key) { top[key] = entry.value }
        }
        guard let objectsIndex = top["$objects"], case .array(let members) = try plist.value(objectsIndex) else {
            throw plist.error("not a keyed archive: no $objects array", object: plist.top)
        }
        guard let topIndex = top["$top"], case .dictionary(let rootEntries) = try plist.value(topIndex) else {
            throw plist.error("not a keyed archive: no $top dictionary", object: plist.top)
        }
        var classNames: [Int: String] = [:]
        var keys: [Int: String] = [:]  // key strings are shared plist objects: decode each once
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(members.count + 1)
        // Members may repeat a plist object; a budget of one field per file byte keeps hostile
        // repetition from costing more than linear memory.
        var budget = byteCount
        for (index, member) in members.enumerated() {
            let offset = plist.offset(of: member)
            let value = try plist.value(member)
            switch value {
            case .dictionary(let entries):
                budget -= entries.count + 1
                guard budget >= 0 else { throw plist.error("archived objects repeat beyond what the file size allows", object: member) }
                var className = "$classDescription"
                var fields: [(key: String, value: ArchivedValue)] = []
                for entry in entries {
                    let key: String
                    if let known = keys[entry.key] {
                        key = known
                    } else if case .string(let text) = try plist.value(entry.key) {
                        key = text
                        keys[entry.key] = text
                    } else {
                        throw plist.error("object \(index) has a key that is not a string", object: entry.key)
                    }
                    let field = try plist.value(entry.value)
                    if key == "$class", case .uid(let classIndex) = field {
                        className = try self.className(classIndex, members: members, plist: plist, cache: &classNames)
                    } else {
                        let value = try archived(field, count: members.count, plist: plist, at: entry.value)
                        if case .objects(let list) = value { budget -= list.count }
                        guard budget >= 0 else {
                            throw plist.error("archived lists repeat beyond what the file size allows", object: entry.value)
                        }
                        fields.append((key, value))
                    }
                }
                objects.append(ArchivedObject(className: className, fields: fields, offset: offset))
            default:
                objects.append(try primitive(value, index: index, offset: offset, count: members.count, plist: plist))
            }
        }
        let rootFields = try rootEntries.map { entry -> (key: String, value: ArchivedValue) in
            guard case .string(let key) = try plist.value(entry.key) else {
                throw plist.error("$top has a key that is not a string", object: entry.key)
            }
            return (key, try archived(try plist.value(entry.value), count: members.count, plist: plist, at: entry.value))
        }
        objects.append(ArchivedObject(className: "$top", fields: rootFields, offset: plist.offset(of: topIndex)))
        return ArchivedObjectTable(
            container: container, file: file, objects: objects, root: objects.count - 1, byteCount: byteCount, lineStarts: plist.lineStarts)
    }

    /// A `$objects` member that is not a dictionary: strings, numbers, data and `$null`.
    private static func primitive(
        _ value: PlistValue, index: Int, offset: Int, count: Int, plist: some PlistObjects
    ) throws -> ArchivedObject {
        switch value {
        case .string(let text) where index == 0 && text == "$null": return ArchivedObject(className: "$null", fields: [], offset: offset)
        case .string(let text): return ArchivedObject(className: "NSString", fields: [("NS.bytes", .string(text))], offset: offset)
        case .data(let bytes): return ArchivedObject(className: "NSData", fields: [("NS.bytes", .bytes(bytes))], offset: offset)
        case .integer, .real, .bool, .date:
            return ArchivedObject(
                className: "NSNumber", fields: [("NS.value", try archived(value, count: count, plist: plist, at: 0))], offset: offset)
        default:
            return ArchivedObject(className: "$unknown", fields: [], offset: offset)
        }
    }

    /// A field value: UIDs become references (UID 0 is nil), arrays of UIDs reference lists.
    private static func archived(_ value: PlistValue, count: Int, plist: some PlistObjects, at index: Int) throws
        -> ArchivedValue
    {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .real(let number), .date(let number): return .real(number)
        case .data(let bytes): return .bytes(bytes)
        case .string(let text): return .string(text)
        case .uid(let uid):
            guard uid < count else { throw plist.error("UID \(uid) is not among the \(count) archived objects", object: index) }
            return uid == 0 ? .null : .object(uid)
        case .array(let members):
            var references: [Int] = []
            for member in members {
                // Lists of plain values (a class description's `$classes`) are not references.
                guard case .uid(let uid) = try plist.value(member) else { return .null }
                guard uid < count else { throw plist.error("UID \(uid) is not among the \(count) archived objects", object: member) }
                if uid != 0 { references.append(uid) }
            }
            return .objects(references)
        case .dictionary:
            throw plist.error("an inline dictionary where a keyed archive stores values", object: index)
        }
    }

    private static func className(
        _ classIndex: Int, members: [Int], plist: some PlistObjects, cache: inout [Int: String]
    ) throws -> String {
        if let known = cache[classIndex] { return known }
        guard members.indices.contains(classIndex), case .dictionary(let entries) = try plist.value(members[classIndex]) else {
            throw plist.error(
                "$class \(classIndex) is not a class description", object: members.indices.contains(classIndex) ? members[classIndex] : 0)
        }
        for entry in entries {
            if case .string("$classname") = try plist.value(entry.key), case .string(let name) = try plist.value(entry.value) {
                cache[classIndex] = name
                return name
            }
        }
        throw plist.error("$class \(classIndex) has no $classname", object: members[classIndex])
    }
}
