import Foundation
import NibModel

/// A bounded reader of `bplist00` binary property lists (what NSKeyedArchiver writes).
///
/// Objects are decoded one at a time and never recursively: a container holds the indices of
/// its members, so cycles and deep nesting cost nothing, and every offset and count is
/// checked against the file before use. Foundation's PropertyListSerialization is not used
/// because its errors carry no byte offset and it materialises whole trees.
struct BinaryPlistDecoder: PlistObjects {
    typealias Value = PlistValue

    static let magic = Array("bplist00".utf8)

    let bytes: [UInt8]
    let file: String
    private let offsets: [Int]
    private let referenceSize: Int
    /// The index of the top object.
    let top: Int

    /// Reads the header, trailer and offset table; objects are decoded on demand.
    init(_ bytes: [UInt8], file: String) throws {
        self.bytes = bytes
        self.file = file
        var cursor = ByteCursor(bytes, file: file)
        guard bytes.starts(with: Self.magic) else { throw cursor.error("not a binary property list: missing bplist00", at: 0) }
        guard bytes.count >= Self.magic.count + 32 else {
            throw cursor.error("truncated: no room for the 32-byte trailer", at: bytes.count)
        }
        let trailer = bytes.count - 32
        try cursor.seek(trailer + 6, what: "trailer")
        let offsetSize = Int(try cursor.byte("offset size"))
        let referenceSize = Int(try cursor.byte("reference size"))
        let count = try cursor.bigEndian(8, "object count")
        let top = try cursor.bigEndian(8, "top object")
        let tableOffset = try cursor.bigEndian(8, "offset table offset")
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw cursor.error("trailer sizes \(offsetSize)/\(referenceSize) are not 1…8", at: trailer + 6)
        }
        guard count >= 1, count <= UInt64(trailer / offsetSize) else {
            throw cursor.error("object count \(count) does not fit a \(bytes.count)-byte file", at: trailer + 8)
        }
        guard top < count else { throw cursor.error("top object \(top) is not among the \(count) objects", at: trailer + 16) }
        guard tableOffset >= UInt64(Self.magic.count), tableOffset + count * UInt64(offsetSize) <= UInt64(trailer) else {
            throw cursor.error("offset table at \(tableOffset) does not fit before the trailer", at: trailer + 24)
        }
        try cursor.seek(Int(tableOffset), what: "offset table")
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let position = try cursor.bigEndian(offsetSize, "offset of object \(index)")
            guard position >= UInt64(Self.magic.count), position < tableOffset else {
                throw cursor.error("object \(index) offset \(position) is outside the object area", at: cursor.offset - offsetSize)
            }
            offsets.append(Int(position))
        }
        self.offsets = offsets
        self.referenceSize = referenceSize
        self.top = Int(top)
    }

    var count: Int { offsets.count }

    var lineStarts: [Int]? { nil }

    /// Where object `index` starts (for messages).
    func offset(of index: Int) -> Int { offsets.indices.contains(index) ? offsets[index] : 0 }

    func error(_ message: String, object index: Int) -> LocatedError {
        ByteCursor.error(file: file, at: offset(of: index), message)
    }

    /// Decodes object `index` (shallow).
    func value(_ index: Int) throws -> Value {
        guard offsets.indices.contains(index) else {
            throw ByteCursor.error(file: file, at: 0, "reference to object \(index), but there are \(offsets.count) objects")
        }
        var cursor = ByteCursor(bytes, file: file, offset: offsets[index])
        let marker = try cursor.byte("object \(index) marker")
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw cursor.error("unknown marker 0x\(String(marker, radix: 16))", at: offsets[index])
            }
        case 0x1:
            guard low <= 4 else { throw cursor.error("integer of 2^\(low) bytes", at: offsets[index]) }
            let size = 1 << low
            if size == 16 { _ = try cursor.take(8, "high half of a 128-bit integer") }
            let raw = try cursor.bigEndian(min(size, 8), "integer")
            return .integer(size >= 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2, 0x3:
            guard low == 2 || low == 3 else { throw cursor.error("real of 2^\(low) bytes", at: offsets[index]) }
            let raw = try cursor.bigEndian(1 << low, "real")
            let number = low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return marker >> 4 == 0x2 ? .real(number) : .date(number)
        case 0x4: return .data(Array(try cursor.take(try length(low, &cursor), "data")))
        case 0x5: return .string(String(decoding: try cursor.take(try length(low, &cursor), "ASCII string"), as: UTF8.self))
        case 0x6:
            let units = try length(low, &cursor)
            guard units <= Int.max / 2 else { throw cursor.error("UTF-16 string too long") }
            let raw = try cursor.take(units * 2, "UTF-16 string")
            let codeUnits = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return .string(String(decoding: codeUnits, as: UTF16.self))
        case 0x8:
            return .uid(Int(try cursor.bigEndian(low + 1, "UID")))
        case 0xA, 0xC:
            return .array(try references(try length(low, &cursor), &cursor))
        case 0xD:
            let count = try length(low, &cursor)
            let keys = try references(count, &cursor)
            let values = try references(count, &cursor)
            return .dictionary(zip(keys, values).map { ($0, $1) })
        default:
            throw cursor.error("unknown object type 0x\(String(marker, radix: 16))", at: offsets[index])
        }
    }

    /// A collection length: the marker's low nibble, or an integer object after it when 15.
    private func length(_ low: Int, _ cursor: inout ByteCursor) throws -> Int {
        guard low == 0x0F else { return low }
        let marker = try cursor.byte("length marker")
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw cursor.error("bad length marker 0x\(String(marker, radix: 16))", at: cursor.offset - 1)
        }
        let raw = try cursor.bigEndian(1 << Int(marker & 0x0F), "length")
        guard raw <= UInt64(bytes.count) else { throw cursor.error("length \(raw) is more than the file holds", at: cursor.offset) }
        return Int(raw)
    }

    private func references(_ count: Int, _ cursor: inout ByteCursor) throws -> [Int] {
        guard count <= (bytes.count - cursor.offset) / referenceSize else {
            throw cursor.error("truncated: \(count) references run past the end of the file")
        }
        var result: [Int] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            let reference = try cursor.bigEndian(referenceSize, "object reference")
            guard reference < UInt64(offsets.count) else {
                throw cursor.error(
                    "reference to object \(reference), but there are \(offsets.count) objects", at: cursor.offset - referenceSize)
            }
            result.append(Int(reference))
        }
        return result
    }
}
