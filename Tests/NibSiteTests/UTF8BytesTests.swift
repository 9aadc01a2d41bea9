import NibTestSupport
import Testing

@testable import NibSiteBuild

/// `UTF8Bytes` keeps the inlined SVG of every page valid UTF-8 without decoding it: it must
/// accept what the standard library accepts and repair the rest to the same bytes.
@Suite("UTF-8 bytes")
struct UTF8BytesTests {
    /// Whole characters of one to four bytes, and ASCII runs that cover the eight-byte path.
    static let valid: [[UInt8]] = [
        Array("<text x=\"1\">".utf8), Array("é".utf8), Array("→".utf8), Array("𝄞".utf8), Array("中文".utf8),
        Array("aaaaaaaaaaaaaaa".utf8), Array("\u{7F}".utf8), Array("\u{80}".utf8), Array("\u{7FF}".utf8), Array("\u{800}".utf8),
        Array("\u{FFFF}".utf8), Array("\u{10000}".utf8), Array("\u{10FFFF}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
    ]

    /// What is not UTF-8: lone continuation bytes, overlong forms, surrogates, past U+10FFFF,
    /// bytes never used, and sequences cut short.
    static let broken: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0x81], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF],
        [0xE2, 0x86], [0xF0, 0x9D, 0x84], [0xC3], [0xE2, 0x41, 0x86], [0xF0, 0x9D, 0x41, 0x84], [0xE2, 0x86, 0xC1],
        [0xF0, 0x9D, 0x84, 0xF5],
    ]

    /// Valid text of about `count` bytes, as its characters' pieces.
    static func text(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        var pieces: [[UInt8]] = []
        while pieces.joined().count < count { pieces.append(valid[Int(random.next() % UInt64(valid.count))]) }
        return pieces
    }

    /// Each break on its own, between any two characters of valid text and at its end, after
    /// 0–7 bytes of padding (every alignment of the eight-byte path): found, and repaired to the
    /// bytes `String(decoding:)` gives.
    @Test(arguments: 1...3)
    func acceptsAndRepairsAsTheStandardLibraryDoes(seed: Int) {
        let prefix = Array("<p>".utf8)
        let text = Self.text(seed: UInt64(seed), count: 40)
        // Valid text is accepted at every alignment (a wrong rejection would only cost a decode,
        // which `repair` hides).
        for padding in 0..<8 {
            let run = Array(repeating: UInt8(ascii: "a"), count: padding) + text.joined()
            #expect(UTF8Bytes.isValid(prefix + run, from: prefix.count), "padding \(padding)")
        }
        for piece in Self.broken {
            for place in 0...text.count {
                for padding in 0..<8 {
                    let run =
                        Array(repeating: UInt8(ascii: "a"), count: padding) + text[..<place].joined() + piece + text[place...].joined()
                    let decoded = String(decoding: run, as: UTF8.self)
                    #expect(!decoded.utf8.elementsEqual(run), "a broken piece \(piece) the standard library accepts")
                    #expect(!UTF8Bytes.isValid(prefix + run, from: prefix.count), "\(piece) at \(place)")
                    var repaired = prefix + run
                    UTF8Bytes.repair(&repaired, from: prefix.count)
                    #expect(repaired == prefix + Array(decoded.utf8), "\(piece) at \(place)")
                }
            }
        }
        // A break before `start` is not looked at.
        #expect(UTF8Bytes.isValid([0xFF] + Array(text.joined()), from: 1))
    }

    /// A figure whose SVG holds bytes that are not UTF-8 is inlined with U+FFFD in their place,
    /// and the bytes before it are left as they were (even a bad byte: the repair starts where
    /// the figure does).
    @Test func anInlinedFigureIsRepairedAndThePageBeforeItIsNot() {
        var page = Array("<p>é".utf8) + [0xFF] + Array("</p>".utf8)
        let svg = Array("<svg width=\"8pt\" height=\"8pt\"><text>a".utf8) + [0xC3, 0x28] + Array("→</text></svg>".utf8)
        FigureHTML.inline(svg, prefix: "f0", into: &page)
        let expected =
            Array("<p>é".utf8) + [0xFF] + Array("</p><svg style=\"max-width:8pt;min-width:4pt\"><text>a\u{FFFD}(→</text></svg>".utf8)
        #expect(page == expected)
    }
}
