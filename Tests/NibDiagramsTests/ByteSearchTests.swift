import NibDOT
import NibModel
import NibTestSupport
import Testing

/// `ByteSearch.firstIndex(of:anchoredAt:…)` finds what `memmem` finds, from every start: the
/// anchored search is what inlines every SVG of a site (`FigureHTML`), so a miss would leave a
/// comment in a page or an id unprefixed.
@Suite("Byte search")
struct ByteSearchTests {
    /// Haystacks of few distinct bytes, so needles, their anchors and near misses (`<!-`,
    /// `url(`, a lone `(`) come often, and overlapping ones (`<!<!--`) too.
    static func haystack(seed: UInt64, count: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("<!-(url#x>".utf8)
        var bytes: [UInt8] = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        // Whole needles too, where the seed puts them.
        for (needle, step) in [(Array("<!--".utf8), 89 + Int(seed)), (Array("url(#".utf8), 131 + Int(seed))] {
            for start in stride(from: Int(seed) * 7, to: count - needle.count, by: step) {
                bytes.replaceSubrange(start..<start + needle.count, with: needle)
            }
        }
        return bytes
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func anchoredSearchFindsWhatMemmemFinds(seed: Int) {
        let bytes = Self.haystack(seed: UInt64(seed), count: 4_000)
        var found = (comments: 0, urls: 0)
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...buffer.count {
                let comment = ByteSearch.firstIndex(of: "<!--", anchoredAt: 1, in: buffer, from: start)
                #expect(comment == ByteSearch.firstIndex(of: "<!--", in: buffer, from: start), "from \(start)")
                let url = ByteSearch.firstIndex(of: "url(#", anchoredAt: 3, in: buffer, from: start)
                #expect(url == ByteSearch.firstIndex(of: "url(#", in: buffer, from: start), "from \(start)")
                if comment != nil { found.comments += 1 }
                if url != nil { found.urls += 1 }
                // Any anchor gives the same answer; a comment's end is found through its `>`.
                for anchor in 0..<4 {
                    #expect(ByteSearch.firstIndex(of: "<!--", anchoredAt: anchor, in: buffer, from: start) == comment)
                }
                let end = ByteSearch.firstIndex(of: "-->", in: buffer, from: start)
                for anchor in 0..<3 {
                    #expect(ByteSearch.firstIndex(of: "-->", anchoredAt: anchor, in: buffer, from: start) == end, "from \(start)")
                }
            }
        }
        #expect(found.comments > 3_000 && found.urls > 3_000, "the haystack holds needles to find: \(found)")
    }

    @Test func edgesOfTheBuffer() {
        let bytes = Array("url(#".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.firstIndex(of: "url(#", anchoredAt: 3, in: buffer, from: 0) == 0)
            #expect(ByteSearch.firstIndex(of: "url(#", anchoredAt: 3, in: buffer, from: 1) == nil)
            #expect(ByteSearch.firstIndex(of: "url(#", anchoredAt: 9, in: buffer, from: 0) == nil)
            #expect(ByteSearch.firstIndex(of: "url(#", anchoredAt: 0, in: buffer, from: -1) == nil)
        }
        // A needle cut off by the end of the buffer is not found.
        Array("xxurl(".utf8).withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.firstIndex(of: "url(#", anchoredAt: 3, in: buffer, from: 0) == nil)
        }
    }
}

/// The scans that compare 16 positions at a time (`nv_find`, `nextTagOrRuleID`,
/// `nextLinkAttribute`) against their definitions one position at a time, from every start of
/// haystacks whose lengths cross the 16-byte blocks, with matches at every offset of a block
/// and needles cut off by the end.
@Suite("Byte scans 16 at a time")
struct ByteScanTests {
    /// Bytes from `alphabet` (few, so matches and near misses are frequent).
    static func haystack(_ alphabet: String, seed: UInt64, count: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let letters = Array(alphabet.utf8)
        return (0..<count).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
    }

    static func naiveFind(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start >= 0, !needle.isEmpty, start + needle.count <= bytes.count else { return nil }
        return (start...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }

    @Test(arguments: [" id=\"", "</svg>", ">", "></", "ab", "a\"b\"a"])
    func findMatchesTheNaiveSearch(needle: String) {
        let needleBytes = Array(needle.utf8)
        for (seed, count) in [(1, 0), (2, 1), (3, 5), (4, 15), (5, 16), (6, 17), (7, 33), (8, 200), (9, 1_000)] {
            let alphabet = needle.count > 2 ? " id=\"</svg>ab" : "ab>\"</"
            var bytes = Self.haystack(alphabet, seed: UInt64(seed), count: count)
            if count > needleBytes.count { bytes.replaceSubrange((count - needleBytes.count)..<count, with: needleBytes) }
            bytes.withUnsafeBufferPointer { buffer in
                needleBytes.withUnsafeBufferPointer { needleBuffer in
                    for start in -1...(count + 1) {
                        #expect(
                            ByteSearch.firstIndex(of: needleBuffer, in: buffer, from: start)
                                == Self.naiveFind(needleBytes, in: bytes, from: start),
                            "needle \(needle), \(count) bytes, from \(start)")
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func nextTagOrRuleIDMatchesItsDefinition(seed: Int) {
        let bytes = Self.haystack("<R-G-xRG-", seed: UInt64(seed), count: 300 + seed)
        func definition(_ start: Int) -> Int? {
            (min(max(start, 0), bytes.count)..<bytes.count).first { index in
                bytes[index] == UInt8(ascii: "<")
                    || ((bytes[index] == UInt8(ascii: "R") || bytes[index] == UInt8(ascii: "G")) && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "-"))
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...(bytes.count + 1) {
                #expect(ByteSearch.nextTagOrRuleID(in: buffer, from: start) == definition(start), "from \(start)")
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func nextLinkAttributeMatchesItsDefinition(seed: Int) {
        let bytes = Self.haystack("=\"dfcx ", seed: UInt64(seed), count: 300 + seed)
        func definition(_ start: Int) -> Int? {
            (min(max(start, 1), max(bytes.count, 1))..<max(bytes.count, 1)).first { index in
                index + 1 < bytes.count && bytes[index] == UInt8(ascii: "=") && bytes[index + 1] == UInt8(ascii: "\"")
                    && [UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "c")].contains(bytes[index - 1])
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...(bytes.count + 1) {
                #expect(ByteSearch.nextLinkAttribute(in: buffer, from: start) == definition(start), "from \(start)")
            }
        }
    }
}
