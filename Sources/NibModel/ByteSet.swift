import CStringSearch

/// A set of byte values: the escaping checks ask of every byte of every name, value, label and
/// page text whether it may be written as is. A set given as a range less a few bytes
/// (`init(from:through:except:)`, printable ASCII less the characters a context escapes) is
/// scanned 16 bytes at a time (`nv_plain_prefix`); any other through a 256-entry table.
public struct ByteSet: Sendable {
    @usableFromInline let members: [Bool]
    /// The range and the bytes left out of it, when the set was given so.
    @usableFromInline let range: (low: UInt8, high: UInt8, except: [UInt8])?

    /// The bytes for which `predicate` holds.
    public init(where predicate: (UInt8) -> Bool) {
        members = (0...255).map { predicate(UInt8($0)) }
        range = nil
    }

    /// The bytes from `low` through `high` but `except` (at most 8 of them).
    public init(from low: UInt8, through high: UInt8, except: [UInt8] = []) {
        precondition(except.count <= 8, "nv_plain_prefix compares at most 8 bytes")
        members = (0...255).map { byte in byte >= Int(low) && byte <= Int(high) && !except.contains(UInt8(byte)) }
        range = (low, high, except)
    }

    /// Whether `byte` is in the set.
    @inlinable public func contains(_ byte: UInt8) -> Bool { members[Int(byte)] }

    /// Whether every byte of `bytes` is in the set.
    @inlinable public func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { prefix(of: bytes, from: 0) == bytes.count }

    /// The offset of the first byte at or after `start` not in the set; `bytes.count` when
    /// there is none. Short runs (most names and values) are looked up in the table: the
    /// vector scan's set-up per call costs more than their bytes.
    @inlinable public func prefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = max(start, 0)
        if bytes.count - index >= 48, let range, let base = bytes.baseAddress {
            return range.except.withUnsafeBufferPointer { except in
                nv_plain_prefix(base, bytes.count, index, range.low, range.high, except.baseAddress, except.count)
            }
        }
        return members.withUnsafeBufferPointer { table in
            while index < bytes.count, table[Int(bytes[index])] { index += 1 }
            return index
        }
    }

    /// ASCII letters and digits.
    public static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
