import Foundation
import NibModel

/// Bounded reads over the bytes of a compiled nib; every failure names the byte offset.
struct ByteCursor {
    let bytes: [UInt8]
    let file: String
    /// The next byte to read.
    var offset: Int

    init(_ bytes: [UInt8], file: String, offset: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
    }

    /// A located error at `offset` (default: the cursor's position).
    func error(_ message: String, at offset: Int? = nil) -> LocatedError {
        Self.error(file: file, at: offset ?? self.offset, message)
    }

    /// `file: byte N: message`, the location format of every compiled-nib error.
    static func error(file: String, at offset: Int, _ message: String) -> LocatedError {
        LocatedError(at: FileLocation(file: file), "byte \(offset): \(message)")
    }

    /// Moves to `position`, which must lie inside the file.
    mutating func seek(_ position: Int, what: @autoclosure () -> String) throws {
        guard position >= 0, position <= bytes.count else {
            throw error("\(what()) offset \(position) is outside the file (\(bytes.count) bytes)")
        }
        offset = position
    }

    mutating func byte(_ what: @autoclosure () -> String) throws -> UInt8 {
        guard offset < bytes.count else { throw error("truncated: \(what()) runs past the end of the file") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` bytes as a slice; `count` is checked against what is left before anything is read.
    mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else {
            throw error("truncated: \(what()) needs \(count) bytes, \(bytes.count - offset) left")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A little-endian unsigned integer of `size` bytes (1…8).
    mutating func littleEndian(_ size: Int, _ what: @autoclosure () -> String) throws -> UInt64 {
        let slice = try take(size, what())
        return slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A big-endian unsigned integer of `size` bytes (1…8).
    mutating func bigEndian(_ size: Int, _ what: @autoclosure () -> String) throws -> UInt64 {
        let slice = try take(size, what())
        return slice.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// NIBArchive's variable-length integer: 7 bits per byte, least significant first, the
    /// byte with its high bit set ends the number. More than 63 bits is an overflow.
    mutating func varint(_ what: @autoclosure () -> String) throws -> Int {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try self.byte(what())
            let bits = UInt64(byte & 0x7F)
            if shift >= 63 && (bits != 0 || shift > 63) {
                throw error("\(what()): variable-length integer overflows 63 bits", at: start)
            }
            result |= bits << shift
            if byte & 0x80 != 0 { return Int(result) }
            shift += 7
        }
    }
}
