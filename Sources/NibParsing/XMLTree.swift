import Foundation
import NibModel

/// One element of a parsed XML document, with the position of its start tag.
///
/// Its mutable properties are set while `XMLTreeReader` builds the tree and only read after, so
/// they skip the runtime's exclusivity checks (`@exclusivity(unchecked)`), as the reader's do.
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
    @exclusivity(unchecked) var children: [XMLNode] = []
    /// Character data directly inside the element.
    @exclusivity(unchecked) var text: String = ""
    /// The XML comment right before the start tag (IB writes each scene's name there).
    @exclusivity(unchecked) var precedingComment: String?

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
        for attribute in attributeList.reversed() where attribute.name.isSame(name) { return attribute.value }
        return nil
    }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name.isSame(name) } }

    /// The first child element whose `key` attribute is `key`.
    func child(key: String) -> XMLNode? { children.first { $0["key"].map { $0.isSame(key) } ?? false } }

    /// The element's text, decoded when IB stored it as base64 (`base64-UTF8="YES"` in the
    /// document format, `type="base64-UTF8"` in archives; see `interfaceBuilderBase64`).
    var stringValue: String {
        let base64 = self["base64-UTF8"] == "YES" || self["type"] == "base64-UTF8"
        guard base64 else { return text }
        guard let bytes = Self.interfaceBuilderBase64(text) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of base64 text as Interface Builder writes it (`base64-UTF8` strings, archive
    /// `<bytes>`): without `=` padding, and in old archives sometimes with one character too
    /// many (`RmlsZSdzIE93bmVyA` for "File's Owner": a lone last character of a quartet holds no
    /// byte, and is dropped). Nil when it is not base64.
    static func interfaceBuilderBase64(_ text: String) -> [UInt8]? {
        var compact = text.filter { !$0.isWhitespace }
        if compact.count % 4 == 1 { compact.removeLast() }
        while compact.count % 4 != 0 { compact.append("=") }
        return Data(base64Encoded: compact).map(Array.init)
    }
}

/// Builds an `XMLNode` tree with libxml2's SAX2 push parser (`XMLTreeReader`), turning parser
/// failures into `LocatedError`s with the line and column libxml2 first complained at.
enum XMLTreeBuilder {
    /// Parses `data` (already checked to be non-empty text) into its root element.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        let reader = XMLTreeReader()
        let outcome = reader.parse(data)
        if let deep = reader.tooDeep {
            throw LocatedError(
                at: FileLocation(file: file, line: deep.line, column: deep.column),
                "elements nested more than \(InputLimits.maxElementDepth) levels deep (the limit; real documents stay under 40)",
                readerLimitation: true)
        }
        // In recovery mode libxml2 can finish with status 0 after an error, so the errors it
        // reported and the element stack are checked too.
        guard outcome.status != 0 || reader.firstError != nil || reader.root == nil || !reader.stack.isEmpty else {
            if let root = reader.root { return root }
            throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "not XML: no root element")
        }
        let code = reader.firstError?.code ?? Int(outcome.status)
        // The position libxml2 had when it first complained; at the end of the parse it is
        // wherever it gave up (often the end of the file).
        let line = reader.firstError?.line ?? outcome.line
        let column = reader.firstError?.column ?? outcome.column
        let location = FileLocation(file: file, line: max(line, 1), column: max(column, 1))
        if let marker = conflictMarkerLine(data), marker <= max(line, 1) {
            throw LocatedError(
                at: FileLocation(file: file, line: marker, column: 1),
                "unresolved merge conflict: the line starts with git's conflict marker '<<<<<<<'; "
                    + "resolve the conflict (or check out one side) and read the document again")
        }
        let open = reader.stack.last.map { (name: $0.name, line: $0.line) }
        let atEnd = line >= lineCount(data)
        throw LocatedError(at: location, XMLErrorText.reason(code: code, open: open, hasRoot: reader.root != nil, atEnd: atEnd))
    }

    /// The first line that starts with git's (or any VCS's) conflict marker, seven '<' then a
    /// space or the line's end: a document saved mid-merge fails to parse there, and "a stray
    /// '<'" would not tell the user why. Looked for only after a parse failed.
    static func conflictMarkerLine(_ data: Data) -> Int? {
        let marker = Array("<<<<<<<".utf8)
        var line = 1
        var atLineStart = true
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if atLineStart, byte == marker[0], data.endIndex - index >= marker.count,
                data[index..<index + marker.count].elementsEqual(marker)
            {
                let after = index + marker.count
                if after == data.endIndex || data[after] == 0x20 || data[after] == 0x0A || data[after] == 0x0D { return line }
            }
            atLineStart = byte == 0x0A
            if atLineStart { line += 1 }
            index += 1
        }
        return nil
    }

    /// Lines in the document (a final line break starts no new line).
    static func lineCount(_ data: Data) -> Int {
        let breaks = data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        return data.last == 0x0A ? breaks : breaks + 1
    }
}

extension String {
    /// `==`, first on the UTF-8 lengths. Names and keys looked up in the tree mostly differ
    /// from the ones passed, and most differ in length, read inline; `==` of two different
    /// strings is a call into the standard library's comparison each time (a name lookup
    /// compares against every attribute of the element).
    @inline(__always) func isSame(_ other: String) -> Bool { utf8.count == other.utf8.count && self == other }
}

extension UInt8 {
    /// XML's white space (the `S` production): space, tab, line feed, carriage return.
    var isXMLWhiteSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
