import Foundation
import NibModel
import NibSite

/// A list of strings kept as one space-separated string when no value is empty or holds a
/// space (every id and nearly every reference of a page), else as the list. Written the same
/// way (`CompactBinary`), so the build state's largest part, the anchors and references of
/// every page, is read and written as one string per list and split only for the few pages a
/// rebuild looks into.
struct PackedStrings: Sendable, Equatable {
    private enum Storage: Equatable {
        case joined(String)
        case list([String])
    }

    private let storage: Storage

    init(_ values: [String]) {
        if values.contains(where: { $0.isEmpty || $0.utf8.contains(UInt8(ascii: " ")) }) {
            storage = .list(values)
        } else {
            storage = .joined(values.joined(separator: " "))
        }
    }

    /// The distinct values at `ranges` of `bytes` (UTF-8), sorted by their bytes: what
    /// `init(Set(values).sorted())` stores, for text in normal form, without a string per value.
    init(sortedUnique ranges: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) {
        // An empty page has no value to point at.
        guard let base = bytes.baseAddress, !ranges.isEmpty else {
            storage = .joined("")
            return
        }
        func precedes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
            let order = memcmp(base + left.lowerBound, base + right.lowerBound, min(left.count, right.count))
            return order != 0 ? order < 0 : left.count < right.count
        }
        func same(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
            left.count == right.count && memcmp(base + left.lowerBound, base + right.lowerBound, left.count) == 0
        }
        // Sorted by their first 16 bytes as two numbers (big-endian, zero-padded: a shorter value
        // that is a prefix sorts first either way), by all their bytes only on a tie: the
        // comparisons through `memcmp` were most of reading a page's links.
        func word(_ range: Range<Int>, _ offset: Int) -> UInt64 {
            var word: UInt64 = 0
            for index in offset..<offset + 8 {
                word <<= 8
                if range.lowerBound + index < range.upperBound { word |= UInt64(base[range.lowerBound + index]) }
            }
            return word
        }
        let keyed = ranges.map { (high: word($0, 0), low: word($0, 8), range: $0) }.sorted { left, right in
            if left.high != right.high { return left.high < right.high }
            if left.low != right.low { return left.low < right.low }
            return precedes(left.range, right.range)
        }
        var unique: [Range<Int>] = []
        unique.reserveCapacity(ranges.count)
        for (_, _, range) in keyed where unique.last.map({ !same($0, range) }) ?? true { unique.append(range) }
        let space = UInt8(ascii: " ")
        guard unique.allSatisfy({ !$0.isEmpty && memchr(base + $0.lowerBound, Int32(space), $0.count) == nil }) else {
            storage = .list(unique.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) })
            return
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(unique.reduce(0) { $0 + $1.count + 1 })
        for range in unique {
            if !joined.isEmpty { joined.append(space) }
            joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        storage = .joined(String(decoding: joined, as: UTF8.self))
    }

    /// The values, in order.
    var values: [String] {
        switch storage {
        case .list(let values): return values
        case .joined(let joined): return ByteSeparated.split(joined, at: UInt8(ascii: " "))
        }
    }

    /// Appends these strings in `CompactBinary`, as they are stored.
    func write(to writer: inout CompactBinary.Writer) {
        switch storage {
        case .joined(let joined):
            writer.byte(0)
            writer.string(joined)
        case .list(let values):
            writer.byte(1)
            writer.strings(values)
        }
    }

    /// Reads strings `write(to:)` wrote.
    init(from reader: inout CompactBinary.Reader) throws {
        switch try reader.byte() {
        case 0: storage = .joined(try reader.string())
        case 1: storage = .list(try reader.strings())
        case let tag: throw reader.malformed("packed strings stored as \(tag)")
        }
    }
}
