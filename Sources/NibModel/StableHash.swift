/// A 128-bit digest that is stable across runs, processes and platforms (unlike `Hasher`) and
/// dependency-free: two 64-bit lanes, each taking the input 8 bytes at a time (xor, multiply,
/// rotate; the last word zero-padded), then a MurmurHash3 finalizer over both. Every piece is
/// preceded by its length, so `["ab","c"]` ≠ `["a","bc"]`. Used for cache keys and page
/// fingerprints only, never for security. (It replaced byte-at-a-time FNV-1a, which cost 0.2 s
/// of a corpus site build: DOT graphs and pages run to megabytes.)
public enum StableHash {
    /// The 32-hex-digit digest of `parts`.
    public static func hex(_ parts: [String]) -> String {
        var stream = Stream()
        for part in parts { stream.add(part) }
        return stream.hex
    }

    /// The digest of a file's bytes: what a build records of an input and what a source
    /// declaration cache is keyed on, so the two must be computed the same way.
    public static func hex(bytes: UnsafeRawBufferPointer) -> String {
        var stream = Stream()
        stream.add(bytes)
        return stream.hex
    }

    /// One digest fed piece by piece (a large input is hashed without being joined into one
    /// string); the same pieces give `hex`'s digest.
    public struct Stream: Sendable {
        private var low: UInt64 = 0xCBF2_9CE4_8422_2325
        private var high: UInt64 = 0x6C62_272E_07BB_0142

        public init() {}

        /// Adds one piece: a string's UTF-8, in place when it is contiguous (native strings are).
        public mutating func add(_ piece: String) {
            var piece = piece
            piece.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        }

        /// Adds one piece.
        public mutating func add(_ piece: [UInt8]) {
            piece.withUnsafeBytes { add($0) }
        }

        /// Adds one piece.
        public mutating func add(_ piece: UnsafeRawBufferPointer) {
            mix(UInt64(piece.count))
            var offset = 0
            while offset + 8 <= piece.count {
                mix(UInt64(littleEndian: piece.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            guard offset < piece.count else { return }
            var tail: UInt64 = 0
            for index in offset..<piece.count { tail |= UInt64(piece[index]) << (8 * UInt64(index - offset)) }
            mix(tail)
        }

        private mutating func mix(_ word: UInt64) {
            low = Self.rotated((low ^ word) &* 0x9E37_79B9_7F4A_7C15, by: 31)
            high = Self.rotated((high ^ word) &* 0xC2B2_AE3D_27D4_EB4F, by: 29)
        }

        /// The digest's low 64 bits as a number (every input bit reaches every bit of it): for
        /// spreading keys over a few buckets the same way in every run, as Swift's seeded `Hasher`
        /// does not.
        public var value: UInt64 { Self.finalized(low ^ Self.rotated(high, by: 17)) }

        /// The 32-hex-digit digest of the pieces added so far.
        public var hex: String {
            let first = value
            let second = Self.finalized(high &+ first)
            return Self.hex64(second) + Self.hex64(first)
        }

        private static func rotated(_ value: UInt64, by count: UInt64) -> UInt64 { value << count | value >> (64 - count) }

        /// MurmurHash3's 64-bit finalizer: every input bit reaches every output bit.
        private static func finalized(_ value: UInt64) -> UInt64 {
            var value = value
            value ^= value >> 33
            value &*= 0xFF51_AFD7_ED55_8CCD
            value ^= value >> 33
            value &*= 0xC4CE_B9FE_1A85_EC53
            value ^= value >> 33
            return value
        }

        private static func hex64(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
