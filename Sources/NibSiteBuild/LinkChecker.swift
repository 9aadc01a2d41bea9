import Foundation
import NibModel
import NibPipeline

/// Walks a built site and reports every internal link or anchor that does not resolve, and
/// every reference to an outside host (the site must work offline).
public enum LinkChecker {
    /// Problems found under `root`, sorted: `page: href` descriptions.
    public static func check(root: URL) -> [String] {
        var pages: [String: PageLinks] = [:]
        for path in htmlFiles(root) {
            pages[path] = PageLinks(html: (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? "")
        }
        return check(pages: pages) { target in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    /// What a reference written on a page in a given folder comes to; the same reference in
    /// the same folder (a sidebar link, a diagram's rule link) is resolved once.
    enum Resolution {
        case outside(String)
        case ignored
        /// The file it names (site-relative), the fragment (decoded) if any, and the reference
        /// as written (decoded), for the message.
        case target(String, fragment: String?, written: String)
    }

    /// Problems in `pages` (path → links), sorted; `exists` says whether a file of the site exists.
    /// Only the pages in `checking` (all when nil) have their references checked; anchors are
    /// looked up in every page. Work is proportional to the distinct (folder, reference) pairs
    /// plus one set lookup per reference, split over the cores in runs of pages sorted by path
    /// (pages of one folder share their resolved references).
    static func check(
        pages: [String: PageLinks], checking: Set<String>? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        exists: @escaping @Sendable (String) -> Bool
    ) -> [String] {
        let paths = pages.keys.filter { checking?.contains($0) ?? true }.sorted()
        let lanes = max(1, min(jobs, paths.count / 256))
        let runs = (0..<lanes).map { lane in paths[(lane * paths.count / lanes)..<((lane + 1) * paths.count / lanes)] }
        return parallelMap(runs, jobs: lanes) { run in check(run, in: pages, exists: exists) }.flatMap { $0 }.sorted()
    }

    /// The problems of the pages `paths` (one run of `check`). A reference to another file means
    /// the same on every page of a folder, so its outcome (a problem or none) is kept per folder
    /// and reference; a reference within the page is looked up in the page's own anchors.
    private static func check(_ paths: ArraySlice<String>, in pages: [String: PageLinks], exists: (String) -> Bool) -> [String] {
        var ids: [String: Set<String>] = [:]
        var outcomes: [String: [String: Outcome]] = [:]
        var existing: [String: Bool] = [:]
        var problems: [String] = []
        for path in paths {
            guard let links = pages[path] else { continue }
            let base = folder(of: path)
            // Taken out while it grows, so adding to it does not copy it.
            var known = outcomes.removeValue(forKey: base) ?? [:]
            for reference in links.references {
                let outcome: Outcome
                if let kept = known[reference] {
                    outcome = kept
                } else {
                    outcome = self.outcome(of: resolve(reference, base: base), pages: pages, ids: &ids, existing: &existing, exists: exists)
                    known[reference] = outcome
                }
                switch outcome {
                case .fine: continue
                case .problem(let problem): problems.append(path + ": " + problem)
                case .anchorOnPage(let fragment, let written):
                    guard path.hasSuffix(".html") else { continue }
                    // The same set a reference from another page of the run looks this page up in.
                    if ids[path] == nil { ids[path] = Set(links.ids) }
                    if ids[path]?.contains(fragment) != true { problems.append(path + ": missing anchor " + written) }
                }
            }
            outcomes[base] = known
        }
        return problems
    }

    /// What a reference comes to on any page of one folder.
    private enum Outcome {
        case fine
        /// What is wrong, after the page's path.
        case problem(String)
        /// An anchor of the page itself: looked up in its ids (once per page).
        case anchorOnPage(String, written: String)
    }

    /// The outcome of a resolved reference: a file and anchor checked once per folder, an anchor
    /// of the page left to the page.
    private static func outcome(
        of resolution: Resolution, pages: [String: PageLinks], ids: inout [String: Set<String>], existing: inout [String: Bool],
        exists: (String) -> Bool
    ) -> Outcome {
        switch resolution {
        case .ignored: return .fine
        case .outside(let decoded): return .problem("outside reference " + decoded)
        case .target(let file, let fragment, let written):
            guard !file.isEmpty else { return fragment.map { .anchorOnPage($0, written: written) } ?? .fine }
            guard let targetLinks = pages[file] else {
                let found: Bool
                if let known = existing[file] {
                    found = known
                } else {
                    found = exists(file)
                    existing[file] = found
                }
                if !found { return .problem("missing file " + written) }
                // A file that is not a page of the build has no anchors to check.
                if fragment != nil, file.hasSuffix(".html") { return .problem("missing anchor " + written) }
                return .fine
            }
            guard let fragment, file.hasSuffix(".html") else { return .fine }
            if ids[file] == nil { ids[file] = Set(targetLinks.ids) }
            return ids[file]?.contains(fragment) == true ? .fine : .problem("missing anchor " + written)
        }
    }

    /// The folder part of a site-relative path (`""` at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Resolves `reference` written on a page in folder `base`.
    static func resolve(_ reference: String, base: String) -> Resolution {
        let decoded = unescape(reference)
        // A fragment of the same page with nothing to decode (most references: object rows).
        if decoded.utf8.first == UInt8(ascii: "#"), !Self.holds(decoded, UInt8(ascii: "%")) {
            let fragment = String(decoded.dropFirst())
            return .target("", fragment: fragment.isEmpty ? nil : fragment, written: decoded)
        }
        if hasScheme(decoded) || decoded.hasPrefix("//") { return .outside(decoded) }
        if decoded.hasPrefix("mailto:") || decoded.hasPrefix("data:") { return .ignored }
        let hash = decoded.utf8.firstIndex(of: UInt8(ascii: "#")) ?? decoded.endIndex
        let filePart = percentDecoded(String(decoded[..<hash])) ?? ""
        let afterHash = hash < decoded.endIndex ? decoded.utf8.index(after: hash) : decoded.endIndex
        let fragment = afterHash < decoded.endIndex ? String(decoded[afterHash...]) : nil
        let target = filePart.isEmpty ? "" : joined(base, filePart)
        return .target(target, fragment: fragment.map { percentDecoded($0) ?? $0 }, written: decoded)
    }

    /// `%XX` sequences decoded (nil for a malformed one or bytes that are not UTF-8, as
    /// `removingPercentEncoding`); text without `%` is returned as is.
    static func percentDecoded(_ text: String) -> String? {
        guard holds(text, UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether `normalize` would change `path`: an empty, `.` or `..` segment (a leading,
    /// trailing or doubled `/` makes an empty one).
    static func needsNormalizing<Path: StringProtocol>(_ path: Path) -> Bool {
        needsNormalizing(path.utf8)
    }

    /// `needsNormalizing` of a path's UTF-8.
    static func needsNormalizing<Bytes: Sequence<UInt8>>(_ path: Bytes) -> Bool {
        var segmentLength = 0
        var dots = 0
        for byte in path {
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || segmentLength == dots && dots <= 2 { return true }
                (segmentLength, dots) = (0, 0)
                continue
            }
            segmentLength += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return segmentLength == 0 || segmentLength == dots && dots <= 2
    }

    /// Whether `text` holds `byte`, with `memchr` over its UTF-8 in place (`utf8.contains` went
    /// through the view's iterator a byte at a time: every reference of every page asks twice).
    static func holds(_ text: String, _ byte: UInt8) -> Bool {
        text.withUTF8Bytes { PageLinks.contains(byte, $0, 0..<$0.count) }
    }

    /// Decodes the entities the site writes in attribute values.
    static func unescape(_ text: String) -> String {
        guard holds(text, UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func htmlFiles(_ root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".html") { out.append(path) }
        }
        return out.sorted()
    }

    /// Whether `text` holds `://` (a URL with a scheme).
    static func hasScheme(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2)
            where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
                return true
            }
            return false
        }
    }

    /// `normalize(base + "/" + relative)`: the common case (`../` and `./` in front, nothing
    /// to normalize after them or in `base`) without splitting and joining the whole path:
    /// every page has its folder's references resolved, and most climb to the site root.
    /// Byte by byte: a `Substring`'s `hasPrefix`, `dropFirst` and `lastIndex(of:)` step by
    /// `Character`, breaking graphemes (2 % of a corpus site build's own CPU).
    static func joined(_ base: String, _ relative: String) -> String {
        var (base, relative) = (base, relative)
        let (dot, slash) = (UInt8(ascii: "."), UInt8(ascii: "/"))
        let joined: [UInt8]? = base.withUTF8 { base in
            relative.withUTF8 { path in
                var start = 0
                var up = 0
                while true {
                    if path.count - start >= 3, path[start] == dot, path[start + 1] == dot, path[start + 2] == slash {
                        start += 3
                        up += 1
                    } else if path.count - start >= 2, path[start] == dot, path[start + 1] == slash {
                        start += 2
                    } else {
                        break
                    }
                }
                // Both cuts are at an ASCII `/` or `.`, so on character boundaries.
                let rest = UnsafeBufferPointer(rebasing: path[start...])
                guard !needsNormalizing(rest), base.isEmpty || !needsNormalizing(base) else { return nil }
                var end = base.count
                // A `..` above the site root stays at the root, as in `normalize`.
                for _ in 0..<up { end = base[..<end].lastIndex(of: slash) ?? 0 }
                var out: [UInt8] = []
                out.reserveCapacity(end + 1 + rest.count)
                if end > 0 {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: base[..<end]))
                    out.append(slash)
                }
                out.append(contentsOf: rest)
                return out
            }
        }
        guard let joined else { return normalize(base.isEmpty ? relative : base + "/" + relative) }
        return String(decoding: joined, as: UTF8.self)
    }

    static func normalize(_ path: String) -> String {
        guard needsNormalizing(path) else { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The values of every `id="…"` and of every `href="…"` / `xlink:href="…"` / `src="…"`, in one
    /// scan of the page from `="` to `="`. The ids inside inlined figures (`PageLinks.isFigureID`; Graphviz
    /// gives every node, edge and cluster one, most of a page's ids) are kept apart, unescaped,
    /// and only made into strings when a reference on the page points into a figure.
    static func linkAttributes(in text: String) -> (ids: [String], figureIDs: Set<String>?, references: [String]) {
        var text = text
        return text.withUTF8 { linkAttributes(in: $0) }
    }

    /// `linkAttributes(in:)` of a page's bytes (UTF-8).
    static func linkAttributes(in bytes: UnsafeBufferPointer<UInt8>) -> (ids: [String], figureIDs: Set<String>?, references: [String]) {
        let ranges = attributeRanges(in: bytes)
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        let ids = ranges.ids.map(string)
        let references = ranges.references.map(string)
        let intoFigures = references.contains { $0.hasPrefix("#") && PageLinks.isFigureID(String($0.dropFirst())) }
        guard intoFigures else { return (ids, nil, references) }
        return (ids, Set(ranges.figureIDs.map { unescape(string($0)) }), references)
    }

    /// Where the values of `linkAttributes(in:)` are in `bytes`, as written (not unescaped).
    static func attributeRanges(in bytes: UnsafeBufferPointer<UInt8>) -> (
        ids: [Range<Int>], figureIDs: [Range<Int>], references: [Range<Int>]
    ) {
        let (space, colon, quote) = (UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "\""))
        var ids: [Range<Int>] = []
        var figureIDs: [Range<Int>] = []
        var references: [Range<Int>] = []
        /// Whether `name` ends right before `end`, after a space (or a colon, with `orColon`).
        func named(_ name: StaticString, endingAt end: Int, orColon: Bool = false) -> Bool {
            let count = name.utf8CodeUnitCount
            guard end > count else { return false }
            let before = bytes[end - count - 1]
            guard before == space || (orColon && before == colon) else { return false }
            return name.withUTF8Buffer { name in (0..<count).allSatisfy { bytes[end - count + $0] == name[$0] } }
        }
        /// The offset of the next `byte` at or after `from`: memchr, as pages are mostly SVG
        /// coordinates with few of the bytes looked for.
        func next(_ byte: UInt8, from: Int) -> Int? {
            guard from < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + from, Int32(byte), bytes.count - from)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        // Every ` id="`, ` href="`, `:href="` and ` src="` holds `="` after a `d`, `f` or `c`: only
        // those are looked at (found 16 bytes at a time: an SVG's other attributes, a `memchr`
        // stop each, were most of reading a page's links).
        var index = 0
        while let equal = ByteSearch.nextLinkAttribute(in: bytes, from: index) {
            index = equal + 1
            let isID = named("id", endingAt: equal)
            guard isID || named("href", endingAt: equal, orColon: true) || named("src", endingAt: equal) else {
                continue
            }
            let start = equal + 2
            let close = next(quote, from: start) ?? bytes.count
            if !isID {
                references.append(start..<close)
            } else if PageLinks.isFigureID(UnsafeBufferPointer(rebasing: bytes[start..<close])) {
                figureIDs.append(start..<close)
            } else {
                ids.append(start..<close)
            }
            index = close + 1
        }
        return (ids, figureIDs, references)
    }
}
