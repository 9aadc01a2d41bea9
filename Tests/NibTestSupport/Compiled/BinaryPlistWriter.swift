/// Writes `bplist00` binary property lists: for keyed-archive fixtures and compiled
/// storyboards' `Info.plist`.
public enum BinaryPlistWriter {
    /// A property-list value.
    public indirect enum Value: Sendable {
        case string(String)
        case int(Int64)
        case real(Double)
        case bool(Bool)
        case data([UInt8])
        case uid(Int)
        case array([Value])
        case dictionary([(String, Value)])
    }

    /// Encodes `top`; every value becomes its own object (no sharing), 2-byte references.
    public static func encode(_ top: Value) -> [UInt8] {
        var objects: [[UInt8]] = []
        @discardableResult
        func add(_ value: Value) -> Int {
            let index = objects.count
            objects.append([])
            var bytes: [UInt8]
            switch value {
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    bytes = marker(0x5, text.utf8.count) + Array(text.utf8)
                } else {
                    let units = Array(text.utf16)
                    bytes = marker(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                }
            case .int(let number): bytes = [0x13] + bigEndian(UInt64(bitPattern: number), 8)
            case .real(let number): bytes = [0x23] + bigEndian(number.bitPattern, 8)
            case .bool(let flag): bytes = [flag ? 0x09 : 0x08]
            case .data(let data): bytes = marker(0x4, data.count) + data
            case .uid(let uid): bytes = [0x83] + bigEndian(UInt64(uid), 4)
            case .array(let members):
                let references = members.map { add($0) }
                bytes = marker(0xA, members.count) + references.flatMap { bigEndian(UInt64($0), 2) }
            case .dictionary(let pairs):
                let keys = pairs.map { add(.string($0.0)) }
                let values = pairs.map { add($0.1) }
                bytes = marker(0xD, pairs.count) + (keys + values).flatMap { bigEndian(UInt64($0), 2) }
            }
            objects[index] = bytes
            return index
        }
        add(top)
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(output.count)
            output += object
        }
        let tableOffset = output.count
        for offset in offsets { output += bigEndian(UInt64(offset), 4) }
        output += [0, 0, 0, 0, 0, 0, 4, 2]
        output += bigEndian(UInt64(objects.count), 8) + bigEndian(0, 8) + bigEndian(UInt64(tableOffset), 8)
        return output
    }

    private static func marker(_ type: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        return [type << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), 8)
    }

    static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
