import NibDOT
import NibModel

/// Escaping for the contexts the site writes into: HTML text, attribute values, URL paths, slugs.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'` so `text` is safe in element content and quoted attributes.
    public static func escape(_ text: String) -> String {
        // Most text (names, ids, labels) has nothing to escape: returned as is (looked at in its
        // contiguous UTF-8, not through the view's iterator: every text of every page passes here).
        guard text.withUTF8Bytes({ firstEscaped($0, from: 0) < $0.count }) else { return text }
        let out = ByteText(capacity: text.utf8.count + 16)
        appendEscaped(text, to: out)
        return out.string
    }

    /// `escape(text)` appended to `out` (a table's rows are built as bytes): runs without a
    /// byte to escape copied whole, each character `escape` changes written as its entity, a
    /// control character other than tab and newline as U+FFFD (HTML allows none).
    static func appendEscaped(_ text: String, to out: ByteText) {
        text.withUTF8Bytes { bytes in
            var copied = 0
            var index = firstEscaped(bytes, from: 0)
            while index < bytes.count {
                out.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                switch bytes[index] {
                case UInt8(ascii: "&"): out += "&amp;"
                case UInt8(ascii: "<"): out += "&lt;"
                case UInt8(ascii: ">"): out += "&gt;"
                case UInt8(ascii: "\""): out += "&quot;"
                case UInt8(ascii: "'"): out += "&#39;"
                default: out += "\u{FFFD}"
                }
                copied = index + 1
                index = firstEscaped(bytes, from: copied)
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    /// The offset of the first byte at or after `start` that `escape` changes (a character it
    /// writes as an entity, or a control character other than tab and newline); `bytes.count`
    /// when none is left. Found 16 bytes at a time (`ByteSet`).
    private static func firstEscaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = kept.prefix(of: bytes, from: start)
        while index < bytes.count, bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\n") {
            index = kept.prefix(of: bytes, from: index + 1)
        }
        return index
    }

    /// The bytes `escape` keeps as they are, but tab and newline (kept too, looked at one by one).
    private static let kept = ByteSet(
        from: 0x20, through: 0xFF,
        except: [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")])

    /// A lowercase identifier made of `[a-z0-9-]` for heading anchors and file names.
    public static func slug(_ text: String) -> String {
        var out = ""
        var lastDash = true
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastDash = false
            } else if !lastDash {
                out += "-"
                lastDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "section" : out
    }

    /// A file-name-safe version of a path component: keeps `[A-Za-z0-9._-]`, maps the rest to `_`.
    public static func fileComponent(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let safe =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "." || scalar == "-" || scalar == "_"
            out.unicodeScalars.append(safe ? scalar : "_")
        }
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : out
    }

    /// The `id` attribute value of a nib object's anchor: `obj-<id>` (ids may hold any
    /// character, R-XML-8; whitespace, which an HTML id cannot hold, becomes `_`). Escape it
    /// for the attribute.
    public static func objectAnchor(_ id: String) -> String {
        "obj-" + whitespaceUnderscored(id)
    }

    /// The fragment that links to `objectAnchor(id)`: `obj-` + the percent-encoded id. Diagrams
    /// get their object links from the site (`SitePlanner.diagramOptions`), so both agree.
    public static func objectFragment(_ id: String) -> String {
        "obj-" + percentEncoded(whitespaceUnderscored(id))
    }

    /// `id` with each whitespace character `_`; an IB id (`BYZ-38-t0r`, `object-12`) or a scene
    /// id has none.
    private static func whitespaceUnderscored(_ id: String) -> String {
        guard id.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) else { return id }
        return String(id.map { $0.isWhitespace ? "_" : $0 })
    }

    /// The `id` attribute value of a storyboard scene's row: `scene-<id>`, whitespace as `_`.
    public static func sceneAnchor(_ id: String) -> String {
        "scene-" + whitespaceUnderscored(id)
    }

    /// The fragment that links to `sceneAnchor(id)`.
    public static func sceneFragment(_ id: String) -> String {
        "scene-" + percentEncoded(whitespaceUnderscored(id))
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters: the same function
    /// NibDiagrams uses for node links, so diagram hrefs and page anchors cannot drift apart.
    public static func percentEncoded(_ text: String) -> String {
        DOTEscaping.percentEncoded(text)
    }

    /// Percent-encodes a relative URL path (keeps `/`, letters, digits and `._-~#`).
    public static func urlPath(_ path: String) -> String {
        // Nearly every path is safe as it is: it is given back without a copy (the class index and
        // the pages listing every object's uses ask for thousands).
        guard !path.utf8.allSatisfy(isURLPathSafe) else { return path }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 16)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if isURLPathSafe(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A byte `urlPath` keeps: ASCII letters and digits and `/._-~#`.
    static func isURLPathSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "#"): true
        default: false
        }
    }
}

extension ByteText {
    /// `HTMLEscaping.escape(text)` appended.
    func appendEscaped(_ text: String) { HTMLEscaping.appendEscaped(text, to: self) }
}
