import CStringSearch

/// A set of byte values: the escaping checks ask of every byte of every name, value, label and
/// page text whether it may be written as is. A set given as a range less a few bytes
/// (`init(from:through:except:)`, printable ASCII less the characters a context escapes) is
/// scanned 16 bytes at a time (`nv_plain_prefix`) where a run is long; short runs, and any other
/// set, go through a 256-entry table.
///
/// The sets are static constants: their table is made once and never freed, so a lookup retains
/// nothing (an array's retain and release per name and value were a fifth of quoting it).
public struct ByteSet: @unchecked Sendable {
    /// 256 entries, then up to 8 bytes left out of the range. Never written after `init`.
    @usableFromInline let storage: UnsafeMutablePointer<UInt8>
    @usableFromInline let low: UInt8
    @usableFromInline let high: UInt8
    /// How many bytes the range leaves out, or -1 when the set is not a range.
    @usableFromInline let exceptCount: Int

    /// The bytes for which `predicate` holds.
    public init(where predicate: (UInt8) -> Bool) {
        storage = .allocate(capacity: 256 + 8)
        for byte in 0...255 { storage[byte] = predicate(UInt8(byte)) ? 1 : 0 }
        (low, high, exceptCount) = (0, 0, -1)
    }

    /// The bytes from `low` through `high` but `except` (at most 8 of them).
    public init(from low: UInt8, through high: UInt8, except: [UInt8] = []) {
        precondition(except.count <= 8, "nv_plain_prefix compares at most 8 bytes")
        storage = .allocate(capacity: 256 + 8)
        for byte in 0...255 { storage[byte] = byte >= Int(low) && byte <= Int(high) && !except.contains(UInt8(byte)) ? 1 : 0 }
        for (index, byte) in except.enumerated() { storage[256 + index] = byte }
        (self.low, self.high, exceptCount) = (low, high, except.count)
    }

    /// Whether `byte` is in the set.
    @inlinable public func contains(_ byte: UInt8) -> Bool { storage[Int(byte)] != 0 }

    /// Whether every byte of `bytes` is in the set.
    @inlinable public func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { prefix(of: bytes, from: 0) == bytes.count }

    /// The offset of the first byte at or after `start` not in the set; `bytes.count` when
    /// there is none. Short runs (most names and values) are looked up in the table: the
    /// vector scan's set-up per call costs more than their bytes.
    @inlinable public func prefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = max(start, 0)
        if exceptCount >= 0, bytes.count - index >= 48, let base = bytes.baseAddress {
            return nv_plain_prefix(base, bytes.count, index, low, high, storage + 256, exceptCount)
        }
        while index < bytes.count, storage[Int(bytes[index])] != 0 { index += 1 }
        return index
    }

    /// ASCII letters and digits.
    public static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension String {
    /// `body` over the string's UTF-8 in place, without the copy (and its retain and release)
    /// that `withUTF8` on a `var` makes: native and small strings are contiguous; any other is
    /// made so on a copy.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
