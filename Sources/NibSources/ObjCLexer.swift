import NibModel

/// A token of an Objective-C file, for the tolerant declaration reader.
struct ObjCToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword; `@interface`-style keywords keep their `@`.
        case word
        /// A string literal (`"…"` or `@"…"`); the text is its content.
        case string
        /// One punctuation character (numbers and character literals also end up here as words).
        case punctuation
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int
}

/// Splits Objective-C into tokens, dropping comments and preprocessor lines (both sides of an
/// `#if` are kept: the reader must cope with declarations that differ per platform). Unknown
/// macros stay ordinary words; the reader skips what it does not understand.
enum ObjCLexer {
    static func tokens(_ text: String) -> [ObjCToken] {
        let bytes = Array(text.utf8)
        var tokens: [ObjCToken] = []
        tokens.reserveCapacity(bytes.count / 4)
        var index = 0
        var line = 1
        var lineStart = 0
        var atLineStart = true
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                || byte == 0x24 || byte >= 0x80
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                index += 1
                lineStart = index
                atLineStart = true
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                index += 1
                continue
            }
            if byte == 0x23 && atLineStart {  // # preprocessor line, with \ continuations
                while index < bytes.count && bytes[index] != 0x0A {
                    if bytes[index] == 0x5C && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                        index += 2
                        line += 1
                        lineStart = index
                        continue
                    }
                    if bytes[index] == 0x2F && index + 1 < bytes.count && bytes[index + 1] == 0x2A { break }
                    index += 1
                }
                continue
            }
            atLineStart = false
            if byte == 0x2F && index + 1 < bytes.count && bytes[index + 1] == 0x2F {  // //
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                continue
            }
            if byte == 0x2F && index + 1 < bytes.count && bytes[index + 1] == 0x2A {  // /* */
                index += 2
                while index < bytes.count && !(bytes[index] == 0x2A && index + 1 < bytes.count && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                index = min(index + 2, bytes.count)
                continue
            }
            let column = index - lineStart + 1
            let startLine = line
            if byte == 0x22 || (byte == 0x40 && index + 1 < bytes.count && bytes[index + 1] == 0x22) || byte == 0x27 {
                let quote: UInt8 = byte == 0x27 ? 0x27 : 0x22
                index += byte == 0x40 ? 2 : 1
                let start = index
                while index < bytes.count && bytes[index] != quote && bytes[index] != 0x0A {
                    index += bytes[index] == 0x5C ? 2 : 1
                }
                let end = min(index, bytes.count)
                let content = String(decoding: bytes[start..<end], as: UTF8.self)
                tokens.append(ObjCToken(kind: quote == 0x22 ? .string : .word, text: content, line: startLine, column: column))
                index = min(index + 1, bytes.count)
                continue
            }
            if isWord(byte) || (byte == 0x40 && index + 1 < bytes.count && isWord(bytes[index + 1])) {
                let start = index
                index += 1
                while index < bytes.count && isWord(bytes[index]) { index += 1 }
                tokens.append(
                    ObjCToken(kind: .word, text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine, column: column))
                continue
            }
            tokens.append(ObjCToken(kind: .punctuation, text: String(UnicodeScalar(byte)), line: startLine, column: column))
            index += 1
        }
        return tokens
    }
}
