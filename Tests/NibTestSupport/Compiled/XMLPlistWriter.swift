import Foundation

/// Writes XML property lists as CoreFoundation does: tab-indented, `<key>`s before values, a
/// UID as a one-key `CF$UID` dictionary, and only `&`, `<` and `>` escaped in text (a control
/// character such as a key equivalent's Escape is written raw, as CoreFoundation writes it).
public enum XMLPlistWriter {
    public static func encode(_ top: BinaryPlistWriter.Value) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(top, depth: 0, into: &out)
        out += "</plist>\n"
        return Array(out.utf8)
    }

    private static func write(_ value: BinaryPlistWriter.Value, depth: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text): out += "\(indent)<string>\(escaped(text))</string>\n"
        case .int(let number): out += "\(indent)<integer>\(number)</integer>\n"
        case .real(let number): out += "\(indent)<real>\(number)</real>\n"
        case .bool(let flag): out += "\(indent)<\(flag)/>\n"
        case .data(let bytes): out += "\(indent)<data>\n\(indent)\(Data(bytes).base64EncodedString())\n\(indent)</data>\n"
        case .uid(let uid): write(.dictionary([("CF$UID", .int(Int64(uid)))]), depth: depth, into: &out)
        case .array(let members):
            guard !members.isEmpty else { return out += "\(indent)<array/>\n" }
            out += "\(indent)<array>\n"
            for member in members { write(member, depth: depth + 1, into: &out) }
            out += "\(indent)</array>\n"
        case .dictionary(let pairs):
            guard !pairs.isEmpty else { return out += "\(indent)<dict/>\n" }
            out += "\(indent)<dict>\n"
            for (key, member) in pairs {
                out += "\(indent)\t<key>\(escaped(key))</key>\n"
                write(member, depth: depth + 1, into: &out)
            }
            out += "\(indent)</dict>\n"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
