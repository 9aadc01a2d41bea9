import NibModel

/// One type scale for every diagram kind, so text keeps its size from one diagram to the next:
/// node labels, edge labels, cluster labels and legends use `body`; second lines (a class under
/// a name, arguments, event numbers) `detail`; the diagram's own title `title`. The smallest
/// size decides how far a diagram may be scaled down: `detail` (10 pt = 13.3 CSS px) stays at
/// 8 CSS px or more while a diagram is at most 1,200 pt (1,600 px) wide and shrunk to fit a
/// 960 px column (`SVGMetrics`).
public enum TypeScale {
    /// The diagram title, in points.
    public static let title = 14
    /// Node, edge, cluster and legend labels, in points.
    public static let body = 11
    /// Second lines of labels, in points; the smallest text any diagram draws.
    public static let detail = 10

    /// The widest a diagram should lay out, in points, to stay legible in a 960 px column.
    public static let legibleWidth = 1200.0

    /// `escaped` (already HTML-escaped) in the detail size, for HTML-like labels.
    public static func detailHTML(_ escaped: String) -> String {
        var html = detailOpen
        html.reserveCapacity(detailOpen.utf8.count + escaped.utf8.count + 7)
        html += escaped
        html += "</FONT>"
        return html
    }

    /// `detailHTML(escaped)` appended to `out`, its text written by `text` (an event's label is
    /// built as bytes).
    public static func appendDetailHTML(to out: ByteText, _ text: (ByteText) -> Void) {
        out += detailOpen
        text(out)
        out += "</FONT>"
    }

    /// The start tag `detailHTML` opens with, made once (every event of every timeline has one).
    private static let detailOpen = "<FONT POINT-SIZE=\"\(detail)\">"

    /// A diagram title as an HTML-like label in the title size (`text` is plain text), in
    /// lines of at most `width` characters (`titleLines`). Dot widens a left-to-right layout's
    /// ranks to fit its title, so a title wider than the drawing spreads every column: 80
    /// characters (about 670 pt) stay well inside `legibleWidth`.
    public static func titleLabel(_ text: String, width: Int = 80, lines: Int = 2) -> DOTValue {
        .html(
            "<FONT POINT-SIZE=\"\(title)\">" + titleLines(text, width: width, lines: lines).map(DOTEscaping.html).joined(separator: "<BR/>")
                + "</FONT>")
    }

    /// `text` in lines of at most `width` characters, each broken after the last separator
    /// (space, `/`, `_`, `.`, `-`, `—`) in its second half, else at `width`; the last of `lines`
    /// ends in an ellipsis when text is left over. Titles are mostly file paths, where spaces are
    /// rare and IB's flattened names (`Resources__Base.lproj__Main.storyboard`) are long.
    public static func titleLines(_ text: String, width: Int, lines: Int) -> [String] {
        guard width > 1, lines > 0 else { return [text] }
        // No more bytes than `width`: no more characters either (most titles).
        if text.utf8.count <= width { return [text] }
        // Every diagram has a title: one whose characters are each one scalar (paths, ASCII,
        // a dash or an ellipsis) is cut on its scalars, where counting and cutting `Character`s
        // per line was ~70,000 instructions a title.
        guard let scalars = singleScalarCharacters(text) else { return titleLinesByCharacter(text, width: width, lines: lines) }
        var start = 0
        var out: [String] = []
        func string(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view)
        }
        while scalars.count - start > width, out.count < lines - 1 {
            var cut = width
            for index in stride(from: width - 1, through: width / 2, by: -1) where isTitleSeparator(scalars[start + index]) {
                cut = index + 1
                break
            }
            var end = start + cut
            while end > start, scalars[end - 1] == " " { end -= 1 }
            out.append(string(start..<end))
            start += cut
            while start < scalars.count, scalars[start] == " " { start += 1 }
        }
        out.append(scalars.count - start > width ? string(start..<start + width - 1) + "…" : string(start..<scalars.count))
        return out
    }

    /// `text`'s scalars when each is a `Character` of its own: every scalar below U+0300 (where
    /// no combining mark, joiner or other extender is) but CR (CR LF is one character), or in
    /// the General Punctuation block's dashes, quotes, bullets, ellipsis and primes; nil otherwise.
    private static func singleScalarCharacters(_ text: String) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard (value < 0x300 && value != 0x0D) || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value) else {
                return nil
            }
            scalars.append(scalar)
        }
        return scalars
    }

    /// Where `titleLines` breaks a line: after a space, `/`, `_`, `.`, `-` or `—`.
    private static func isTitleSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "/", "_", ".", "-", "—": return true
        default: return false
        }
    }

    /// `titleLines` by `Character`: for titles with combining marks, emoji and the like, and
    /// the definition the scalar cut is tested against.
    static func titleLinesByCharacter(_ text: String, width: Int, lines: Int) -> [String] {
        guard width > 1, lines > 0 else { return [text] }
        var rest = Substring(text)
        var out: [String] = []
        let separators: Set<Character> = [" ", "/", "_", ".", "-", "—"]
        while rest.count > width, out.count < lines - 1 {
            let head = Array(rest.prefix(width))
            var cut = width
            for index in stride(from: width - 1, through: width / 2, by: -1) where separators.contains(head[index]) {
                cut = index + 1
                break
            }
            var line = head[..<cut]
            while line.last == " " { line = line.dropLast() }
            out.append(String(line))
            rest = rest.dropFirst(cut).drop { $0 == " " }
        }
        out.append(rest.count > width ? String(rest.prefix(width - 1)) + "…" : String(rest))
        return out
    }

    /// `text.count` (Characters), counted in bytes when `countsInBytes(text)`: label widths are
    /// estimated from it for every event of every timeline.
    public static func characterCount(_ text: String) -> Int {
        countsInBytes(text) ? text.utf8.count : text.count
    }

    /// Whether `text`'s Characters are its bytes: every byte ASCII but CR (CR LF is one
    /// Character). Nearly every label is, and is counted without breaking graphemes.
    static func countsInBytes<Text: StringProtocol>(_ text: Text) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// `text` broken at spaces into lines of at most `width` characters, at most `lines` lines
    /// (the last one ends in an ellipsis when text is left over); words longer than `width` are
    /// cut, where a class name's words meet when one does in the second half of the line
    /// (`AppDetailCollectionView|Controller`). Plain text: escape each line for its context.
    public static func wrapped(_ text: String, width: Int, lines: Int = 2) -> [String] {
        guard width > 1, lines > 0 else { return [text] }
        // Checked once for the whole text: every word and line of it then counts the same way.
        let ascii = countsInBytes(text)
        func length<Text: StringProtocol>(_ text: Text) -> Int { ascii ? text.utf8.count : text.count }
        guard length(text) > width else { return [text] }
        if ascii { return wrappedBytes(Array(text.utf8), width: width, lines: lines) }
        var out: [String] = []
        var current = ""
        var currentLength = 0
        for word in text.split(separator: " ") {
            var rest = Substring(word)
            var restLength = length(rest)
            while restLength > 0 {
                if currentLength == 0, restLength > width {
                    let cut = camelCaseCut(rest, width: width)
                    out.append(String(rest.prefix(cut)))
                    rest = rest.dropFirst(cut)
                    restLength = length(rest)
                } else if currentLength == 0 || currentLength + 1 + restLength <= width {
                    current += (current.isEmpty ? "" : " ") + rest
                    currentLength = ascii ? currentLength + (currentLength == 0 ? 0 : 1) + restLength : current.count
                    rest = ""
                    restLength = 0
                } else {
                    out.append(current)
                    current = ""
                    currentLength = 0
                }
            }
            if out.count > lines { break }
        }
        if !current.isEmpty { out.append(current) }
        guard out.count > lines else { return out }
        out.removeLast(out.count - lines)
        let last = out[lines - 1]
        out[lines - 1] = (length(last) >= width ? String(last.prefix(width - 1)) : last) + "…"
        return out
    }

    /// `wrapped` of a text whose Characters are its bytes (`countsInBytes`), worked on the bytes:
    /// the same lines, without breaking graphemes (every timeline event's arguments are wrapped).
    private static func wrappedBytes(_ bytes: [UInt8], width: Int, lines: Int) -> [String] {
        let space = UInt8(ascii: " ")
        var out: [String] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, bytes[index] == space { index += 1 }
            guard index < bytes.count else { break }
            var start = index
            while index < bytes.count, bytes[index] != space { index += 1 }
            let end = index
            while start < end {
                if current.isEmpty, end - start > width {
                    let cut = camelCaseCut(bytes[start..<end], width: width)
                    out.append(String(decoding: bytes[start..<start + cut], as: UTF8.self))
                    start += cut
                } else if current.isEmpty || current.count + 1 + end - start <= width {
                    if !current.isEmpty { current.append(space) }
                    current.append(contentsOf: bytes[start..<end])
                    start = end
                } else {
                    out.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
            if out.count > lines { break }
        }
        if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
        guard out.count > lines else { return out }
        out.removeLast(out.count - lines)
        let last = out[lines - 1]
        out[lines - 1] = (last.utf8.count >= width ? String(last.utf8.prefix(width - 1)) ?? last : last) + "…"
        return out
    }

    /// `camelCaseCut` of a word of ASCII bytes.
    static func camelCaseCut(_ word: ArraySlice<UInt8>, width: Int) -> Int {
        let count = min(word.count, width + 1)
        var cut = width
        var index = min(width, count - 1)
        while index > width / 2 {
            let byte = word[word.startIndex + index]
            let before = word[word.startIndex + index - 1]
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(before) {
                cut = index
                break
            }
            index -= 1
        }
        return cut
    }

    /// Where to cut a word longer than `width`: before the last capital that follows a
    /// lower-case letter within the first `width` characters, when that is past half of it.
    static func camelCaseCut(_ word: Substring, width: Int) -> Int {
        let characters = Array(word.prefix(width + 1))
        var cut = width
        for index in stride(from: min(width, characters.count - 1), to: width / 2, by: -1)
        where characters[index].isUppercase && characters[index - 1].isLowercase {
            cut = index
            break
        }
        return cut
    }

    /// `text` wrapped and HTML-escaped, lines joined with `<BR/>`.
    public static func wrappedHTML(_ text: String, width: Int, lines: Int = 2) -> String {
        wrapped(text, width: width, lines: lines).map(DOTEscaping.html).joined(separator: "<BR/>")
    }
}
