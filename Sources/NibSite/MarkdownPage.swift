import Foundation
import Ink
import NibDiagrams
import NibModel

/// A Markdown page of `site/pages/` with its embedded directives.
///
/// Directives (each on its own lines, replaced by generated HTML):
/// - a fenced block ```` ```timeline NAME Optional caption ```` holding canonical event lines
///   (R-CONV-1/4): drawn as a table, a timeline diagram and a lifecycle diagram when the lines
///   move a view controller through its view states;
/// - `{{scenario: NAME}}`: the simulated run of `site/scenarios/**/NAME.yaml` (table + diagrams),
///   linked to its scenario page;
/// - `{{diagram: KIND NAME}}`: only the `timeline` or `lifecycle` diagram of NAME (a timeline
///   block above on the same page, or a scenario).
struct MarkdownPage {
    /// A directive found in the Markdown.
    enum Directive: Hashable {
        case timeline(name: String, caption: String, lines: String)
        case scenario(name: String)
        case diagram(kind: DiagramKind, name: String)
        case unknown(String)
    }

    /// Page title (front matter `title:`, else the first `#` heading, else the file name).
    var title: String
    /// Front matter `order:` for the navigation, then title.
    var order: Int
    /// Rendered HTML with `slotMarker(i)` paragraphs where directive `i` goes.
    var html: String
    /// The directives in page order.
    var directives: [Directive]
    /// Headings (level 2 and 3) for the table of contents and search: (id, text).
    var headings: [(id: String, text: String)]

    static func slotMarker(_ index: Int) -> String { "NIBVIZSLOT\(index)X" }

    /// A piece of the page: authored HTML, or a directive in its place.
    enum Part {
        case html(String)
        case directive(Directive)
    }

    /// The page as HTML and directives in order (the slot markers are the page author's own
    /// text, split out here; generated content never passes through a string marker).
    var parts: [Part] {
        var out: [Part] = []
        var rest = Substring(html)
        for (index, directive) in directives.enumerated() {
            guard let range = rest.range(of: Self.slotMarker(index)) else { continue }
            out.append(.html(String(rest[..<range.lowerBound])))
            out.append(.directive(directive))
            rest = rest[range.upperBound...]
        }
        out.append(.html(String(rest)))
        return out
    }

    init(markdown source: String, fallbackTitle: String) {
        var directives: [Directive] = []
        var lines: [String] = []
        var fence: (name: String, caption: String, body: [String])?
        for line in Self.lines(source) {
            if var open = fence {
                if Self.trimmed(line) == "```" {
                    directives.append(.timeline(name: open.name, caption: open.caption, lines: open.body.joined(separator: "\n")))
                    lines += ["", Self.slotMarker(directives.count - 1), ""]
                    fence = nil
                } else {
                    open.body.append(line)
                    fence = open
                }
                continue
            }
            let trimmed = Self.trimmed(line)
            if trimmed.hasPrefix("```timeline") {
                let words = trimmed.dropFirst("```timeline".count).split(separator: " ", maxSplits: 1).map(String.init)
                fence = (words.first ?? "timeline", words.count > 1 ? words[1] : "", [])
                continue
            }
            if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}") {
                directives.append(Self.directive(String(trimmed.dropFirst(2).dropLast(2))))
                lines += ["", Self.slotMarker(directives.count - 1), ""]
                continue
            }
            // Ink starts a new paragraph at a line that begins with inline code; join such a
            // line to the paragraph line before it so wrapped prose stays one paragraph.
            if trimmed.hasPrefix("`"), !trimmed.hasPrefix("```"), let last = lines.last,
                !Self.trimmed(last).isEmpty, !last.hasPrefix("|"), !last.hasPrefix("#"),
                !last.hasPrefix("NIBVIZSLOT")
            {
                lines[lines.count - 1] = last + " " + trimmed
                continue
            }
            lines.append(line)
        }
        let headingState = HeadingState()
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .headings) { input in headingState.addID(to: input.html) })
        let markdown = parser.parse(lines.joined(separator: "\n"))
        var html = markdown.html
        // The layout writes the page's <h1>; drop the Markdown's own leading one.
        if html.hasPrefix("<h1"), let end = html.range(of: "</h1>") { html.removeSubrange(html.startIndex..<end.upperBound) }
        for index in directives.indices {
            html = Self.replacing("<p>\(Self.slotMarker(index))</p>", with: Self.slotMarker(index), in: html)
        }
        self.title = markdown.metadata["title"] ?? markdown.title ?? fallbackTitle
        self.order = Int(markdown.metadata["order"] ?? "") ?? 1000
        self.html = html
        self.directives = directives
        self.headings = headingState.headings
    }

    /// `source`'s lines, as `split(separator: "\n", omittingEmptySubsequences: false)` gives them
    /// (a CR LF is one `Character`, so it ends no line), cut on the bytes: Foundation's
    /// `Character` split and trimming were a third of reading the concept pages.
    static func lines(_ source: String) -> [String] {
        var source = source
        return source.withUTF8 { bytes in
            var out: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
                out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return out
        }
    }

    /// `line.trimmingCharacters(in: .whitespaces)`: for ASCII, spaces and tabs cut off its ends
    /// on the bytes (the only ASCII characters of the set); other text goes to Foundation.
    static func trimmed(_ line: String) -> String {
        var line = line
        let ascii: String?? = line.withUTF8 { bytes in
            guard UTF8Validation.isASCII(bytes) else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            if start == 0, end == bytes.count { return .some(nil) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        switch ascii {
        case .some(.some(let trimmed)): return trimmed
        case .some(.none): return line
        case .none: return line.trimmingCharacters(in: .whitespaces)
        }
    }

    /// `text` with every `target` replaced by `replacement`, found on the bytes (`ByteSearch`).
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var text = text
        var target = target
        return text.withUTF8 { bytes in
            target.withUTF8 { needle in
                guard var found = ByteSearch.firstIndex(of: needle, in: bytes, from: 0) else { return nil }
                let out = ByteText(capacity: bytes.count)
                var copied = 0
                while true {
                    out.append(UnsafeBufferPointer(rebasing: bytes[copied..<found]))
                    out += replacement
                    copied = found + needle.count
                    guard let next = ByteSearch.firstIndex(of: needle, in: bytes, from: copied) else { break }
                    found = next
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
                return out.string
            }
        } ?? text
    }

    static func directive(_ text: String) -> Directive {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return .unknown(text) }
        let words = parts[1].split(separator: " ").map(String.init)
        switch parts[0] {
        case "scenario" where words.count == 1: return .scenario(name: words[0])
        case "diagram" where words.count == 2:
            guard let kind = DiagramKind(rawValue: words[0]), kind == .timeline || kind == .lifecycle else { return .unknown(text) }
            return .diagram(kind: kind, name: words[1])
        default: return .unknown(text)
        }
    }
}

/// Gives each heading a unique id from its text (Ink writes none), remembering them for the TOC.
final class HeadingState {
    var used: Set<String> = []
    var headings: [(id: String, text: String)] = []

    func addID(to html: String) -> String {
        guard html.hasPrefix("<h"), html.count > 4, let close = html.firstIndex(of: ">") else { return html }
        let level = html[html.index(html.startIndex, offsetBy: 2)]
        let inner = html[html.index(after: close)...].replacingOccurrences(of: "</h\(level)>", with: "")
        let text = HTMLText.strippingTags(inner)
        var id = HTMLEscaping.slug(text)
        if used.contains(id) {
            var n = 2
            while used.contains("\(id)-\(n)") { n += 1 }
            id = "\(id)-\(n)"
        }
        used.insert(id)
        if level == "2" || level == "3" { headings.append((id, text)) }
        return "<h\(level) id=\"\(id)\">" + inner
            + "<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(level)>"
    }
}

/// Small text helpers over generated HTML.
enum HTMLText {
    /// The text of an HTML fragment with tags removed and the basic entities decoded.
    ///
    /// One pass over the UTF-8 bytes: an entity starts at its `&` and ends at its `;`, so no two
    /// overlap and decoding them left to right is decoding each in turn. (By `Character` and
    /// five `replacingOccurrences` it was a quarter of planning the rules page.)
    /// The entities `strippingTags` decodes and the byte each stands for.
    private static let entities: [(name: [UInt8], byte: UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
        (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
        (Array("&amp;".utf8), UInt8(ascii: "&")),
    ]

    static func strippingTags(_ html: String) -> String {
        var text: [UInt8] = []
        var html = html
        html.withUTF8 { bytes in
            text.reserveCapacity(bytes.count)
            var inTag = false
            for byte in bytes {
                if byte == UInt8(ascii: "<") {
                    inTag = true
                } else if byte == UInt8(ascii: ">") {
                    inTag = false
                } else if !inTag {
                    text.append(byte)
                }
            }
        }
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = 0
        next: while index < text.count {
            if text[index] == UInt8(ascii: "&") {
                for entity in Self.entities where text[index...].starts(with: entity.name) {
                    out.append(entity.byte)
                    index += entity.name.count
                    continue next
                }
            }
            out.append(text[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
