import CLibXML2
import Foundation
import NibModel

/// A reader of XML property lists (`<plist version="1.0">`): the text form of what
/// NSKeyedArchiver writes, in which Interface Builder 2 and 3 could save a nib bundle's
/// `keyedobjects.nib`. It yields the same flat objects as `BinaryPlistDecoder` — containers
/// hold member indices — with a `CF$UID` dictionary read as the UID it stands for.
///
/// libxml2's pull reader does the XML; no DTD or entity is loaded, nothing is fetched, and
/// nesting stays within libxml2's default depth limit. Errors name the line (and the column, for
/// XML that is not well-formed).
struct XMLPlistDecoder: PlistObjects {
    let file: String
    private(set) var values: [PlistValue] = []
    /// The line of each value's element (libxml2 keeps no column for a node).
    private var lines: [Int] = []
    /// The byte offset of each line's start, for `offset(of:)` and the archive's messages.
    let lineStartOffsets: [Int]
    private(set) var top = 0

    var count: Int { values.count }

    var lineStarts: [Int]? { lineStartOffsets }

    /// Whether `bytes` are an NSKeyedArchiver archive written as an XML property list: a
    /// `<plist` root within the first bytes (after an optional byte-order mark and the prolog)
    /// and a `$archiver` key. Any other XML — an Interface Builder document's `<document>` or
    /// `<archive>`, a plain property list misnamed `.xib` — is left to the document readers,
    /// whose messages name what it is.
    ///
    /// Every XML document read passes here first, so the searches are `memmem` over the bytes:
    /// `firstRange(of:)` on bytes is Foundation's unspecialised `DataProtocol` search, which
    /// made this look a tenth of parsing an Interface Builder document.
    static func isKeyedArchive(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(512))
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        guard
            start.starts(with: "<?xml".utf8) || start.starts(with: "<!DOCTYPE plist".utf8) || start.starts(with: "<plist".utf8),
            contains("<plist", in: head)
        else { return false }
        return bytes.withContiguousStorageIfAvailable { contains("<key>$archiver</key>", in: $0) }
            ?? contains("<key>$archiver</key>", in: Array(bytes))
    }

    private static func contains(_ needle: StaticString, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { contains(needle, in: $0) }
    }

    private static func contains(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.firstIndex(of: needle, in: bytes, from: 0) != nil
    }

    init(_ bytes: [UInt8], file: String) throws {
        self.file = file
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStartOffsets = starts
        let (readable, stands) = Self.withControlCharactersStanding(bytes)
        try read(readable)
        if stands { values = values.map(Self.withControlCharactersBack) }
    }

    /// Control characters XML 1.0 forbids but CoreFoundation writes and reads in strings (a
    /// button's key equivalent Escape is a raw 0x1B). For libxml2 each becomes two private-use
    /// characters, U+E000 then U+E001 + its value, and a U+E000 already in the text is doubled, so
    /// `withControlCharactersBack` restores exactly the text written. True when any was replaced.
    static func withControlCharactersStanding(_ bytes: [UInt8]) -> ([UInt8], Bool) {
        func isForbidden(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        guard bytes.contains(where: isForbidden) else { return (bytes, false) }
        let escape: [UInt8] = [0xEE, 0x80, 0x80]  // U+E000 in UTF-8
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isForbidden(byte) {
                out += escape + [0xEE, 0x80, 0x81 + byte]
            } else if byte == 0xEE, bytes[index...].starts(with: escape) {
                out += escape + escape
                index += escape.count
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        return (out, true)
    }

    private static func withControlCharactersBack(_ value: PlistValue) -> PlistValue {
        guard case .string(let text) = value, text.unicodeScalars.contains("\u{E000}") else { return value }
        var scalars = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{E000}", let next = iterator.next() else {
                scalars.append(scalar)
                continue
            }
            if (0xE001...0xE020).contains(next.value), let control = Unicode.Scalar(next.value - 0xE001) {
                scalars.append(control)
            } else {
                // U+E000 U+E000: one U+E000 of the text (anything else cannot come from the escaping).
                scalars.append(scalar)
                if next != "\u{E000}" { scalars.append(next) }
            }
        }
        return .string(String(scalars))
    }

    func value(_ index: Int) throws -> PlistValue {
        guard values.indices.contains(index) else {
            throw LocatedError(
                at: FileLocation(file: file, line: 1, column: 1), "reference to object \(index), but there are \(count) objects")
        }
        return values[index]
    }

    func offset(of index: Int) -> Int {
        guard lines.indices.contains(index) else { return 0 }
        return lineStartOffsets[min(max(lines[index] - 1, 0), lineStartOffsets.count - 1)]
    }

    func error(_ message: String, object index: Int) -> LocatedError {
        LocatedError(at: FileLocation(file: file, line: lines.indices.contains(index) ? lines[index] : 1), message)
    }

    // MARK: - Reading

    /// An open `<array>` or `<dict>`: its members so far (a dictionary's alternate key, value).
    private struct Container {
        var isDictionary: Bool
        var members: [Int] = []
        var line: Int
        /// Whether the next member of a dictionary must be a `<key>`.
        var expectsKey: Bool { isDictionary && members.count.isMultiple(of: 2) }
    }

    /// The first error libxml2 reports while reading.
    private final class FirstError {
        var found: (message: String, line: Int, column: Int)?
    }

    private static let scalars: Set<String> = ["key", "string", "integer", "real", "date", "data"]

    /// libxml2's global set-up, once per process before any reader (it is not thread-safe lazily).
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    private mutating func read(_ bytes: [UInt8]) throws {
        _ = Self.initialised
        // libxml2 reads the buffer as the reader advances: every read happens inside this closure.
        try bytes.withUnsafeBufferPointer { try read(buffer: $0) }
    }

    private mutating func read(buffer: UnsafeBufferPointer<UInt8>) throws {
        let firstError = FirstError()
        let reader: xmlTextReaderPtr? = buffer.withMemoryRebound(to: CChar.self) {
            xmlReaderForMemory(
                $0.baseAddress, Int32(clamping: $0.count), nil, nil, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue))
        }
        guard let reader else { throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "XML property list: out of memory") }
        // The error handlers point at the box: it lives until the reader is freed (deferred blocks
        // run last first). Errors without a parser (encoding, memory) go to the thread's handler,
        // not to stderr.
        let box = Unmanaged.passUnretained(firstError).toOpaque()
        defer { withExtendedLifetime(firstError) {} }
        xmlSetStructuredErrorFunc(box, Self.errorHandler)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, Self.errorHandler, box)

        var stack: [Container] = []
        var sawPlist = false
        var topValue: Int?
        var scalar: (name: String, text: String, line: Int)?

        // A column only for what libxml2 itself reports (XML that is not well-formed).
        func fail(_ message: String, _ line: Int, column: Int = 0) -> LocatedError {
            LocatedError(at: FileLocation(file: file, line: line, column: column), message)
        }
        // Adds a finished value to the container it is in (or makes it the top object).
        func place(_ value: PlistValue, isKey: Bool, line: Int) throws {
            let index = values.count
            values.append(value)
            lines.append(line)
            guard var parent = stack.popLast() else {
                guard topValue == nil else { throw fail("XML property list: a second top-level object", line) }
                topValue = index
                return
            }
            if parent.isDictionary, isKey != parent.expectsKey {
                throw fail(
                    isKey ? "XML property list: two <key> elements in a row" : "XML property list: a dictionary value without its <key>",
                    line)
            }
            if !parent.isDictionary, isKey { throw fail("XML property list: a <key> inside an <array>", line) }
            parent.members.append(index)
            stack.append(parent)
        }

        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            guard status == 1 else {
                let found = firstError.found ?? ("not well-formed XML", Int(xmlTextReaderGetParserLineNumber(reader)), 0)
                throw fail("XML property list: \(found.message)", found.line, column: found.column)
            }
            // The node's own line (the parser may have read ahead); past 65,534 lines libxml2 keeps
            // no exact line in the node, and the parser's is the nearest.
            let nodeLine = xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) } ?? 0
            let line = nodeLine > 0 && nodeLine < 65535 ? nodeLine : max(1, Int(xmlTextReaderGetParserLineNumber(reader)))
            switch Int(xmlTextReaderNodeType(reader)) {
            case Int(XML_READER_TYPE_ELEMENT.rawValue):
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                if scalar != nil { throw fail("XML property list: <\(name)> inside <\(scalar?.name ?? "")>", line) }
                if !sawPlist {
                    guard name == "plist" else { throw fail("not an XML property list: the root element is <\(name)>", line) }
                    sawPlist = true
                    continue
                }
                switch name {
                case "array", "dict":
                    if isEmpty {
                        try place(name == "dict" ? .dictionary([]) : .array([]), isKey: false, line: line)
                    } else {
                        stack.append(Container(isDictionary: name == "dict", line: line))
                    }
                case "true", "false":
                    try place(.bool(name == "true"), isKey: false, line: line)
                    if !isEmpty { scalar = (name, "", line) }
                case _ where Self.scalars.contains(name):
                    if isEmpty {
                        try place(
                            try Self.scalar(name, text: "", file: file, line: line), isKey: name == "key", line: line)
                    } else {
                        scalar = (name, "", line)
                    }
                default:
                    throw fail("XML property list: unknown element <\(name)>", line)
                }
            case Int(XML_READER_TYPE_TEXT.rawValue), Int(XML_READER_TYPE_CDATA.rawValue),
                Int(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                let text = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
                if scalar != nil {
                    scalar?.text += text
                } else if !text.allSatisfy(\.isWhitespace) {
                    throw fail("XML property list: text outside a value", line)
                }
            case Int(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw fail("XML property list: an entity reference (only &lt; &gt; &amp; &quot; &apos; and &#…; are read)", line)
            case Int(XML_READER_TYPE_END_ELEMENT.rawValue):
                if let open = scalar {
                    scalar = nil
                    if open.name == "true" || open.name == "false" { continue }
                    try place(
                        try Self.scalar(open.name, text: open.text, file: file, line: open.line),
                        isKey: open.name == "key",
                        line: open.line)
                } else if let open = stack.popLast() {
                    guard !open.isDictionary || open.members.count.isMultiple(of: 2) else {
                        throw fail("XML property list: a <key> without its value", open.line)
                    }
                    try place(Self.container(open, values: values), isKey: false, line: open.line)
                }
            default:
                continue
            }
        }
        guard let topValue else { throw fail("XML property list: no object", 1, column: 1) }
        top = topValue
    }

    /// A finished container; a dictionary whose only key is `CF$UID` with an integer is a UID.
    private static func container(_ open: Container, values: [PlistValue]) -> PlistValue {
        guard open.isDictionary else { return .array(open.members) }
        let pairs = stride(from: 0, to: open.members.count - 1, by: 2).map { (key: open.members[$0], value: open.members[$0 + 1]) }
        if pairs.count == 1, case .string("CF$UID") = values[pairs[0].key], case .integer(let uid) = values[pairs[0].value], uid >= 0,
            uid <= Int64(Int32.max)
        {
            return .uid(Int(uid))
        }
        return .dictionary(pairs)
    }

    /// The value of a `<key>`, `<string>`, `<integer>`, `<real>`, `<date>` or `<data>` element.
    private static func scalar(_ name: String, text: String, file: String, line: Int) throws -> PlistValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func bad(_ what: String) -> LocatedError {
            LocatedError(at: FileLocation(file: file, line: line), "XML property list: <\(name)> \(what)")
        }
        switch name {
        case "integer":
            let negative = trimmed.hasPrefix("-")
            let digits = trimmed.drop { $0 == "-" || $0 == "+" }
            let magnitude = digits.lowercased().hasPrefix("0x") ? UInt64(digits.dropFirst(2), radix: 16) : UInt64(digits)
            guard trimmed.count - digits.count <= 1, let magnitude else { throw bad("'\(trimmed.prefix(40))' is not an integer") }
            guard negative ? magnitude <= UInt64(Int64.max) + 1 : true else { throw bad("'\(trimmed.prefix(40))' is out of range") }
            return .integer(negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(bitPattern: magnitude))
        case "real":
            guard let number = Double(trimmed) else { throw bad("'\(trimmed.prefix(40))' is not a number") }
            return .real(number)
        case "date":
            guard let date = try? Date(trimmed, strategy: .iso8601) else {
                throw bad("'\(trimmed.prefix(40))' is not an ISO 8601 date")
            }
            return .date(date.timeIntervalSinceReferenceDate)
        case "data":
            guard let data = Data(base64Encoded: trimmed, options: .ignoreUnknownCharacters) else { throw bad("is not base64") }
            return .data([UInt8](data))
        default:
            return .string(text)
        }
    }

    private static let errorHandler: xmlStructuredErrorFunc = { user, error in
        // Warnings (a relative namespace URI) do not stop the reader: the error that does is named.
        guard let user, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let box = Unmanaged<FirstError>.fromOpaque(user).takeUnretainedValue()
        guard box.found == nil else { return }
        let message =
            error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed XML"
        box.found = (message, Int(error.pointee.line), Int(error.pointee.int2))
    }
}
