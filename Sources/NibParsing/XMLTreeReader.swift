import CLibXML2
import Foundation

/// Drives libxml2's SAX2 push parser over a document in memory and collects `XMLNode`s.
///
/// The same parser, options and chunking FoundationXML's `XMLParser` uses (recover, substitute
/// entities; the first 4 bytes open the context so libxml2 can sniff the encoding), so errors,
/// their codes and positions are the same; but names and values go straight from libxml2's
/// buffers into the tree, without Foundation's string bridging and one dictionary per element.
///
/// Its state is read and written only by `parse` and the callbacks libxml2 makes from inside it,
/// one at a time on the parsing thread, and no access to it overlaps another, so its properties
/// opt out of the runtime's exclusivity checks (`@exclusivity(unchecked)`): those checks cost
/// more than the work of a callback (some 70 instructions each, several per element).
final class XMLTreeReader {
    /// The document element, once its start tag was read.
    @exclusivity(unchecked) private(set) var root: XMLNode?
    /// Elements open at the current position (innermost last).
    @exclusivity(unchecked) private(set) var stack: [XMLNode] = []
    /// libxml2's first complaint (`xmlParserErrors` code, error or warning) and its position then.
    @exclusivity(unchecked) private(set) var firstError: (code: Int, line: Int, column: Int)?
    /// The start tag that went past `InputLimits.maxElementDepth`, when one did.
    @exclusivity(unchecked) private(set) var tooDeep: (line: Int, column: Int)?
    @exclusivity(unchecked) private var lastComment: String?
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    /// The document bytes libxml2 reads (UTF-8 input is parsed without conversion).
    @exclusivity(unchecked) private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The last tag found in `bytes` and the start of its line: the next tag is looked for from
    /// there, so a document written on one line (minified, or hostile) costs a pass over each
    /// byte once instead of once per element. Cleared at the start of each parse.
    @exclusivity(unchecked) private var lastTag: (tag: UnsafePointer<UInt8>, lineStart: UnsafePointer<UInt8>)?

    /// How a parse ended: libxml2's status and its position when it stopped.
    struct Outcome {
        var status: Int32
        var line: Int
        var column: Int
    }

    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data` in one chunk; the tree is in `root`, problems in `firstError`.
    func parse(_ data: Data) -> Outcome {
        _ = Self.initialised
        return data.withUnsafeBytes { raw in
            let all = raw.bindMemory(to: UInt8.self)
            bytes = all
            // Pointers of an earlier parse (another buffer, another libxml2 dictionary) mean
            // nothing in this one.
            lastTag = nil
            for slot in names.indices { names[slot] = (nil, "") }
            defer {
                bytes = UnsafeBufferPointer(start: nil, count: 0)
                lastTag = nil
            }
            var handler = Self.makeHandler()
            let me = Unmanaged.passUnretained(self).toOpaque()
            let head = min(4, all.count)
            guard
                let base = all.baseAddress,
                let ctxt = base.withMemoryRebound(
                    to: CChar.self, capacity: head, { xmlCreatePushParserCtxt(&handler, nil, $0, Int32(head), nil) })
            else { return Outcome(status: Int32(XML_ERR_NO_MEMORY.rawValue), line: 1, column: 1) }
            // libxml2's own SAX2 handlers take the context as their user data, so the reader
            // rides in the context's private pointer.
            ctxt.pointee._private = me
            context = ctxt
            defer {
                if let document = ctxt.pointee.myDoc { xmlFreeDoc(document) }
                xmlFreeParserCtxt(ctxt)
                context = nil
            }
            xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue))
            // Errors of every domain (encoding and I/O too) come here, not to stderr; the handler
            // is per thread in libxml2, so parses on other threads keep their own.
            xmlSetStructuredErrorFunc(me, Self.errorHandler)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let status = (base + head).withMemoryRebound(to: CChar.self, capacity: all.count - head) {
                xmlParseChunk(ctxt, $0, Int32(all.count - head), 1)
            }
            return Outcome(status: status, line: Int(xmlSAX2GetLineNumber(ctxt)), column: Int(xmlSAX2GetColumnNumber(ctxt)))
        }
    }

    // MARK: - Callbacks

    /// The reader behind a callback's user data (the parser context).
    private static func reader(_ context: UnsafeMutableRawPointer?) -> XMLTreeReader? {
        guard let own = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<XMLTreeReader>.fromOpaque(own).takeUnretainedValue()
    }

    private static func makeHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        // libxml2's own SAX2 handlers for the DTD and entities (as XMLParser has them), ours
        // for the content.
        xmlSAXVersion(&sax, 2)
        sax.startElementNs = { user, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let localName else { return }
            guard let reader = XMLTreeReader.reader(user) else { return }
            reader.start(
                name: reader.qualifiedName(prefix, localName), namespaces: (Int(namespaceCount), namespaces),
                attributes: (Int(attributeCount), attributes))
        }
        sax.endElementNs = { user, _, _, _ in XMLTreeReader.reader(user)?.end() }
        sax.characters = { user, text, length in XMLTreeReader.reader(user)?.characters(text, Int(length)) }
        sax.ignorableWhitespace = nil
        sax.cdataBlock = { user, text, length in XMLTreeReader.reader(user)?.cdata(text, Int(length)) }
        sax.comment = { user, text in XMLTreeReader.reader(user)?.comment(text) }
        sax.processingInstruction = nil
        sax.serror = nil
        return sax
    }

    private static let errorHandler: xmlStructuredErrorFunc = { user, error in
        guard let error, let user else { return }
        let reader = Unmanaged<XMLTreeReader>.fromOpaque(user).takeUnretainedValue()
        guard reader.firstError == nil else { return }
        let line = reader.context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0
        let column = reader.context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0
        reader.firstError = (Int(error.pointee.code), line, column)
    }

    private static func string(_ text: UnsafePointer<xmlChar>, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    private static func string(_ text: UnsafePointer<xmlChar>) -> String {
        string(text, count: strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)))
    }

    /// Names already made into `String`s, by the address of libxml2's copy: libxml2 keeps one
    /// copy of each element and attribute name in its context's dictionary, so the same address
    /// is the same name for the whole parse (a new reader per parse; the context dies with it).
    /// Direct-mapped: a clash replaces the slot. Saves decoding and validating the UTF-8 of
    /// every name of every element.
    @exclusivity(unchecked) private var names = [(key: UnsafePointer<xmlChar>?, name: String)](repeating: (nil, ""), count: 512)

    /// `qualified(prefix, name)`, from `names` when the name has no prefix.
    private func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ name: UnsafePointer<xmlChar>) -> String {
        if let prefix, prefix.pointee != 0 { return Self.qualified(prefix, name) }
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: name) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        return names.withUnsafeMutableBufferPointer { table in
            if table[slot].key == name { return table[slot].name }
            let made = Self.string(name)
            table[slot] = (name, made)
            return made
        }
    }

    /// `prefix:name`, as XMLParser names elements and attributes without namespace processing.
    private static func qualified(_ prefix: UnsafePointer<xmlChar>?, _ name: UnsafePointer<xmlChar>) -> String {
        guard let prefix, prefix.pointee != 0 else { return string(name) }
        return string(prefix) + ":" + string(name)
    }

    private func start(
        name: String, namespaces: (count: Int, list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?),
        attributes: (count: Int, list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
    ) {
        var list: [(name: String, value: String)] = []
        list.reserveCapacity(namespaces.count + attributes.count)
        if let declarations = namespaces.list {
            // Namespace declarations stay attributes (`xmlns`, `xmlns:p`).
            for index in stride(from: 0, to: namespaces.count * 2, by: 2) {
                let prefix = declarations[index].map { "xmlns:" + Self.string($0) } ?? "xmlns"
                list.append((prefix, declarations[index + 1].map { Self.string($0) } ?? ""))
            }
        }
        if let values = attributes.list {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in stride(from: 0, to: attributes.count * 5, by: 5) {
                guard let local = values[index] else { continue }
                guard let value = values[index + 3], let end = values[index + 4] else { continue }
                list.append((qualifiedName(values[index + 1], local), Self.string(value, count: max(0, end - value))))
            }
        }
        let position = tagStart()
        // Every reader walks the tree recursively: stop before a deep document can overflow the stack.
        if stack.count >= InputLimits.maxElementDepth {
            if tooDeep == nil { tooDeep = position }
            if let context { xmlStopParser(context) }
            return
        }
        let node = XMLNode(name: name, attributes: list, line: position.line, column: position.column, order: count)
        count += 1
        node.precedingComment = lastComment
        lastComment = nil
        if let parent = stack.last {
            if parent.children.isEmpty { flushText(into: parent, keepingBlank: false) }
            parent.children.append(node)
        } else if root == nil {
            root = node
        }
        stack.append(node)
    }

    private func end() {
        guard tooDeep == nil else { return }
        if let node = stack.last { flushText(into: node, keepingBlank: true) }
        _ = stack.popLast()
        lastComment = nil
    }

    /// The innermost element's character data not yet in its `text`: bytes, so the indentation
    /// before each element's first child is never made into a string (IB indents every line).
    @exclusivity(unchecked) private var pendingText: [UInt8] = []

    private func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        // Text between child elements is indentation: IB never writes mixed content.
        guard let text, length > 0, let node = stack.last, node.children.isEmpty else { return }
        pendingText.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
    }

    private func cdata(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard let text, let node = stack.last else { return }
        flushText(into: node, keepingBlank: true)
        node.text.append(Self.string(text, count: length))
    }

    /// Moves `pendingText` to the end of `node.text`. The run of text right before an element's
    /// first child is dropped when it is only white space: that is indentation. (An element's
    /// own text, up to its end tag, is kept whatever it is; IB writes no text beside children.)
    private func flushText(into node: XMLNode, keepingBlank: Bool) {
        guard !pendingText.isEmpty else { return }
        defer { pendingText.removeAll(keepingCapacity: true) }
        if !keepingBlank, pendingText.allSatisfy(\.isXMLWhiteSpace) { return }
        pendingText.withUnsafeBufferPointer { node.text.append(String(decoding: $0, as: UTF8.self)) }
    }

    private func comment(_ text: UnsafePointer<xmlChar>?) {
        guard let text else { return }
        lastComment = Self.string(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Line and column of the `<` of the start tag being reported. libxml2 is at the end of the
    /// tag by then; its `<` is the last one before there (none can occur inside attribute
    /// values), and the line breaks after it are counted off libxml2's line. In the document's
    /// own bytes when libxml2 reads them unconverted, else in libxml2's buffer.
    private func tagStart() -> (line: Int, column: Int) {
        guard let ctxt = context, let input = ctxt.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else {
            return (1, 1)
        }
        let line = Int(input.pointee.line)
        let unconverted = ctxt.pointee.inputNr == 1 && input.pointee.buf?.pointee.encoder == nil
        let offset = Int(input.pointee.consumed) + (cur - base)
        if unconverted, let start = bytes.baseAddress, offset >= 0, offset <= bytes.count {
            let found = Self.locateTag(from: start + min(offset, bytes.count - 1), lowest: start, line: line, known: lastTag)
            lastTag = (found.tag, found.lineStart)
            return (found.line, found.column)
        }
        let found = Self.locateTag(from: cur, lowest: base, line: line, known: nil)
        return (found.line, found.column)
    }

    /// The `<` at or before `position` and its line and column; `known` is an earlier tag of the
    /// same buffer with its line start, where the search starts.
    private static func locateTag(
        from position: UnsafePointer<UInt8>, lowest: UnsafePointer<UInt8>, line: Int,
        known: (tag: UnsafePointer<UInt8>, lineStart: UnsafePointer<UInt8>)?
    ) -> (line: Int, column: Int, tag: UnsafePointer<UInt8>, lineStart: UnsafePointer<UInt8>) {
        if let known, known.tag >= lowest, known.tag < position {
            // Forwards from the earlier tag with memchr, 32 bytes at a time (Darwin has no
            // memrchr): the last `<` up to `position` is this tag's; a line break before it
            // starts this tag's line, one after it is inside the tag.
            var tag = known.tag
            var scan = known.tag + 1
            while scan <= position, let found = memchr(scan, Int32(UInt8(ascii: "<")), position - scan + 1) {
                tag = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                scan = tag + 1
            }
            var lineStart = known.lineStart
            var breaks = 0
            scan = known.tag + 1
            while scan <= position, let found = memchr(scan, 0x0A, position - scan + 1) {
                let lineBreak = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if lineBreak < tag { lineStart = lineBreak + 1 } else { breaks += 1 }
                scan = lineBreak + 1
            }
            return (max(1, line - breaks), tag - lineStart + 1, tag, lineStart)
        }
        // No earlier tag to start from (the first tag, or libxml2's converted buffer): back
        // over this tag's bytes to its `<`, then to its line's start.
        var cursor = position
        var breaks = 0
        while cursor > lowest && cursor.pointee != UInt8(ascii: "<") {
            if cursor.pointee == 0x0A { breaks += 1 }
            cursor -= 1
        }
        var lineStart = cursor
        while lineStart > lowest && (lineStart - 1).pointee != 0x0A { lineStart -= 1 }
        return (max(1, line - breaks), cursor - lineStart + 1, cursor, lineStart)
    }
}
