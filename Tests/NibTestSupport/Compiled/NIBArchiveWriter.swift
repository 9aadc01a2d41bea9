/// Encodes an `ArchiveFixture` as a `NIBArchive` (format 1, coder 10): strings become `NSString`
/// objects with `NS.bytes`, collections inlined `UINibEncoderEmptyKey` values.
public enum NIBArchiveWriter {
    public static func encode(_ fixture: ArchiveFixture, coderVersion: UInt32 = 10) -> [UInt8] {
        var classes: [String] = []
        var keys: [String] = []
        func classIndex(_ name: String) -> Int {
            if let index = classes.firstIndex(of: name) { return index }
            classes.append(name)
            return classes.count - 1
        }
        func keyIndex(_ name: String) -> Int {
            if let index = keys.firstIndex(of: name) { return index }
            keys.append(name)
            return keys.count - 1
        }
        var objectsTable: [UInt8] = []
        var valuesTable: [UInt8] = []
        var valueCount = 0
        func value(_ key: String, _ value: ArchiveFixture.Value) {
            valuesTable += varint(keyIndex(key))
            valueCount += 1
            switch value {
            case .int(let number):
                if let small = Int8(exactly: number) {
                    valuesTable += [0, UInt8(bitPattern: small)]
                } else if let medium = Int32(exactly: number) {
                    valuesTable += [2] + littleEndian(UInt64(UInt32(bitPattern: medium)), 4)
                } else {
                    valuesTable += [3] + littleEndian(UInt64(bitPattern: number), 8)
                }
            case .bool(let flag): valuesTable.append(flag ? 5 : 4)
            case .double(let number): valuesTable += [7] + littleEndian(number.bitPattern, 8)
            case .data(let bytes): valuesTable += [8] + varint(bytes.count) + bytes
            case .null: valuesTable.append(9)
            case .ref(let index): valuesTable += [10] + littleEndian(UInt64(index), 4)
            }
        }
        for item in fixture.items {
            let first = valueCount
            let className: String
            switch item {
            case .object(let name, let fields):
                className = name
                for (key, field) in fields { value(key, field) }
            case .string(let text):
                className = "NSString"
                value("NS.bytes", .data(Array(text.utf8)))
            case .number(let number):
                className = "NSNumber"
                value("NS.intval", .int(number))
            case .collection(let name, let members):
                className = name
                value("NSInlinedValue", .bool(true))
                for member in members { value("UINibEncoderEmptyKey", .ref(member)) }
            case .dictionary(let pairs):
                className = "NSDictionary"
                value("NSInlinedValue", .bool(true))
                for (key, member) in pairs {
                    value("UINibEncoderEmptyKey", .ref(key))
                    value("UINibEncoderEmptyKey", .ref(member))
                }
            }
            objectsTable += varint(classIndex(className)) + varint(first) + varint(valueCount - first)
        }
        var keysTable: [UInt8] = []
        for key in keys { keysTable += varint(key.utf8.count) + Array(key.utf8) }
        var classesTable: [UInt8] = []
        for name in classes { classesTable += varint(name.utf8.count + 1) + varint(0) + Array(name.utf8) + [0] }
        let header = 10 + 40
        let objectsOffset = header
        let keysOffset = objectsOffset + objectsTable.count
        let valuesOffset = keysOffset + keysTable.count
        let classesOffset = valuesOffset + valuesTable.count
        var bytes = Array("NIBArchive".utf8)
        for field in [
            1, Int(coderVersion), fixture.items.count, objectsOffset, keys.count, keysOffset, valueCount, valuesOffset, classes.count,
            classesOffset,
        ] {
            bytes += littleEndian(UInt64(field), 4)
        }
        return bytes + objectsTable + keysTable + valuesTable + classesTable
    }

    /// NIBArchive's varint: 7 bits a byte, least significant first, high bit set on the last byte.
    public static func varint(_ value: Int) -> [UInt8] {
        var rest = UInt64(value)
        var out: [UInt8] = []
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F))
            rest >>= 7
        }
        out.append(UInt8(rest) | 0x80)
        return out
    }

    static func littleEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
