import Foundation
import NibModel

/// Reads a text input (a scenario, a DOT file) as UTF-8; a byte that is not UTF-8 is an error
/// at its own line and column, not "the file isn't in the correct format".
public enum TextFile {
    /// The file's text; `displayName` names it in errors.
    public static func readUTF8(_ url: URL, displayName: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocatedError(at: FileLocation(file: displayName), "cannot read: \(error.localizedDescription)")
        }
        try TextEncodingCheck.requireValidUTF8(data, file: displayName)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Rejects bytes that claim to be UTF-8 but are not, before they reach `XMLParser`.
///
/// libxml2 lets some invalid UTF-8 through in element and attribute names, and FoundationXML
/// then traps while making a Swift `String` of them: a crash on input data. Documents that
/// declare another encoding (or are UTF-16) are converted by libxml2 and are left alone.
public enum TextEncodingCheck {
    /// Throws a `LocatedError` at the first invalid byte of a UTF-8 document.
    public static func requireValidUTF8(_ bytes: Data, file: String) throws {
        guard claimsUTF8(bytes) else { return }
        if bytes.withUnsafeBytes({ UTF8Validation.isValid($0) }) { return }
        let offset = firstInvalidOffset(bytes)
        let prefix = bytes.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0
        throw LocatedError(
            at: FileLocation(file: file, line: line, column: offset - lineStart + 1),
            "not valid UTF-8 text (byte 0x\(String(bytes[bytes.startIndex + offset], radix: 16, uppercase: true)))")
    }

    /// Throws at the first control character XML 1.0 forbids (U+0000–U+001F except tab, line
    /// feed and carriage return), so the error names its own line instead of the place where
    /// libxml2 gives up (often the end of the file).
    static func requireXMLCharacters(_ bytes: Data, file: String) throws {
        guard claimsUTF8(bytes) else { return }
        // Over the raw buffer: `Data.firstIndex(where:)` costs an exclusivity check per byte,
        // which made this scan half of all parsing time.
        let found: Int? = bytes.withUnsafeBytes { raw in Self.firstForbiddenControl(in: raw) }
        guard let offset = found else { return }
        let index = bytes.startIndex + offset
        let prefix = bytes.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0
        let code = String(bytes[index], radix: 16, uppercase: true)
        throw LocatedError(
            at: FileLocation(file: file, line: line, column: offset - lineStart + 1),
            "not well-formed XML: control character U+\(String(repeating: "0", count: 4 - code.count))\(code) is not allowed in XML")
    }

    /// The offset of the first byte below 0x20 other than tab, line feed and carriage return.
    /// Eight bytes at a time, with exact per-byte masks (no carry crosses a byte: each sum stays
    /// under 0x100), so a word with line breaks and tabs only costs no byte-by-byte look.
    static func firstForbiddenControl(in raw: UnsafeRawBufferPointer) -> Int? {
        func forbidden(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        let (low7, high) = (UInt64(0x7F7F_7F7F_7F7F_7F7F), UInt64(0x8080_8080_8080_8080))
        /// High bit of each byte that is zero.
        func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & high }
        var offset = 0
        if let base = raw.baseAddress {
            while offset + 8 <= raw.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                // High bit of each byte below 0x20: (b & 0x7F) + 0x60 reaches 0x80 from 0x20 up.
                let below = ~(((word & low7) &+ 0x6060_6060_6060_6060) | word) & high
                if below != 0 {
                    let allowed =
                        zeroBytes(word ^ 0x0909_0909_0909_0909) | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
                        | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                    let bad = below & ~allowed
                    if bad != 0 { return offset + bad.trailingZeroBitCount / 8 }
                }
                offset += 8
            }
        }
        for index in offset..<raw.count where forbidden(raw[index]) { return index }
        return nil
    }

    /// True unless the data is UTF-16 (BOM or `<` with a zero byte) or its XML declaration
    /// properly names an encoding libxml2 converts from (anything unclear counts as UTF-8).
    ///
    /// On the bytes, ASCII letters lowercased: every document read passes here twice, and
    /// `String.lowercased()` and Foundation's `range(of:)` made it cost a tenth of the checks.
    private static func claimsUTF8(_ bytes: Data) -> Bool {
        let head = [UInt8](bytes.prefix(200))
        if head.count >= 2 && (head[0] == 0xFE && head[1] == 0xFF || head[0] == 0xFF && head[1] == 0xFE) { return false }
        if head.count >= 2 && (head[0] == 0 || head[1] == 0) { return false }
        let text = head.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        func offset(of needle: String, before end: Int) -> Int? {
            let needle = Array(needle.utf8)
            guard end >= needle.count else { return nil }
            return (0...(end - needle.count)).first { text[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        guard text.starts(with: "<?xml".utf8), let end = offset(of: "?>", before: text.count),
            let encoding = offset(of: "encoding=", before: end)
        else { return true }
        let rest = text[(encoding + 9)...]
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return true }
        let value = rest.dropFirst().prefix { $0 != quote }
        return !convertedEncodings.contains(String(decoding: value, as: UTF8.self))
    }

    /// Declared encodings libxml2 converts to UTF-8 itself.
    private static let convertedEncodings: Set<String> =
        Set((1...16).map { "iso-8859-\($0)" }).union([
            "latin1", "iso-latin-1", "windows-1250", "windows-1251", "windows-1252", "cp1252", "macintosh", "utf-16",
            "utf-16le", "utf-16be", "ucs-2", "ucs-4",
        ])

    /// Offset of the first byte that does not start a valid UTF-8 sequence.
    private static func firstInvalidOffset(_ bytes: Data) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return max(0, min(offset, bytes.count - 1))
            case .error: return min(offset, bytes.count - 1)
            }
        }
    }
}
