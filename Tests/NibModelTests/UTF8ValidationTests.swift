import NibModel
import NibTestSupport
import Testing

/// `UTF8Validation.isValid` decides as the standard library's `String(validating:as:)`
/// does: for every sequence of up to three bytes, every four-byte lead with edge continuations,
/// and random text of interesting bytes at every place in and across the eight-byte words.
@Suite struct UTF8ValidationTests {
    static func reference(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    static func check(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { UTF8Validation.isValid($0) } }

    @Test func everySequenceOfUpToThreeBytes() {
        var mismatches = 0
        for first in 0...255 {
            for second in 0...255 {
                let pair = [UInt8(first), UInt8(second)]
                if Self.check(pair) != Self.reference(pair) { mismatches += 1 }
                if Self.check([UInt8(first)]) != Self.reference([UInt8(first)]) { mismatches += 1 }
                guard first >= 0xE0 else { continue }
                for third in [0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                    let triple = pair + [UInt8(third)]
                    if Self.check(triple) != Self.reference(triple) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func fourByteLeadsWithEdgeContinuations() {
        let edges: [UInt8] = [0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0]
        var mismatches = 0
        for lead in 0xF0...0xFF {
            for second in edges {
                for third in edges {
                    for fourth in edges {
                        let bytes = [UInt8(lead), second, third, fourth]
                        if Self.check(bytes) != Self.reference(bytes) { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func randomTextAcrossWordBoundaries() {
        var random = SplitMix64(seed: 0x8)
        let pieces: [[UInt8]] = [
            [0x61], [0x0A], [0x20, 0x20, 0x20, 0x20], Array("é".utf8), Array("…".utf8), Array("😀".utf8), Array("日本".utf8),
            [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x80],
        ]
        for round in 0..<4_000 {
            var bytes: [UInt8] = []
            let count = Int(random.next() % 40)
            for _ in 0..<count {
                // Mostly valid text, so the invalid pieces land at many places.
                let piece = random.next() % 4 == 0 ? Int(random.next() % UInt64(pieces.count)) : Int(random.next() % 7)
                bytes += pieces[piece]
            }
            #expect(Self.check(bytes) == Self.reference(bytes), "round \(round): \(bytes)")
        }
    }
}
