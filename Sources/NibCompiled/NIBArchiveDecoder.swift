import NibModel

/// Decodes UIKit's and AppKit's `NIBArchive` container (the format `ibtool` writes for iOS
/// and for macOS 10.8+): a header of ten 32-bit little-endian fields, then tables of objects,
/// keys, values and class names.
///
/// Every count is checked against the file size before anything is allocated, every index
/// against its table, so hostile input costs at most a few times its own size.
enum NIBArchiveDecoder {
    static let magic = Array("NIBArchive".utf8)

    static func decode(_ bytes: [UInt8], file: String) throws -> ArchivedObjectTable {
        var cursor = ByteCursor(bytes, file: file)
        guard bytes.starts(with: magic) else { throw cursor.error("not a NIBArchive: missing the NIBArchive signature", at: 0) }
        try cursor.seek(magic.count, what: "header")
        var header: [Int] = []
        for name in ["format version", "coder version"] + sectionNames {
            header.append(Int(try cursor.littleEndian(4, "header field \(name)")))
        }
        let (objectCount, objectsOffset, keyCount, keysOffset) = (header[2], header[3], header[4], header[5])
        let (valueCount, valuesOffset, classCount, classesOffset) = (header[6], header[7], header[8], header[9])
        // Smallest encodings: object 3 bytes, key 1, value 2, class 2; a count beyond what the
        // file could hold is corrupt (and would otherwise allocate unbounded memory).
        for (name, count, size, at) in [
            ("object", objectCount, 3, 18), ("key", keyCount, 1, 26), ("value", valueCount, 2, 34), ("class", classCount, 2, 42),
        ] where count > bytes.count / size {
            throw cursor.error("\(name) count \(count) is more than a \(bytes.count)-byte file can hold", at: at)
        }
        let keys = try readKeys(&cursor, count: keyCount, at: keysOffset)
        let classes = try readClasses(&cursor, count: classCount, at: classesOffset)
        let values = try readValues(&cursor, count: valueCount, at: valuesOffset, keys: keys, objectCount: objectCount)
        try cursor.seek(objectsOffset, what: "objects table")
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(objectCount)
        var claimed = 0  // objects own disjoint value ranges; overlapping ones would copy quadratically
        for index in 0..<objectCount {
            let start = cursor.offset
            let classIndex = try cursor.varint("object \(index) class index")
            let first = try cursor.varint("object \(index) first value")
            let count = try cursor.varint("object \(index) value count")
            guard classIndex < classes.count else {
                throw cursor.error("object \(index) names class \(classIndex), but there are \(classes.count) classes", at: start)
            }
            guard first <= values.count, count <= values.count - first else {
                throw cursor.error("object \(index) values \(first)+\(count) run past the \(values.count) values", at: start)
            }
            claimed += count
            guard claimed <= values.count else {
                throw cursor.error("objects claim more than the \(values.count) values (overlapping value ranges)", at: start)
            }
            objects.append(ArchivedObject(className: classes[classIndex], fields: Array(values[first..<first + count]), offset: start))
        }
        guard !objects.isEmpty else { throw cursor.error("NIBArchive without objects", at: 18) }
        return ArchivedObjectTable(container: "NIBArchive", file: file, objects: objects, root: 0, byteCount: bytes.count)
    }

    private static let sectionNames = [
        "object count", "objects offset", "key count", "keys offset", "value count", "values offset", "class count", "classes offset",
    ]

    private static func readKeys(_ cursor: inout ByteCursor, count: Int, at offset: Int) throws -> [String] {
        try cursor.seek(offset, what: "keys table")
        var keys: [String] = []
        keys.reserveCapacity(count)
        for index in 0..<count {
            let length = try cursor.varint("key \(index) length")
            keys.append(String(decoding: try cursor.take(length, "key \(index)"), as: UTF8.self))
        }
        return keys
    }

    private static func readClasses(_ cursor: inout ByteCursor, count: Int, at offset: Int) throws -> [String] {
        try cursor.seek(offset, what: "classes table")
        var classes: [String] = []
        classes.reserveCapacity(count)
        for index in 0..<count {
            let length = try cursor.varint("class \(index) name length")
            let extras = try cursor.varint("class \(index) extra count")
            guard extras <= (cursor.bytes.count - cursor.offset) / 4 else {
                throw cursor.error("class \(index) claims \(extras) extra values, more than the file holds")
            }
            _ = try cursor.take(extras * 4, "class \(index) extra values")
            var name = try cursor.take(length, "class \(index) name")
            if name.last == 0 { name = name.dropLast() }
            classes.append(String(decoding: name, as: UTF8.self))
        }
        return classes
    }

    private static func readValues(
        _ cursor: inout ByteCursor, count: Int, at offset: Int, keys: [String], objectCount: Int
    ) throws -> [(key: String, value: ArchivedValue)] {
        try cursor.seek(offset, what: "values table")
        var values: [(key: String, value: ArchivedValue)] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            let start = cursor.offset
            let keyIndex = try cursor.varint("value \(index) key index")
            guard keyIndex < keys.count else {
                throw cursor.error("value \(index) names key \(keyIndex), but there are \(keys.count) keys", at: start)
            }
            let type = try cursor.byte("value \(index) type")
            values.append((keys[keyIndex], try readValue(&cursor, type: type, index: index, objectCount: objectCount)))
        }
        return values
    }

    private static func readValue(_ cursor: inout ByteCursor, type: UInt8, index: Int, objectCount: Int) throws -> ArchivedValue {
        func what() -> String { "value \(index)" }
        switch type {
        case 0: return .integer(Int64(Int8(truncatingIfNeeded: try cursor.littleEndian(1, what()))))
        case 1: return .integer(Int64(Int16(truncatingIfNeeded: try cursor.littleEndian(2, what()))))
        case 2: return .integer(Int64(Int32(truncatingIfNeeded: try cursor.littleEndian(4, what()))))
        case 3: return .integer(Int64(bitPattern: try cursor.littleEndian(8, what())))
        case 4: return .bool(false)
        case 5: return .bool(true)
        case 6: return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: try cursor.littleEndian(4, what())))))
        case 7: return .real(Double(bitPattern: try cursor.littleEndian(8, what())))
        case 8:
            let length = try cursor.varint("\(what()) data length")
            return .bytes(Array(try cursor.take(length, "\(what()) data")))
        case 9: return .null
        case 10:
            let start = cursor.offset
            let reference = Int(try cursor.littleEndian(4, "\(what()) object reference"))
            guard reference < objectCount else {
                throw cursor.error("\(what()) refers to object \(reference), but there are \(objectCount) objects", at: start)
            }
            return .object(reference)
        default:
            throw cursor.error("\(what()) has unknown value type \(type)", at: cursor.offset - 1)
        }
    }
}
