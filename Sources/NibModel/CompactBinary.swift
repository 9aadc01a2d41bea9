/// A compact binary form for state nibviz keeps between its own runs (a site's source cache):
/// variable-length integers and length-prefixed UTF-8, no keys. Foundation's `JSONEncoder` and
/// `JSONDecoder` took a fifth of a big app's first site build and a third of a rebuild after
/// one source edit (iTerm2: 3,741 files, 12 MB of JSON); this reads and writes the same
/// content at memory speed. The layout is the writer's order of calls, so each format names
/// its version, and readers turn any malformed byte into `CompactBinary.Malformed`.
public enum CompactBinary {
    /// The bytes do not hold what the reader expected (truncated, an overflowing number, a
    /// count larger than the bytes left, an unknown tag).
    public struct Malformed: Error, CustomStringConvertible {
        /// Where the reader stopped and why.
        public var description: String
    }

    /// Appends values to a byte buffer.
    public struct Writer: Sendable {
        /// What was written so far.
        public private(set) var bytes: [UInt8] = []

        /// Starts an empty buffer.
        public init() {}

        /// A non-negative integer, seven bits per byte, least significant first, the high bit
        /// set on every byte but the last. A negative value is written as 0 (none occurs:
        /// counts, sizes, lines and columns).
        public mutating func integer(_ value: Int) {
            var rest = UInt64(max(value, 0))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        /// One byte (a tag or a set of flags).
        public mutating func byte(_ value: UInt8) { bytes.append(value) }

        /// A Boolean as one byte, 0 or 1.
        public mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        /// A string: its UTF-8 length, then its UTF-8.
        public mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                integer(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        /// Strings in the order given: their count, then each.
        public mutating func strings<Strings: Collection<String>>(_ values: Strings) {
            integer(values.count)
            for value in values { string(value) }
        }

        /// A dictionary by string key: its count, then each key and its value (`write`) in key
        /// order, so equal dictionaries give equal bytes.
        public mutating func entries<Value>(_ entries: [String: Value], _ write: (inout Writer, Value) -> Void) {
            integer(entries.count)
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                string(key)
                write(&self, value)
            }
        }

        /// A flag byte, then the string when there is one.
        public mutating func optionalString(_ value: String?) {
            guard let value else { return byte(0) }
            byte(1)
            string(value)
        }
    }

    /// Reads values back in the order they were written; every read is bounds-checked.
    public struct Reader {
        private let bytes: [UInt8]
        /// The next byte to read.
        public private(set) var offset = 0

        /// Reads `bytes` from the start.
        public init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Whether every byte was read.
        public var isAtEnd: Bool { offset == bytes.count }

        /// An integer as `Writer.integer` writes it; more than 63 bits is malformed.
        public mutating func integer() throws -> Int {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count else { throw malformed("truncated integer") }
                let byte = bytes[offset]
                offset += 1
                // Nine bytes hold 63 bits: a tenth would overflow `Int`.
                guard shift <= 56 else { throw malformed("integer overflows 63 bits") }
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return Int(result) }
                shift += 7
            }
        }

        /// One byte.
        public mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw malformed("truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// A dictionary as `Writer.entries` writes it, each value read by `read`.
        public mutating func entries<Value>(_ read: (inout Reader) throws -> Value) throws -> [String: Value] {
            var result: [String: Value] = [:]
            for _ in 0..<(try count()) {
                let key = try string()
                result[key] = try read(&self)
            }
            return result
        }

        /// A Boolean as `Writer.flag` writes it; any other byte is malformed.
        public mutating func flag() throws -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            case let other: throw malformed("flag byte \(other)")
            }
        }

        /// A string as `Writer.string` writes it (invalid UTF-8 is repaired, as `String(decoding:)` does).
        public mutating func string() throws -> String {
            let count = try integer()
            guard count <= bytes.count - offset else { throw malformed("string of \(count) bytes runs past the end") }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }

        /// A count of items that each take at least one byte: never more than the bytes left, so a
        /// malformed count cannot make a reader reserve or loop for more than the input holds.
        public mutating func count() throws -> Int {
            let count = try integer()
            guard count <= bytes.count - offset else { throw malformed("count \(count) exceeds the bytes left") }
            return count
        }

        /// Strings as `Writer.strings` writes them.
        public mutating func strings() throws -> [String] {
            let count = try count()
            var result: [String] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(try string()) }
            return result
        }

        /// A string as `Writer.optionalString` writes it.
        public mutating func optionalString() throws -> String? {
            switch try byte() {
            case 0: return nil
            case 1: return try string()
            case let tag: throw malformed("unknown optional tag \(tag)")
            }
        }

        /// The case of `type` whose raw value `text` is.
        public func raw<Value: RawRepresentable<String>>(_ type: Value.Type, _ text: String) throws -> Value {
            guard let value = Value(rawValue: text) else { throw malformed("unknown \(Value.self) '\(text)'") }
            return value
        }

        /// The error for what the reader found here (a truncation, an unknown tag).
        public func malformed(_ what: String) -> Malformed {
            Malformed(description: "byte \(offset) of \(bytes.count): \(what)")
        }
    }
}
