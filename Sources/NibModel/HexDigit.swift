extension UInt8 {
    /// The value of this byte as an ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), else nil:
    /// percent-escapes in links, `\U` escapes and `<data>` in property lists.
    public var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Sequence<UInt8> {
    /// The bytes as lowercase hexadecimal, two digits each (digests), made in one buffer:
    /// `String(format: "%02x")` per byte cost 14 % of the CPU of a first site build of iTerm2
    /// with its sources (65,000 string literals' digests). Inlinable, so each caller's sequence
    /// type is specialized: called through its protocol witnesses a byte at a time, it was
    /// still half the cost of saving iTerm2's source cache.
    @inlinable
    public var lowercaseHex: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            digits.append(Self.hexDigit(byte >> 4))
            digits.append(Self.hexDigit(byte & 0xF))
        }
        return String(decoding: digits, as: UTF8.self)
    }

    @usableFromInline
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
