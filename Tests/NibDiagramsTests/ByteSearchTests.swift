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
