import Foundation
import NibModel

extension LinkChecker {
    /// A page's anchors (`id`s) and references (`href`s and `src`s), as written.
    struct PageLinks: Sendable, Equatable {
        /// Stored packed (`PackedStrings`): a build state holds the links of every page, and
        /// most are only compared or carried, never looked into.
        private var packedIDs: PackedStrings
        private var packedReferences: PackedStrings

        var ids: [String] { packedIDs.values }
        var references: [String] { packedReferences.values }

        init(ids: [String], references: [String]) {
            packedIDs = PackedStrings(ids)
            packedReferences = PackedStrings(references)
        }

        private init(packedIDs: PackedStrings, packedReferences: PackedStrings) {
            self.packedIDs = packedIDs
            self.packedReferences = packedReferences
        }

        /// Whether both pages have the same anchors (without unpacking them when they do).
        func hasSameIDs(as other: PageLinks) -> Bool { packedIDs == other.packedIDs }

        /// Appends the links in `CompactBinary`, packed as they are (`BuildState.Details`).
        func write(to writer: inout CompactBinary.Writer) {
            packedIDs.write(to: &writer)
            packedReferences.write(to: &writer)
        }

        /// Reads links `write(to:)` wrote.
        init(from reader: inout CompactBinary.Reader) throws {
            packedIDs = try PackedStrings(from: &reader)
            packedReferences = try PackedStrings(from: &reader)
        }

        /// Scans a page's HTML. The ids of inline SVG (`f<n>-…`, prefixed per figure) and the
        /// references to them from the same page are checked here and left out: no other page
        /// links into a figure, and a build that keeps the page keeps them as they were.
        init(html: String) {
            var html = html
            self = html.withUTF8 { PageLinks(bytes: $0) }
        }

        /// `init(html:)` of a page's bytes (UTF-8), as it is written.
        init(bytes: [UInt8]) {
            self = bytes.withUnsafeBufferPointer { PageLinks(bytes: $0) }
        }

        private init(bytes html: UnsafeBufferPointer<UInt8>) {
            let ranges = attributeRanges(in: html)
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: html[range]), as: UTF8.self) }
            // References stay as written; those into a figure are checked here. Ids and references
            // are sorted and deduplicated as bytes and packed from the page, with no string of
            // their own, except ids holding an entity (rare), unescaped first.
            var kept: [Range<Int>] = []
            kept.reserveCapacity(ranges.references.count)
            var figureIDs: Set<String>?
            for reference in ranges.references {
                // The id a `#f<n>-…` reference names, after its `#`.
                let target = min(reference.lowerBound + 1, reference.upperBound)..<reference.upperBound
                guard !target.isEmpty, html[reference.lowerBound] == UInt8(ascii: "#"),
                    Self.isFigureID(UnsafeBufferPointer(rebasing: html[target]))
                else {
                    kept.append(reference)
                    continue
                }
                // A same-page reference into a figure that does not resolve stays, so the check fails.
                if figureIDs == nil { figureIDs = Set(ranges.figureIDs.map { unescape(text($0)) }) }
                if figureIDs?.contains(unescape(text(target))) != true { kept.append(reference) }
            }
            let ids =
                ranges.ids.contains { Self.contains(UInt8(ascii: "&"), html, $0) }
                ? PackedStrings(Set(ranges.ids.map { unescape(text($0)) }).sorted())
                : PackedStrings(sortedUnique: ranges.ids, in: html)
            self.init(packedIDs: ids, packedReferences: PackedStrings(sortedUnique: kept, in: html))
        }

        /// Whether `byte` is in `bytes[range]`.
        static func contains(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            guard !range.isEmpty, let base = bytes.baseAddress else { return false }
            return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
        }

        /// `f<digits>-…`: an id inside an inlined figure.
        static func isFigureID(_ id: String) -> Bool {
            var id = id
            return id.withUTF8 { isFigureID($0) }
        }

        /// `isFigureID` of an id's bytes as written (the entities the site writes cannot make
        /// or unmake the `f<digits>-` prefix).
        static func isFigureID(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
            let bytes = id.prefix(12)
            guard bytes.first == UInt8(ascii: "f"), bytes.count > 2 else { return false }
            var index = 1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index > 1 && index < bytes.count && bytes[index] == UInt8(ascii: "-")
        }
    }
}
