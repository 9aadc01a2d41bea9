import NibModel

/// The one place text becomes DOT: quoted strings for attributes and node names, and
/// HTML-like label text. Every string taken from an input document goes through here.
public enum DOTEscaping {
    /// Where a quoted string ends up, which decides how Graphviz reads it back.
    public enum Context: Sendable {
        /// Labels, names and plain attributes: escStrings expanded once, entities decoded.
        case label
        /// `tooltip`: Graphviz 2.43 expands backslash escapes twice (measured: `"\\N"` in a
        /// tooltip becomes the node name), so backslashes are doubled again.
        case tooltip
        /// `href`/`URL`: escapes expanded once, no entity decoding. Graphviz 2.4x copies the
        /// URL into SVG as is, so `&` is written `&amp;` (later versions keep an existing
        /// entity) and characters a URL never holds raw (`"` `<` `>` `'` space, controls) are
        /// percent-encoded: a `--link-base` with `&` or `"` keeps the SVG well-formed.
        case url
    }

    /// `text` as a double-quoted DOT string that Graphviz shows exactly as `text`.
    ///
    /// Backslashes are doubled (so `\N`, `\G`, `\l` stay literal), quotes escaped, `&` written
    /// `&amp;` (Graphviz decodes entities in labels), line breaks become `\n`, other control
    /// characters a space.
    public static func quoted(_ text: String, for context: Context = .label) -> String {
        let out = ByteText()
        appendQuoted(text, for: context, into: out)
        return out.string
    }

    /// `quoted(text, for:)` appended to `out` (a graph's DOT text is built in one string).
    static func appendQuoted(_ text: String, for context: Context = .label, into out: ByteText) {
        out.append(byte: UInt8(ascii: "\""))
        defer { out.append(byte: UInt8(ascii: "\"")) }
        text.withUTF8Bytes { bytes in
            // Most text (ids, class names, colours, numbers) needs no escaping: copied whole.
            if allPlain(bytes, for: context) {
                out.append(bytes)
            } else {
                appendEscaped(bytes, for: context, into: out)
            }
        }
    }

    /// The bytes of a text that is not plain, escaped for `context`: runs of plain bytes copied
    /// whole, each other character written as `appendQuoted` describes. (UTF-8 spells every
    /// character that needs escaping in ASCII, except the line separators U+2028, U+2029 and
    /// U+0085, spelled `E2 80 A8`, `E2 80 A9` and `C2 85`.)
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, for context: Context, into out: ByteText) {
        let backslash: StaticString = context == .tooltip ? "\\\\\\\\" : "\\\\"
        let plain = context == .url ? plainInURL : plainInText
        var previousWasCR = false
        var copied = 0
        var index = 0
        while index < bytes.count {
            // Plain runs passed over 16 bytes at a time (a CR before them is then no longer last).
            let next = plain.prefix(of: bytes, from: index)
            if next > index { previousWasCR = false }
            index = next
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let separator = lineSeparatorLength(bytes, at: index)
            guard separator > 0 || (byte < 0x80 && !isPlain(byte, for: context)) else {
                previousWasCR = false
                index += 1
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            let length = max(separator, 1)
            if context == .url, byte != UInt8(ascii: "&") {
                let character = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
                out.append(separator > 0 ? percentEncoded(String(decoding: character, as: UTF8.self)) : "%" + hex(byte))
            } else if separator > 0 {
                out += "\\n"
            } else {
                switch byte {
                case UInt8(ascii: "\\"): out += backslash
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "&"): out += "&amp;"
                case UInt8(ascii: "\n") where previousWasCR: break
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): out += "\\n"
                case 0: break
                default: out += " "
                }
            }
            previousWasCR = byte == UInt8(ascii: "\r")
            index += length
            copied = index
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
    }

    /// The length in bytes of a line separator (U+0085, U+2028, U+2029: `C2 85`, `E2 80 A8`,
    /// `E2 80 A9`) starting at `index`, else 0.
    static func lineSeparatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return 2 }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
            return 3
        }
        return 0
    }

    /// Whether `quoted` copies every byte of `bytes` unchanged (`isPlain`), looked up in a
    /// table per context: every quoted name and value of every diagram passes here, tens of
    /// megabytes for a corpus site, and the lookup is a fraction of the comparisons.
    static func allPlain(_ bytes: UnsafeBufferPointer<UInt8>, for context: Context) -> Bool {
        (context == .url ? plainInURL : plainInText).containsAll(bytes)
    }

    /// The bytes `isPlain` keeps, for labels and tooltips (the same bytes) and for URLs.
    private static let plainInText = ByteSet(
        from: 0x20, through: 0x7E, except: [UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "&")])
    private static let plainInURL = ByteSet { isPlain($0, for: .url) }

    /// Whether `quoted` copies the byte unchanged: printable ASCII but `\\`, `"` and `&` (and,
    /// in a URL, a character it percent-encodes).
    private static func isPlain(_ byte: UInt8, for context: Context) -> Bool {
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "&") else {
            return false
        }
        guard context == .url else { return true }
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: " "), UInt8(ascii: "`"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"):
            return false
        default: return true
        }
    }

    /// Longest piece of text one quoted string holds: even escaped at 5 bytes per character
    /// (`&amp;`) it stays under Graphviz's 16,384-byte limit for one quoted string.
    static let pieceScalars = 3_000

    /// `quoted(text, for:)`, written as a DOT concatenation `"…" + "…"` when the text is long,
    /// so any length reaches Graphviz whole (node names, ids and tooltips of any size).
    public static func quotedInPieces(_ text: String, for context: Context = .label) -> String {
        let out = ByteText()
        appendQuotedInPieces(text, for: context, into: out)
        return out.string
    }

    /// `quotedInPieces(text, for:)` appended to `out`.
    static func appendQuotedInPieces(_ text: String, for context: Context = .label, into out: ByteText) {
        // A text of no more bytes than `pieceScalars` has no more scalars either.
        guard text.utf8.count > pieceScalars, text.unicodeScalars.count > pieceScalars else {
            appendQuoted(text, for: context, into: out)
            return
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex {
            if start > scalars.startIndex { out += " + " }
            let end = scalars.index(start, offsetBy: pieceScalars, limitedBy: scalars.endIndex) ?? scalars.endIndex
            appendQuoted(String(scalars[start..<end]), for: context, into: out)
            start = end
        }
    }

    /// `text` as the content of an HTML-like label cell: `& < > "` as entities, backslashes
    /// doubled (Graphviz expands `\N` even inside HTML labels), line breaks as `<BR/>`.
    public static func html(_ text: String) -> String {
        // Printable ASCII without a character to escape (most names) is returned as is.
        var text = text
        let plain = text.withUTF8 { plainInHTML.containsAll($0) }
        if plain { return text }
        let out = ByteText(capacity: text.utf8.count + 16)
        appendHTML(text, to: out)
        return out.string
    }

    /// `html(text)` appended to `out` (an event's label is built as bytes), on the text's
    /// UTF-8: every character it changes is ASCII but the line separators U+0085, U+2028 and
    /// U+2029 (`C2 85`, `E2 80 A8`, `E2 80 A9`); the other bytes are copied in runs.
    public static func appendHTML(_ text: String, to out: ByteText) {
        text.withUTF8Bytes { bytes in
            if plainInHTML.containsAll(bytes) { return out.append(bytes) }
            var previousWasCR = false
            var copied = 0
            var index = 0
            while index < bytes.count {
                // Plain runs passed over 16 bytes at a time (a CR before them is then no longer last).
                let next = plainInHTML.prefix(of: bytes, from: index)
                if next > index { previousWasCR = false }
                index = next
                guard index < bytes.count else { break }
                let byte = bytes[index]
                let length = max(lineSeparatorLength(bytes, at: index), 1)
                if length == 1, byte >= 0x80 || plainInHTML.contains(byte) {
                    previousWasCR = false
                    index += 1
                    continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                switch byte {
                case UInt8(ascii: "&"): out += "&amp;"
                case UInt8(ascii: "<"): out += "&lt;"
                case UInt8(ascii: ">"): out += "&gt;"
                case UInt8(ascii: "\""): out += "&quot;"
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "\n") where previousWasCR: break
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0xC2, 0xE2: out += "<BR/>"
                case 0: break
                default: out += " "
                }
                previousWasCR = byte == UInt8(ascii: "\r")
                index += length
                copied = index
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
        }
    }

    /// For each byte value, whether `html` keeps it as is: printable ASCII but `& < > " \\`.
    private static let plainInHTML = ByteSet(
        from: 0x20, through: 0x7E,
        except: [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "\\")])

    /// A token usable in an SVG `class` attribute or a file name: ASCII letters, digits and
    /// `-`, everything else `-`, never empty.
    public static func token(_ text: String) -> String {
        let isToken = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
        if isToken, !text.isEmpty { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            out.unicodeScalars.append(ok ? scalar : "-")
        }
        return out.isEmpty ? "-" : out
    }

    /// `text` percent-encoded for a URL fragment or path segment (RFC 3986 unreserved kept).
    /// Text that is all unreserved (most ids) is returned as is; the rest is encoded on its
    /// bytes: every object link of every page and diagram passes here.
    public static func percentEncoded(_ text: String) -> String {
        var bytesOfText = text
        let encoded: [UInt8]? = bytesOfText.withUTF8 { bytes in
            guard !unreservedBytes.containsAll(bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 3)
            for byte in bytes {
                if unreservedBytes.contains(byte) {
                    out.append(byte)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            }
            return out
        }
        return encoded.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// For each byte value, whether `percentEncoded` keeps it: RFC 3986's unreserved characters.
    private static let unreservedBytes = ByteSet { byte in
        ByteSet.isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// Upper-case hexadecimal digits, as `percentEncoded` writes them.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Shortens `text` to at most `limit` characters with an ellipsis, for labels (the full
    /// text stays in the tooltip).
    public static func truncated(_ text: String, limit: Int = 48) -> String {
        // No more bytes than `limit`: no more characters either (counting characters is slow).
        guard text.utf8.count > limit, text.count > limit, limit > 1 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private static func hex(_ byte: UInt8) -> String {
        String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
    }
}
