import Foundation
import GraphvizRender
import NibDOT

/// Renders DOT to SVG: in a pool of worker processes, or in this process.
public protocol DiagramBackend: Sendable {
    /// Renders every request, keeping order; `progress` gets the number done so far.
    func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>]
}

/// The worker pool of the running `nibviz` binary (libgvc is not thread-safe, processes are).
public struct PoolBackend: DiagramBackend {
    let pool: RenderWorkerPool

    /// Creates a backend over `pool`.
    public init(pool: RenderWorkerPool) { self.pool = pool }

    public func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        pool.render(requests, progress: progress)
    }
}

/// Serial rendering in this process (tests, and hosts that are not the `nibviz` binary).
public struct InProcessBackend: DiagramBackend {
    /// Creates the backend.
    public init() {}

    public func render(_ requests: [RenderRequest], progress: @escaping @Sendable (Int) -> Void) -> [Result<RenderOutput, RenderError>] {
        var results: [Result<RenderOutput, RenderError>] = []
        for (index, request) in requests.enumerated() {
            do { results.append(.success(try GraphvizRenderer.shared.render(request))) } catch { results.append(.failure(error)) }
            progress(index + 1)
        }
        return results
    }
}

/// Every diagram of a build, deduplicated by content hash, with an on-disk cache: a key is the
/// hash of DOT + engine + format + tool version, so an unchanged rebuild renders nothing.
final class DiagramStore {
    struct Entry {
        var request: RenderRequest
        var svg: String?
        var error: String?
    }

    private(set) var entries: [String: Entry] = [:]
    private var order: [String] = []
    /// Where cached SVGs are read and written; set once the output folder is open.
    var cache: DiagramCache?
    let toolVersion: String
    /// Diagrams rendered by Graphviz in this build (cache misses).
    private(set) var renderedCount = 0
    /// Diagrams taken from the cache.
    private(set) var cachedCount = 0

    init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    /// Registers a diagram and returns its key.
    func add(dot: String, name: String) -> String {
        let request = RenderRequest(dot: dot, engine: .dot, format: .svg, name: name, generated: true)
        let key = StableHash.hex([dot, request.engine.rawValue, request.format.rawValue, toolVersion])
        if entries[key] == nil {
            entries[key] = Entry(request: request)
            order.append(key)
        }
        return key
    }

    /// Number of distinct diagrams.
    var count: Int { order.count }

    /// Loads cache hits, renders the misses through `backend`, stores them in the cache.
    func renderAll(backend: DiagramBackend, progress: @escaping @Sendable (Int, Int) -> Void) {
        var missing: [String] = []
        for key in order {
            if let cache, let data = cache.read(key) {
                entries[key]?.svg = String(decoding: data, as: UTF8.self)
                cachedCount += 1
                cache.keep(key)
            } else {
                missing.append(key)
            }
        }
        let requests = missing.compactMap { entries[$0]?.request }
        let total = requests.count
        let results = total == 0 ? [] : backend.render(requests) { done in progress(done, total) }
        for (key, result) in zip(missing, results) {
            switch result {
            case .success(let output):
                let svg = String(decoding: output.data, as: UTF8.self)
                entries[key]?.svg = svg
                renderedCount += 1
                cache?.write(key, output.data)
            case .failure(let error):
                entries[key]?.error = error.description
            }
        }
    }

    /// Why the diagram `key` could not be rendered; nil when it was.
    func error(_ key: String) -> String? { entries[key]?.svg == nil ? entries[key]?.error ?? "not rendered" : nil }

    /// The rendered SVG of `key` when it is too large to read inline: scaled to the 960 px
    /// content column its smallest text would drop under 8 px (`SVGMetrics.fitsInline`, the
    /// one test the site and the corpus readability test share). Such a figure opens in the
    /// pan/zoom viewer (`assets/zoom.js`) and links to its standalone SVG.
    func oversizedSVG(_ key: String) -> String? {
        guard let svg = entries[key]?.svg, let metrics = SVGMetrics(svg: Array(svg.utf8)), !metrics.fitsInline() else { return nil }
        return svg
    }

    /// The figure HTML for `key`: the SVG inlined with ids prefixed by `prefix` (several
    /// diagrams share a page), or an error box. With `zoomSource` (the standalone SVG's URL,
    /// already written) the figure follows the viewer's markup contract (`site/README.md`).
    func figure(key: String, prefix: String, caption: String, kind: String, zoomSource: String? = nil) -> String {
        let captionHTML = "<figcaption>\(HTMLEscaping.escape(caption))</figcaption>"
        guard let entry = entries[key], let svg = entry.svg else {
            let message = entries[key]?.error ?? "not rendered"
            return
                "<figure class=\"diagram diagram-error\"><p class=\"error\">Diagram failed: \(HTMLEscaping.escape(message))</p>\(captionHTML)</figure>"
        }
        let zoom = zoomSource.map { " zoomable\" data-src=\"\(HTMLEscaping.escape($0))" } ?? ""
        return
            "<figure class=\"diagram diagram-\(kind)\(zoom)\"><div class=\"svg-scroll\">\(Self.inline(svg, prefix: prefix))</div>\(captionHTML)</figure>"
    }

    /// Strips the XML prolog, doctype and comments, and prefixes ids so the SVG can be inlined.
    /// One pass over the bytes: Graphviz writes a comment per node and edge, and big diagrams
    /// run to megabytes.
    static func inline(_ svg: String, prefix: String) -> String {
        let bytes = Array(svg.utf8)
        guard let start = firstIndex(of: "<svg", in: bytes, from: 0) else { return "" }
        let idPrefix = Array(" id=\"\(prefix)-".utf8)
        let urlPrefix = Array("url(#\(prefix)-".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - start + bytes.count / 16)
        var index = start
        var rootTagDone = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), matches("<!--", bytes, at: index) {
                guard let close = firstIndex(of: "-->", in: bytes, from: index + 4) else { break }
                index = close + 3
                // Drop the line break the comment leaves behind.
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: " "), matches(" id=\"", bytes, at: index) {
                out.append(contentsOf: idPrefix)
                index += 5
                continue
            }
            if byte == UInt8(ascii: "u"), matches("url(#", bytes, at: index) {
                out.append(contentsOf: urlPrefix)
                index += 5
                continue
            }
            if !rootTagDone, byte == UInt8(ascii: ">") {
                rootTagDone = true
                out = rootTag(out)
            }
            out.append(byte)
            index += 1
        }
        while out.last == UInt8(ascii: "\n") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lets the figure fit the page width, but never shrink below half its natural size (text
    /// must stay readable; past that the figure scrolls).
    static func rootTag(_ tagBytes: [UInt8]) -> [UInt8] {
        var tag = String(decoding: tagBytes, as: UTF8.self)
        var width: String?
        for attribute in ["width", "height"] {
            if let range = tag.range(of: " \(attribute)=\""), let close = tag[range.upperBound...].firstIndex(of: "\"") {
                if attribute == "width" { width = String(tag[range.upperBound..<close]) }
                tag.removeSubrange(range.lowerBound...close)
            }
        }
        if let width, width.hasSuffix("pt"), let points = Double(width.dropLast(2)) {
            tag += " style=\"max-width:\(width);min-width:\(Int((points / 2).rounded()))pt\""
        }
        return Array(tag.utf8)
    }

    static func matches(_ needle: StaticString, _ bytes: [UInt8], at index: Int) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return needle.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    static func firstIndex(of needle: StaticString, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if matches(needle, bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
