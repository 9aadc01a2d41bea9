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
        let delegate = TreeDelegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if !ok || delegate.root == nil || !delegate.stack.isEmpty {
            let code = (parser.parserError as NSError?)?.code ?? 0
            let line = max(parser.lineNumber, 1)
            let column = max(parser.columnNumber, 1)
            throw LocatedError(at: FileLocation(file: file, line: line, column: column), reason(code: code, sawRoot: delegate.root != nil))
        }
        guard let root = delegate.root else {
            throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "no root element")
        }
        return root
    }

    /// A readable reason for an `XMLParser.ErrorCode` raw value.
    private static func reason(code: Int, sawRoot: Bool) -> String {
        switch XMLParser.ErrorCode(rawValue: code) {
        case .prematureDocumentEndError?:
            sawRoot ? "not well-formed XML: document ends early (truncated file?)" : "not XML: no root element"
        case .emptyDocumentError?: "not XML: empty document"
        case .documentStartError?: "not XML: no document start"
        case .tagNameMismatchError?, .notWellBalancedError?:
            "not well-formed XML: mismatched or unclosed tag (truncated file?)"
        case .ltRequiredError?, .gtRequiredError?: "not well-formed XML: malformed tag"
        case .attributeNotStartedError?, .attributeNotFinishedError?,
            .attributeRedefinedError?, .literalNotStartedError?, .literalNotFinishedError?:
            "not well-formed XML: malformed attribute"
        case .entityRefAtEOFError?, .entityRefLoopError?, .undeclaredEntityError?,
            .entityReferenceMissingSemiError?, .entityReferenceWithoutNameError?:
            "not well-formed XML: bad entity reference"
        case .invalidCharacterError?, .invalidCharacterRefError?, .invalidCharacterInEntityError?:
            "not well-formed XML: invalid character"
        case .encodingNotSupportedError?, .unknownEncodingError?: "not XML: unsupported text encoding"
        case .delegateAbortedParseError?: "XML parsing stopped"
        default:
            sawRoot ? "not well-formed XML (parser error \(code))" : "not XML (parser error \(code))"
        }
    }
}

/// Collects elements into a tree while `XMLParser` streams them.
private final class TreeDelegate: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let node = XMLNode(name: elementName, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber)
        if let parent = stack.last {
            parent.children.append(node)
        } else if root == nil {
            root = node
        }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text.append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.text.append(String(decoding: CDATABlock, as: UTF8.self))
    }
}
