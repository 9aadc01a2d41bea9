import CStringSearch
import Foundation
import NibModel

/// Reads an OpenStep ("old-style") property list, the format of Xcode's `project.pbxproj`,
/// into Swift values: `[String: Any]` for a dictionary, `[Any]` for an array, `String` for a
/// string or a number (OpenStep has no numbers), `Data` for `<hex>`. Foundation's reader gives
/// the same values but bridges every one through `NSDictionary`/`NSString`: it was a third of a
/// no-change site rebuild of an app with a 1 MB project file. Returns nil on anything it does
/// not read; the caller then asks Foundation, so an odd file reads as it always did.
enum OpenStepPropertyList {
    static func read(_ data: Data) -> Any? {
        data.withUnsafeBytes { bytes -> Any? in
            // Left to Foundation: bytes that are not UTF-8, and the Unicode line and paragraph
            // separators, which end a `//` comment in Foundation's reader.
            guard String(validating: bytes, as: UTF8.self) != nil,
                memmem(bytes.baseAddress, bytes.count, Self.lineSeparator, 3) == nil,
                memmem(bytes.baseAddress, bytes.count, Self.paragraphSeparator, 3) == nil
            else { return nil }
            var reader = Reader(bytes: bytes)
            guard let value = reader.value() else { return nil }
            reader.skipSpaceAndComments()
            return reader.position == bytes.count ? value : nil
        }
    }

    private static let lineSeparator: [UInt8] = [0xE2, 0x80, 0xA8]
    private static let paragraphSeparator: [UInt8] = [0xE2, 0x80, 0xA9]

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Nesting depth: a hostile file of nested brackets cannot exhaust the stack.
        var depth = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            // A UTF-8 byte order mark.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpaceAndComments() {
            while let byte = current {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while let next = current, next != 0x0A, next != 0x0D { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    guard position + 1 < bytes.count else {
                        position = bytes.count + 1  // unterminated: nothing may follow
                        return
                    }
                    position += 2
                } else {
                    return
                }
            }
        }

        mutating func value() -> Any? {
            skipSpaceAndComments()
            guard let byte = current, depth < 256 else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "("): return array()
            case UInt8(ascii: "<"): return hexData()
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted()
            default: return unquoted()
            }
        }

        mutating func dictionary() -> [String: Any]? {
            position += 1
            depth += 1
            defer { depth -= 1 }
            var result: [String: Any] = [:]
            while true {
                skipSpaceAndComments()
                if current == UInt8(ascii: "}") {
                    position += 1
                    return result
                }
                guard let key = value() as? String else { return nil }
                skipSpaceAndComments()
                guard current == UInt8(ascii: "=") else { return nil }
                position += 1
                guard let item = value() else { return nil }
                skipSpaceAndComments()
                guard current == UInt8(ascii: ";") else { return nil }
                position += 1
                result[key] = item
            }
        }

        mutating func array() -> [Any]? {
            position += 1
            depth += 1
            defer { depth -= 1 }
            var result: [Any] = []
            while true {
                skipSpaceAndComments()
                if current == UInt8(ascii: ")") {
                    position += 1
                    return result
                }
                guard let item = value() else { return nil }
                result.append(item)
                skipSpaceAndComments()
                if current == UInt8(ascii: ",") {
                    position += 1
                } else if current != UInt8(ascii: ")") {
                    return nil
                }
            }
        }

        /// `[A-Za-z0-9_$/:.-]+`, the characters an unquoted OpenStep string may hold.
        mutating func unquoted() -> String? {
            let start = position
            scan: while let byte = current {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                    position += 1
                default: break scan
                }
            }
            guard position > start else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        /// A quoted string; escapes other than `\\`, `\"`, `\'`, `\n`, `\t`, `\r` and `\uXXXX`
        /// (octal, the rarer letters) are left to Foundation (nil).
        mutating func quoted() -> String? {
            guard let quote = current else { return nil }
            position += 1
            var start = position
            var text: [UInt8] = []
            while let byte = current {
                if byte == quote {
                    text += UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                    position += 1
                    // Foundation reads the bytes of a quoted string as UTF-8 only when they are valid.
                    guard let string = String(validating: text, as: UTF8.self) else { return nil }
                    return string
                }
                guard byte == UInt8(ascii: "\\") else {
                    position += 1
                    continue
                }
                text += UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                guard position + 1 < bytes.count else { return nil }
                let escaped = bytes[position + 1]
                position += 2
                switch escaped {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): text.append(escaped)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "U"):
                    // Exactly four hex digits (Foundation reads fewer, and a sign, its own way).
                    guard position + 4 <= bytes.count else { return nil }
                    var code: UInt32 = 0
                    for digit in bytes[position..<position + 4] {
                        guard let value = digit.hexDigitValue else { return nil }
                        code = code << 4 | UInt32(value)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    text += Array(String(Character(scalar)).utf8)
                    position += 4
                default: return nil
                }
                start = position
            }
            return nil
        }

        /// `<hex>`: whitespace (space, tab, newline, return) only between bytes.
        mutating func hexData() -> Data? {
            position += 1
            var result = Data()
            var high: UInt8?
            while let byte = current {
                position += 1
                if byte == UInt8(ascii: ">") { return high == nil ? result : nil }
                if high == nil, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                guard let nibble = byte.hexDigitValue else { return nil }
                if let first = high {
                    result.append(first << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
            return nil
        }
    }
}
