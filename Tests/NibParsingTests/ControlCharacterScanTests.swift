import NibTestSupport
import Testing

@testable import NibParsing

/// The word-at-a-time scan for characters XML forbids finds exactly what a byte-by-byte scan
/// finds: every byte value, at every place in a word, in buffers of every length near a word.
@Suite struct ControlCharacterScanTests {
    static func reference(_ bytes: [UInt8]) -> Int? {
        bytes.firstIndex { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    static func scan(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { TextEncodingCheck.firstForbiddenControl(in: $0) }
    }

    @Test func eachByteValueAtEachPlaceIsFoundOrPassedAsByteByByte() {
        for length in 0...19 {
            for place in 0..<max(1, length) {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[place] = UInt8(value) }
                    #expect(Self.scan(bytes) == Self.reference(bytes), "length \(length), byte 0x\(value) at \(place)")
                }
            }
        }
    }

    @Test func randomTextWithLineBreaksTabsAndHighBytes() {
        var random = SplitMix64(seed: 0x20)
        let alphabet: [UInt8] = [0x09, 0x0A, 0x0D, 0x20, 0x3C, 0x61, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for _ in 0..<2_000 {
            let length = Int(random.next() % 200)
            var bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            if length > 0, random.next() % 3 == 0 { bytes[Int(random.next() % UInt64(length))] = UInt8(random.next() % 0x20) }
            #expect(Self.scan(bytes) == Self.reference(bytes))
        }
    }
}
