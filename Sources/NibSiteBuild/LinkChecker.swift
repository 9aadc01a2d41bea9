import Foundation

/// Walks a built site and reports every internal link or anchor that does not resolve, and
/// every reference to an outside host (the site must work offline).
public enum LinkChecker {
    /// A page's anchors (`id`s) and references (`href`s and `src`s), as written.
    struct PageLinks: Codable {
        var ids: [String]
        var references: [String]

        /// Scans a page's HTML. The ids of inline SVG (`f<n>-…`, prefixed per figure) and the
        /// references to them from the same page are checked here and left out: no other page
        /// links into a figure, and a build that keeps the page keeps them as they were.
        init(html: String) {
            let all = attributeValues(named: "id", in: html).map(unescape)
            let (inner, outer) = all.reduce(into: (Set<String>(), Set<String>())) { sets, id in
                if Self.isFigureID(id) { sets.0.insert(id) } else { sets.1.insert(id) }
            }
            ids = outer.sorted()
            var references: Set<String> = []
            var brokenInner: [String] = []
            for reference in attributeValues(named: "href", in: html) + attributeValues(named: "src", in: html) {
                guard reference.hasPrefix("#"), Self.isFigureID(String(reference.dropFirst())) else {
                    references.insert(reference)
                    continue
                }
                if !inner.contains(unescape(String(reference.dropFirst()))) { brokenInner.append(reference) }
            }
            // A same-page reference into a figure that does not resolve stays, so the check fails.
            self.references = (references.union(brokenInner)).sorted()
        }

        /// `f<digits>-…`: an id inside an inlined figure.
        static func isFigureID(_ id: String) -> Bool {
            let bytes = Array(id.utf8.prefix(12))
            guard bytes.first == UInt8(ascii: "f"), bytes.count > 2 else { return false }
            var index = 1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index > 1 && index < bytes.count && bytes[index] == UInt8(ascii: "-")
        }
    }

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

    /// Problems in `pages` (path → links), sorted; `exists` says whether a file of the site exists.
    static func check(pages: [String: PageLinks], exists: (String) -> Bool) -> [String] {
        var ids: [String: Set<String>] = [:]
        for (path, links) in pages { ids[path] = Set(links.ids) }
        var problems: [String] = []
        for path in pages.keys.sorted() {
            guard let links = pages[path] else { continue }
            for reference in links.references {
                let decoded = unescape(reference)
                if decoded.contains("://") || decoded.hasPrefix("//") {
                    problems.append("\(path): outside reference \(decoded)")
                    continue
                }
                if decoded.hasPrefix("mailto:") || decoded.hasPrefix("data:") { continue }
                let parts = decoded.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let filePart = (parts.first ?? "").removingPercentEncoding ?? ""
                let fragment = parts.count > 1 ? parts[1] : nil
                let target: String
                if filePart.isEmpty {
                    target = path
                } else {
                    let base = (path as NSString).deletingLastPathComponent
                    target = normalize(base.isEmpty ? filePart : base + "/" + filePart)
                }
                guard pages[target] != nil || exists(target) else {
                    problems.append("\(path): missing file \(decoded)")
                    continue
                }
                if let fragment, !fragment.isEmpty, target.hasSuffix(".html") {
                    if ids[target]?.contains(fragment.removingPercentEncoding ?? fragment) != true {
                        problems.append("\(path): missing anchor \(decoded)")
                    }
                }
            }
        }
        return problems.sorted()
    }

    /// Decodes the entities the site writes in attribute values.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
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

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// Values of `name="…"` attributes (double-quoted, as the site writes them); for `href`,
    /// also `xlink:href` inside SVG. A byte scan: pages with inline SVG run to megabytes.
    static func attributeValues(named name: String, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        let needle = Array("\(name)=\"".utf8)
        let space = UInt8(ascii: " "), colon = UInt8(ascii: ":"), quote = UInt8(ascii: "\"")
        var out: [String] = []
        var index = 1
        while index + needle.count <= bytes.count {
            let before = bytes[index - 1]
            if bytes[index] == needle[0], before == space || (name == "href" && before == colon),
                bytes[index..<index + needle.count].elementsEqual(needle)
            {
                let start = index + needle.count
                var close = start
                while close < bytes.count && bytes[close] != quote { close += 1 }
                out.append(String(decoding: bytes[start..<close], as: UTF8.self))
                index = close + 1
                continue
            }
            index += 1
        }
        return out
    }
}
