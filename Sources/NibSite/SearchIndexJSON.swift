/// The bytes of `search.json`, written straight into a buffer: `{"entries":[[kind,text,page,
/// anchor]…],"kinds":[…],"pages":[[title,path]…]}` with keys in that (sorted) order, no
/// spaces, slashes unescaped, the rest escaped as JSON requires. The site's largest generated
/// file (100,000 entries for the corpus): through `JSONSerialization` it cost a third of a
/// one-document rebuild.
struct SearchIndexJSON {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    /// Items written in the open list.
    private var items = 0
    private var lists = 0

    /// Starts the list `key` (closing the one before).
    mutating func open(_ key: String) {
        if lists > 0 { bytes.append(contentsOf: Array("],".utf8)) }
        lists += 1
        items = 0
        Self.string(key, into: &bytes)
        bytes.append(contentsOf: Array(":[".utf8))
    }

    /// `[kind,"text",page,"anchor"]`.
    mutating func entry(kind: Int, text: String, page: Int, anchor: String) {
        separate()
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: Array(String(kind).utf8))
        bytes.append(UInt8(ascii: ","))
        Self.string(text, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: Array(String(page).utf8))
        bytes.append(UInt8(ascii: ","))
        Self.string(anchor, into: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `"value"`.
    mutating func item(_ value: String) {
        separate()
        Self.string(value, into: &bytes)
    }

    /// `["value",…]`.
    mutating func item(_ values: [String]) {
        separate()
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.string(value, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The finished document.
    mutating func finish() -> [UInt8] {
        bytes.append(contentsOf: Array((lists > 0 ? "]}" : "}").utf8))
        return bytes
    }

    private mutating func separate() {
        if items > 0 { bytes.append(UInt8(ascii: ",")) }
        items += 1
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\b \f \n \r \t` or
    /// `\u00XX`, everything else (slashes, non-ASCII UTF-8) as is.
    static func string(_ value: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        defer { bytes.append(UInt8(ascii: "\"")) }
        // Most texts need no escape: appended whole (a byte at a time, each append checking the
        // array's uniqueness and capacity, was most of writing a corpus site's index).
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: value.utf8)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
    }
}
