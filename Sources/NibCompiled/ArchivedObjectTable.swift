import NibModel

/// A value stored under a key of an archived object, the same for both compiled containers.
enum ArchivedValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case bytes([UInt8])
    case string(String)
    case null
    /// A reference to another object of the table, by index.
    case object(Int)
    /// An inline list of references (a keyed archive's `NS.objects`, `NS.keys`).
    case objects([Int])
}

/// One archived object: its class name and its keyed values in archive order.
struct ArchivedObject: Hashable, Sendable {
    var className: String
    var fields: [(key: String, value: ArchivedValue)]
    /// Where the object starts in the file, for messages.
    var offset: Int

    static func == (lhs: ArchivedObject, rhs: ArchivedObject) -> Bool {
        lhs.className == rhs.className && lhs.offset == rhs.offset && lhs.fields.map(\.key) == rhs.fields.map(\.key)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(className)
        hasher.combine(offset)
    }

    /// The first value stored under `key`.
    subscript(key: String) -> ArchivedValue? { fields.first { $0.key == key }?.value }
}

/// The decoded objects of a NIBArchive or an NSKeyedArchiver plist, with the lookups both
/// compiled-nib readers need (strings, numbers, arrays and dictionaries in either encoding).
struct ArchivedObjectTable: Sendable {
    /// Which container the table came from (`NIBArchive`, `keyed archive`).
    var container: String
    var file: String
    var objects: [ArchivedObject]
    /// The archive's root object (NIBArchive object 0; a keyed archive's `$top`).
    var root: Int
    /// The size of the file the table was decoded from (budgets are multiples of it).
    var byteCount: Int
    /// Where each line starts, for a table read from text (an XML property list): its
    /// messages then name the line an object is on instead of its byte offset.
    var lineStarts: [Int]? = nil

    /// `message` about the object at byte `offset`: at its line in a text file, else prefixed
    /// with the byte offset.
    func located(_ message: String, at offset: Int) -> (location: FileLocation, message: String) {
        guard let lineStarts, !lineStarts.isEmpty else { return (FileLocation(file: file), "byte \(offset): \(message)") }
        // The last line starting at or before `offset` (binary search: the starts are sorted).
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (FileLocation(file: file, line: low + 1), message)
    }

    func object(_ index: Int) -> ArchivedObject? {
        objects.indices.contains(index) ? objects[index] : nil
    }

    /// The object a value refers to.
    func target(_ value: ArchivedValue?) -> Int? {
        if case .object(let index)? = value, objects.indices.contains(index) { return index }
        return nil
    }

    /// A string value, inline or as an `NSString` object (`NS.bytes` UTF-8 or `NS.string`).
    func string(_ value: ArchivedValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .bytes(let bytes)?: return String(decoding: bytes, as: UTF8.self)
        case .object(let index)?:
            guard let object = object(index) else { return nil }
            if let inline = object["NS.bytes"] ?? object["NS.string"], inline != value { return string(inline) }
            return nil
        default: return nil
        }
    }

    /// An integer value, inline or as an `NSNumber` object.
    func integer(_ value: ArchivedValue?) -> Int64? {
        switch value {
        case .integer(let number)?: return number
        case .real(let number)?: return number.isFinite && abs(number) < 9e18 ? Int64(number) : nil
        case .bool(let flag)?: return flag ? 1 : 0
        case .object(let index)?:
            guard let object = object(index) else { return nil }
            if let inline = object["NS.intval"] ?? object["NS.value"] ?? object["NS.dblval"] { return integer(inline) }
            return nil
        default: return nil
        }
    }

    /// The elements of an array or set: a keyed archive's `NS.objects`, or NIBArchive's
    /// inlined `UINibEncoderEmptyKey` values. Nil when the value is not a collection.
    func elements(_ value: ArchivedValue?) -> [Int]? {
        guard let index = target(value), let object = object(index) else { return nil }
        if case .objects(let list)? = object["NS.objects"] { return list.filter { objects.indices.contains($0) } }
        let inlined = object.fields.filter { $0.key == "UINibEncoderEmptyKey" }
        if !inlined.isEmpty || object["NSInlinedValue"] != nil { return inlined.compactMap { target($0.value) } }
        return nil
    }

    /// The pairs of a dictionary: `NS.keys`/`NS.objects`, or NIBArchive's alternating
    /// `UINibEncoderEmptyKey` key, value, key, value.
    func pairs(_ value: ArchivedValue?) -> [(key: Int, value: Int)] {
        guard let index = target(value), let object = object(index) else { return [] }
        if case .objects(let keys)? = object["NS.keys"], case .objects(let values)? = object["NS.objects"] {
            return zip(keys, values).filter { objects.indices.contains($0) && objects.indices.contains($1) }.map { ($0, $1) }
        }
        let inlined = object.fields.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap { target($0.value) }
        return stride(from: 0, to: inlined.count - 1, by: 2).map { (inlined[$0], inlined[$0 + 1]) }
    }
}
