import Foundation
import NibModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML document, with the position of its start tag.
///
/// A small class tree (not a DOM): both IB formats need look-ahead (archive records refer to
/// objects anywhere in the file, document connections may point forward), so the readers walk
/// a finished tree instead of reacting to SAX events.
final class XMLNode {
    /// The element name.
    let name: String
    /// The attributes as written.
    let attributes: [String: String]
    /// 1-based line of the start tag, as reported by the parser.
    let line: Int
    /// 1-based column of the start tag, as reported by the parser.
    let column: Int
    /// Child elements in document order.
    var children: [XMLNode] = []
    /// Character data directly inside the element.
    var text: String = ""
    /// The XML comment right before the start tag (IB writes each scene's name there).
    var precedingComment: String?

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// The attribute `name`, or nil.
    subscript(_ name: String) -> String? { attributes[name] }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// The first child element whose `key` attribute is `key`.
    func child(key: String) -> XMLNode? { children.first { $0.attributes["key"] == key } }

    /// The element's text, decoded when IB stored it as base64 (`base64-UTF8="YES"` in the
    /// document format, `type="base64-UTF8"` in archives). IB drops the `=` padding.
    var stringValue: String {
        let base64 = attributes["base64-UTF8"] == "YES" || attributes["type"] == "base64-UTF8"
        guard base64 else { return text }
        var compact = text.filter { !$0.isWhitespace }
        while compact.count % 4 != 0 { compact.append("=") }
        guard let data = Data(base64Encoded: compact) else { return text }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Builds an `XMLNode` tree with FoundationXML's `XMLParser`, turning parser failures into
/// `LocatedError`s with the line and column libxml2 stopped at.
enum XMLTreeBuilder {
    /// Parses `data` (already checked to be non-empty text) into its root element.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let delegate = TreeDelegate(bytes: [UInt8](data))
        parser.delegate = delegate
        // On Linux `parse()` can return true after an error, so the error and the element stack
        // are checked too.
        let ok = parser.parse()
        if let deep = delegate.tooDeep {
            throw LocatedError(
                at: FileLocation(file: file, line: deep.line, column: deep.column),
                "elements nested more than \(InputLimits.maxElementDepth) levels deep (the limit; real documents stay under 40)")
        }
        guard !ok || parser.parserError != nil || delegate.root == nil || !delegate.stack.isEmpty else {
            if let root = delegate.root { return root }
            throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "not XML: no root element")
        }
        let code = delegate.firstError?.code ?? (parser.parserError as NSError?)?.code ?? 0
        // The position libxml2 had when it first complained; `parser.lineNumber` afterwards is
        // wherever it gave up (often the end of the file).
        let line = delegate.firstError?.line ?? parser.lineNumber
        let column = delegate.firstError?.column ?? parser.columnNumber
        let location = FileLocation(file: file, line: max(line, 1), column: max(column, 1))
        let open = delegate.stack.last.map { (name: $0.name, line: $0.line) }
        let atEnd = line >= delegate.lineCount
        throw LocatedError(at: location, XMLErrorText.reason(code: code, open: open, hasRoot: delegate.root != nil, atEnd: atEnd))
    }
}

/// Collects elements into a tree while `XMLParser` streams them.
private final class TreeDelegate: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []
    /// The start tag that went past `InputLimits.maxElementDepth`, when one did.
    var tooDeep: (line: Int, column: Int)?
    /// libxml2's first complaint and where the parser was then.
    var firstError: (code: Int, line: Int, column: Int)?
    private var lastComment: String?
    private let bytes: [UInt8]
    /// Byte offset of the start of each line.
    private let lineStarts: [Int]
    /// Lines in the document (a final line break starts no new line).
    var lineCount: Int { bytes.last == 0x0A ? lineStarts.count - 1 : lineStarts.count }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
    }

    /// libxml2 reports the position at the end of a start tag; compilers and editors want its
    /// `<`, so walk back to it (`<` cannot occur inside attribute values).
    private func tagStart(line: Int, column: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= lineStarts.count, !bytes.isEmpty else { return (line, column) }
        var offset = min(lineStarts[line - 1] + max(column - 1, 0), bytes.count - 1)
        while offset > 0 && bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let start = tagStart(line: parser.lineNumber, column: parser.columnNumber)
        // Every reader walks the tree recursively: stop before a deep document can overflow the stack.
        if stack.count >= InputLimits.maxElementDepth {
            if tooDeep == nil { tooDeep = start }
            parser.abortParsing()
            return
        }
        let node = XMLNode(name: elementName, attributes: attributeDict, line: start.line, column: start.column)
        node.precedingComment = lastComment
        lastComment = nil
        if let parent = stack.last {
            parent.children.append(node)
        } else if root == nil {
            root = node
        }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard tooDeep == nil else { return }
        _ = stack.popLast()
        lastComment = nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard firstError == nil else { return }
        firstError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        lastComment = comment.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Text between child elements is indentation: IB never writes mixed content.
        guard let node = stack.last, node.children.isEmpty else { return }
        node.text.append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.text.append(String(decoding: CDATABlock, as: UTF8.self))
    }
}
