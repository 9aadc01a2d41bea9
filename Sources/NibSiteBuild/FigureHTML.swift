import Foundation
import NibDOT
import NibModel
import NibSite

/// A rendered diagram as page HTML: inlined SVG with prefixed ids, or an error box.
enum FigureHTML {
    /// Names the way `standaloneSVG` draws the standalone file: part of each page's fingerprint,
    /// so an incremental build rewrites the files a kept page would otherwise carry over unchanged.
    static let standaloneFormat = "standalone-themed-1"

    /// Whether a rendered SVG is too large to read inline: scaled to the 960 px content column
    /// its smallest text would drop under 8 px (`SVGMetrics.fitsInline`, the one test the site and
    /// the corpus readability test share). Such a figure opens in the pan/zoom viewer
    /// (`assets/zoom.js`) and links to its standalone SVG (`standaloneSVG`); the inline copy is
    /// the SVG as rendered.
    static func opensInViewer(_ svg: [UInt8]) -> Bool {
        guard let metrics = SVGMetrics(svg: svg) else { return false }
        return !metrics.fitsInline()
    }

    /// The standalone SVG of a figure that opens in the viewer: the drawing at its own size with
    /// the diagrams' dark palette behind `prefers-color-scheme` (`SVGTheming`, the colours the
    /// inline copy gets from `assets/diagrams.css`), since a file opened on its own sees no page
    /// theme.
    static func standaloneSVG(_ svg: [UInt8]) -> [UInt8] { SVGTheming.apply(.auto, to: svg, standalone: true) }

    /// Strips the XML prolog, doctype and comments, and prefixes ids so the SVG can be inlined.
    /// Copies the runs between the places it changes, found with `memmem`: Graphviz writes a
    /// comment per node and edge, big diagrams run to megabytes, and every figure of every page
    /// comes through here on the thread that writes pages (a byte-by-byte loop over the 150 MB of
    /// a corpus site took 0.2 s of it). The SVG stays bytes from the renderer to the page's file:
    /// it is appended to the page's bytes (`out`) and checked as UTF-8 there (`UTF8Bytes`).
    static func inline(_ svg: [UInt8], prefix: String, into out: inout [UInt8]) {
        let start = out.count
        svg.withUnsafeBufferPointer { inline($0, prefix: prefix, into: &out) }
        UTF8Bytes.repair(&out, from: start)
    }

    /// At most about how many bytes an SVG of `count` bytes takes inlined: the prefixed ids
    /// grow it, the prolog and comments it drops shrink it.
    static func inlinedSize(_ count: Int) -> Int { count + count / 16 }

    /// What `inline` changes, in the order it takes them when two start at one offset.
    private static let marks: [StaticString] = ["<!--", " id=\"", "url(#", ">"]
    private static let comment = 0
    private static let id = 1
    private static let url = 2
    private static let rootEnd = 3

    /// Where each mark has a byte rare in SVG (`!` of a comment, `(` of `url(#`): it is found
    /// through that byte by `memchr` instead of by `memmem`, as is a comment's end through its
    /// `>` (a `>` not after `--` is passed over); `memmem`'s setup per call and its scan were 1 %
    /// of a corpus build's CPU, now half that.
    private static let anchors: [Int?] = [1, nil, 3, nil]

    /// The next `mark` at or after `start`.
    private static func next(_ mark: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let anchor = anchors[mark] else { return ByteSearch.firstIndex(of: marks[mark], in: bytes, from: start) }
        return ByteSearch.firstIndex(of: marks[mark], anchoredAt: anchor, in: bytes, from: start)
    }

    /// The mark that comes first in `next` and its offset; nil when none is left.
    private static func earliest(_ next: [Int?]) -> (offset: Int, mark: Int)? {
        var best: (offset: Int, mark: Int)?
        for (mark, offset) in next.enumerated() {
            if let offset, offset < best?.offset ?? Int.max { best = (offset, mark) }
        }
        return best
    }

    private static func inline(_ bytes: UnsafeBufferPointer<UInt8>, prefix: String, into out: inout [UInt8]) {
        guard let start = ByteSearch.firstIndex(of: "<svg", in: bytes, from: 0) else { return }
        let idPrefix = Array(" id=\"\(prefix)-".utf8)
        let urlPrefix = Array("url(#\(prefix)-".utf8)
        let base = out.count
        // Grown geometrically: a page's buffer is reserved for all its figures up front
        // (`ShownFigure.estimatedSize`), and reserving exactly would copy the page per figure.
        let needed = base + inlinedSize(bytes.count)
        if out.capacity < needed { out.reserveCapacity(max(needed, 2 * out.capacity)) }
        var copied = start
        var index = start
        func copyRun() {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
        }
        // The next offset of each mark at or after `index` (nil: none left; the root tag's end is
        // taken once), taken in offset order as a scan from left to right would.
        var next = marks.indices.map { Self.next($0, in: bytes, from: index) }
        var rootTagDone = false
        while let (found, mark) = earliest(next) {
            index = found
            copyRun()
            switch mark {
            case comment:
                guard let close = ByteSearch.firstIndex(of: "-->", anchoredAt: 2, in: bytes, from: index + 4) else {
                    copied = bytes.count
                    next = next.map { _ in nil }
                    continue
                }
                index = close + 3
                // Drop the line break the comment leaves behind.
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            case id:
                out.append(contentsOf: idPrefix)
                index += 5
            case url:
                out.append(contentsOf: urlPrefix)
                index += 5
            default:
                out.replaceSubrange(base..., with: rootTag(Array(out[base...])))
                rootTagDone = true
                next[rootEnd] = nil
                // The `>` itself is copied with the next run.
                copied = index
                index += 1
                continue
            }
            copied = index
            for mark in marks.indices where mark != rootEnd || !rootTagDone {
                if let offset = next[mark], offset < index { next[mark] = Self.next(mark, in: bytes, from: index) }
            }
        }
        if copied < bytes.count {
            index = bytes.count
            copyRun()
        }
        while out.count > base, out.last == UInt8(ascii: "\n") { out.removeLast() }
    }

    /// Lets the figure fit the page width, but never shrink below half its natural size (text
    /// must stay readable; past that the figure scrolls).
    ///
    /// On the tag's bytes: every figure has one, and a string made of them searched with
    /// Foundation's `range(of:)` was half of inlining a figure.
    static func rootTag(_ tagBytes: [UInt8]) -> [UInt8] {
        var tag = tagBytes
        var width: [UInt8]?
        for (attribute, isWidth) in [(#" width=""# as StaticString, true), (#" height=""#, false)] {
            guard let start = tag.withUnsafeBufferPointer({ ByteSearch.firstIndex(of: attribute, in: $0, from: 0) }),
                let close = tag[(start + attribute.utf8CodeUnitCount)...].firstIndex(of: UInt8(ascii: "\""))
            else { continue }
            if isWidth { width = Array(tag[(start + attribute.utf8CodeUnitCount)..<close]) }
            tag.removeSubrange(start...close)
        }
        if let width, width.count > 2, width.suffix(2).elementsEqual("pt".utf8),
            let points = Double(String(decoding: width.dropLast(2), as: UTF8.self))
        {
            let text = String(decoding: width, as: UTF8.self)
            tag.append(contentsOf: " style=\"max-width:\(text);min-width:\(Int((points / 2).rounded()))pt\"".utf8)
        }
        return tag
    }

}

/// A figure as a page shows it: its rendered diagram, the prefix of its ids on the page (several
/// diagrams share a page), its caption and kind, and the standalone SVG's URL when it opens in
/// the viewer.
struct ShownFigure: Sendable {
    var outcome: RenderedFigure
    var prefix: String
    var caption: String
    var kind: String
    var zoomSource: String?

    /// Its HTML: the SVG inlined with ids prefixed by `prefix` (`FigureHTML.inline`), or an error
    /// box, appended to a page's bytes. With `zoomSource` (the standalone SVG's URL) the figure
    /// follows the viewer's markup contract (`site/README.md`).
    func append(to out: inout [UInt8]) {
        let captionHTML = "<figcaption>\(HTMLEscaping.escape(caption))</figcaption>"
        guard let svg = outcome.svg else {
            let message = outcome.error ?? "not rendered"
            out.append(
                contentsOf:
                    "<figure class=\"diagram diagram-error\"><p class=\"error\">Diagram failed: \(HTMLEscaping.escape(message))</p>\(captionHTML)</figure>"
                    .utf8)
            return
        }
        let zoom = zoomSource.map { " zoomable\" data-src=\"\(HTMLEscaping.escape($0))" } ?? ""
        out.append(contentsOf: "<figure class=\"diagram diagram-\(kind)\(zoom)\"><div class=\"svg-scroll\">".utf8)
        FigureHTML.inline(svg, prefix: prefix, into: &out)
        out.append(contentsOf: "</div>\(captionHTML)</figure>".utf8)
    }

    /// `append(to:)` on its own, as text (a page laid out again with its figures).
    var html: String {
        var out: [UInt8] = []
        append(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// About how many bytes `append(to:)` adds: a page's buffer is reserved once.
    var estimatedSize: Int { FigureHTML.inlinedSize(outcome.svg?.count ?? 0) + caption.utf8.count + 256 }
}

/// What became of a figure's diagram: its content key (the standalone SVG's file name), and
/// the SVG or why Graphviz could not draw it.
struct RenderedFigure: Sendable {
    /// The diagram's content hash.
    var key: String
    /// The SVG's bytes, when rendered.
    var svg: [UInt8]?
    /// Why it was not, otherwise.
    var error: String?
    /// Whether the SVG is too large to read inline (`FigureHTML.opensInViewer`).
    var opensInViewer: Bool

    /// Creates an outcome.
    init(key: String, svg: [UInt8]?, error: String?, opensInViewer: Bool) {
        self.key = key
        self.svg = svg
        self.error = error
        self.opensInViewer = opensInViewer
    }
}
