import Foundation
import NibModel

/// One element of a parsed XML document, with the position of its start tag.
///
/// A small class tree (not a DOM): both IB formats need look-ahead (archive records refer to
/// objects anywhere in the file, document connections may point forward), so the readers walk
/// a finished tree instead of reacting to SAX events.
final class XMLNode {
    /// The element name.
    let name: String
    /// The attributes as written, in document order (an element has a handful: a linear
    /// search beats hashing each name into a dictionary per element).
    let attributeList: [(name: String, value: String)]
    /// 1-based line of the start tag, as reported by the parser.
    let line: Int
    /// 1-based column of the start tag, as reported by the parser.
    let column: Int
    /// Position in document order (pre-order: a parent comes before its children).
    let order: Int
    /// Child elements in document order.
    var children: [XMLNode] = []
    /// Character data directly inside the element.
    var text: String = ""
    /// The XML comment right before the start tag (IB writes each scene's name there).
    var precedingComment: String?

    init(name: String, attributes: [(name: String, value: String)], line: Int, column: Int, order: Int) {
        self.name = name
        self.attributeList = attributes
        self.line = line
        self.column = column
        self.order = order
    }

    /// The attributes by name (a later duplicate wins, as libxml2 reports them).
    var attributes: [String: String] { Dictionary(attributeList, uniquingKeysWith: { $1 }) }

    /// The attribute `name`, or nil.
    subscript(_ name: String) -> String? {
        for attribute in attributeList.reversed() where attribute.name == name { return attribute.value }
        return nil
    }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// The first child element whose `key` attribute is `key`.
    func child(key: String) -> XMLNode? { children.first { $0["key"] == key } }

    /// The element's text, decoded when IB stored it as base64 (`base64-UTF8="YES"` in the
    /// document format, `type="base64-UTF8"` in archives). IB drops the `=` padding.
    var stringValue: String {
        let base64 = self["base64-UTF8"] == "YES" || self["type"] == "base64-UTF8"
        guard base64 else { return text }
        var compact = text.filter { !$0.isWhitespace }
        while compact.count % 4 != 0 { compact.append("=") }
        guard let data = Data(base64Encoded: compact) else { return text }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Builds an `XMLNode` tree with libxml2's SAX2 push parser (`XMLTreeReader`), turning parser
/// failures into `LocatedError`s with the line and column libxml2 stopped at.
enum XMLTreeBuilder {
    /// Parses `data` (already checked to be non-empty text) into its root element.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        let reader = XMLTreeReader()
        let outcome = reader.parse(data)
        // In recovery mode libxml2 can finish with status 0 after an error, so the errors it
        // reported and the element stack are checked too.
        guard outcome.status != 0 || reader.lastErrorCode != nil || reader.root == nil || !reader.stack.isEmpty else {
            if let root = reader.root { return root }
            throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "not XML: no root element")
        }
        let code = reader.lastErrorCode ?? Int(outcome.status)
        let location = FileLocation(file: file, line: max(outcome.line, 1), column: max(outcome.column, 1))
        throw LocatedError(at: location, reason(code: code, reader: reader))
    }

    /// A readable reason. The error codes are libxml2's `xmlParserErrors` (reported through
    /// the structured error handler).
    private static func reason(code: Int, reader: XMLTreeReader) -> String {
        if let open = reader.stack.last, code == 5 || code == 77 || code == 0 {
            return "not well-formed XML: document ends inside <\(open.name)> opened on line \(open.line) (truncated file?)"
        }
        switch code {
        case 3, 4: return "not XML: no root element"
        case 5:
            return reader.root == nil
                ? "not XML: no root element" : "not well-formed XML: malformed markup or content after the root element"
        case 9: return "not well-formed XML: invalid character"
        case 26, 27: return "not well-formed XML: undeclared entity"
        case 31, 32: return "not XML: unsupported text encoding"
        case 38, 39, 40, 41, 43: return "not well-formed XML: malformed attribute"
        case 42: return "not well-formed XML: attribute given twice"
        case 73, 74: return "not well-formed XML: malformed tag"
        case 76:
            return "not well-formed XML: end tag does not match the open element"
                + (reader.stack.last.map { " <\($0.name)> (line \($0.line))" } ?? "")
        case 77: return "not well-formed XML: unfinished tag (truncated file?)"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }
}
